/**
 * The order page's script, run where JavaScript is on. The page works without it: each Add,
 * Remove and Review is a submit of one plain form, which the server answers with the page
 * again. With it, Add and Remove change the cart in the browser without a round trip, each
 * item's Add button shows what it will add ("Add · $11.00"), a group's checkboxes stop at its
 * maximum, and the sticky bar keeps the count and the running total. The server prices the
 * order again from its own data at Review and at Place; the totals here are for show.
 *
 * It reads the page `OrderPage` renders (app/routes/orders/order-page.tsx): the form's
 * `data-currency` and `data-words` (what it writes, in the page's language), each item's `li[data-item]` with `data-price`, its groups' fieldsets with
 * `data-min`, `data-max` and `data-name`, and each choice's `data-change`. The cart's rules
 * (its text, merging, the 30-line limit) and messages are app/lib/order-cart.ts's, bundled in.
 */
import {
  addToCart,
  cartMessages,
  formatCart,
  ITEM_ID_PATTERN,
  itemCountText,
  MAX_LINE_QUANTITY,
  parseCart,
  type CartLanguage,
  type CartLine,
} from "~/lib/order-cart";
import { fill, type PluralWords } from "~/lib/i18n/text";
import { formatPrice } from "~/lib/price";

/**
 * The words the script writes, in the page's language: the form's `data-words`. With them,
 * the cart's refusals (a quantity out of range, a group's rule not kept).
 */
export interface OrderScriptWords extends Readonly<CartLanguage["words"]> {
  /** The page's language (its `lang`), for its plurals, numbers and prices. */
  tag: string;
  add: string;
  addForPrice: string;
  remove: string;
  removeLine: string;
  addedToOrder: string;
  removedFromOrder: string;
  itemCount: PluralWords;
}

interface ItemView {
  id: string;
  name: string;
  priceCents: number;
  root: HTMLElement;
}

/** What a line of the cart costs and says, read off the page's items. */
function describe(item: ItemView, line: CartLine) {
  const chosen = line.choiceIds.map((id) =>
    item.root.querySelector<HTMLInputElement>(`input[value="${id}"]`),
  );
  const unit =
    item.priceCents +
    chosen.reduce((sum, input) => sum + (input ? Number(input.dataset.change) : 0), 0);
  const names = chosen.map((input) =>
    input ? input.parentElement!.querySelector(".order-choice-name")!.textContent : "",
  );
  return { unit: Math.max(0, unit), names: names.filter(Boolean).join(" · ") };
}

/** The line the item's fields ask for, or the reason they cannot be added. */
export function chosenLine(
  root: HTMLElement,
  itemId: string,
  page: CartLanguage,
): CartLine | string {
  const messages = cartMessages(page);
  const quantityField = root.querySelector<HTMLInputElement>('input[type="number"]');
  const quantity = quantityField ? Number(quantityField.value) : 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return messages.quantity;
  }
  const choiceIds: string[] = [];
  for (const group of Array.from(
    root.querySelectorAll<HTMLFieldSetElement>("fieldset[data-group]"),
  )) {
    const picked = Array.from(group.querySelectorAll<HTMLInputElement>("input:checked"));
    const rule = {
      name: group.dataset.name || "",
      min: Number(group.dataset.min),
      max: Number(group.dataset.max),
    };
    const problem = messages.group(rule, picked.length);
    if (problem) return problem;
    picked.forEach((input) => choiceIds.push(input.value));
  }
  return { itemId, quantity, choiceIds };
}

export function enhanceOrderForm(form: HTMLFormElement): void {
  const currency = form.dataset.currency || "USD";
  const cartField = form.querySelector<HTMLInputElement>('input[name="cart"]')!;
  const seenField = form.querySelector<HTMLInputElement>('input[name="seenTotal"]')!;
  const list = form.querySelector<HTMLElement>("[data-cart-lines]")!;
  const empty = form.querySelector<HTMLElement>(".order-cart-empty")!;
  const subtotal = form.querySelector<HTMLElement>("[data-subtotal]")!;
  const bar = form.querySelector<HTMLElement>("[data-order-bar]")!;
  const barCount = form.querySelector<HTMLElement>("[data-bar-count]")!;
  const barTotal = form.querySelector<HTMLElement>("[data-bar-total]")!;
  const announce = form.querySelector<HTMLElement>("[data-cart-announce]")!;
  const words = JSON.parse(form.dataset.words!) as OrderScriptWords;
  const page: CartLanguage = { language: { tag: words.tag }, words };
  const price = (cents: number) =>
    formatPrice(cents, currency, words.tag === "en" ? undefined : words.tag);
  const countText = () => itemCountText(cart, words.itemCount, words.tag);

  // Each item is read when first needed, not at start: a page of 50 items with their choices
  // must not spend its first frames walking them (docs/decisions/0024-public-page-scripts-at-load.md).
  const items = new Map<string, ItemView | null>();
  const itemOf = (root: HTMLElement | null): ItemView | null => {
    const id = root?.dataset.item;
    return id === undefined ? null : itemWithId(id);
  };
  const itemWithId = (id: string): ItemView | null => {
    let item = items.get(id);
    if (item === undefined) {
      // Ids are letters and digits (the cart's own pattern): nothing to escape in a selector.
      const root = ITEM_ID_PATTERN.test(id)
        ? form.querySelector<HTMLElement>(`li[data-item="${id}"]`)
        : null;
      item = root && {
        id,
        root,
        name: root.querySelector(".order-item-name")!.textContent || "",
        priceCents: Number(root.dataset.price),
      };
      items.set(id, item);
    }
    return item;
  };
  let cart = parseCart(cartField.value) || [];

  function render() {
    cartField.value = formatCart(cart);
    let total = 0;
    const rows = cart.map((line, index) => {
      const item = itemWithId(line.itemId);
      const row = document.createElement("li");
      row.className = "order-line";
      if (!item) return row;
      const { unit, names } = describe(item, line);
      total += unit * line.quantity;
      const quantity = document.createElement("span");
      quantity.className = "order-line-quantity";
      quantity.textContent = `${line.quantity}×`;
      const name = document.createElement("span");
      name.className = "order-line-name";
      name.textContent = item.name;
      if (names) {
        const choices = document.createElement("span");
        choices.className = "order-line-choices";
        choices.textContent = names;
        name.append(choices);
      }
      const cost = document.createElement("span");
      cost.className = "order-line-price";
      cost.textContent = price(unit * line.quantity);
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "order-remove";
      remove.textContent = words.remove;
      remove.setAttribute("aria-label", fill(words.removeLine, { name: item.name }));
      remove.addEventListener("click", () => {
        cart = cart.filter((_, at) => at !== index);
        render();
        announce.textContent = fill(words.removedFromOrder, {
          name: item.name,
          items: countText(),
        });
      });
      row.append(quantity, name, cost, remove);
      return row;
    });
    list.replaceChildren(...rows);
    empty.hidden = cart.length > 0;
    bar.hidden = cart.length === 0;
    subtotal.textContent = price(total);
    barCount.textContent = countText();
    barTotal.textContent = price(total);
    seenField.value = String(total);
  }

  /** The item's Add button says what it adds; a full group's other boxes rest. */
  function refreshItem(item: ItemView) {
    item.root.querySelectorAll<HTMLFieldSetElement>("fieldset[data-group]").forEach((group) => {
      const max = Number(group.dataset.max);
      const boxes = Array.from(group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
      const full = boxes.filter((box) => box.checked).length >= max;
      boxes.forEach((box) => {
        if (!box.closest(".is-sold-out")) box.disabled = full && !box.checked;
      });
    });
    const button = item.root.querySelector<HTMLButtonElement>('button[name="add"]');
    const line = chosenLine(item.root, item.id, page);
    if (button) {
      button.textContent =
        typeof line === "string"
          ? words.add
          : fill(words.addForPrice, { price: price(describe(item, line).unit * line.quantity) });
    }
  }

  function showError(item: ItemView, message: string) {
    const error = item.root.querySelector<HTMLElement>(".order-item-error")!;
    error.textContent = message;
    error.hidden = message === "";
  }

  function add(item: ItemView) {
    const line = chosenLine(item.root, item.id, page);
    if (typeof line === "string") return showError(item, line);
    const next = addToCart(cart, line);
    if (!next) return showError(item, cartMessages(page).tooManyLines);
    showError(item, "");
    cart = next;
    render();
    // The item starts again as the page first showed it, as it does after a round trip.
    item.root.querySelectorAll<HTMLInputElement>("input").forEach((input) => {
      if (input.type === "number") input.value = input.defaultValue;
      else input.checked = input.defaultChecked;
    });
    refreshItem(item);
    announce.textContent = fill(words.addedToOrder, {
      quantity: line.quantity,
      name: item.name,
      items: countText(),
    });
  }

  form.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[name="add"]');
    const item = button && itemOf(button.closest<HTMLElement>("li[data-item]"));
    if (!item) return;
    event.preventDefault();
    add(item);
  });
  form.addEventListener("input", (event) => {
    const item = itemOf((event.target as Element).closest<HTMLElement>("li[data-item]"));
    if (item) refreshItem(item);
  });
  // Enter in a quantity adds that item, not the first item of the page.
  form.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || !(target instanceof HTMLInputElement)) return;
    const item = itemOf(target.closest<HTMLElement>("li[data-item]"));
    if (!item) return;
    event.preventDefault();
    add(item);
  });
  // Each Add button names its price once its item comes near the screen, from what is chosen
  // then (a form the browser restored included); the server wrote the rest of the page as the
  // script would, so an empty cart needs no drawing.
  const nearScreen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearScreen.unobserve(entry.target);
        const item = itemOf(entry.target as HTMLElement);
        if (item) refreshItem(item);
      }
    },
    { rootMargin: "50% 0px" },
  );
  form.querySelectorAll("li[data-item]").forEach((root) => nearScreen.observe(root));
  if (cart.length > 0) render();
  form.classList.add("order-js");
}
