/**
 * The public shop page's only JavaScript: instant filtering, the item dialog and its
 * photo carousel, layered over markup the server has already rendered so that the page
 * works without it (a GET form, item links, an open `<dialog>` for `?item=`).
 *
 * How it ships: app/sites/shoppy/shop-page-script.browser.ts calls `enhanceShop` with these
 * rules, and esbuild bundles that entry at build time into one minified program, which the
 * page embeds as an inline `<script>` (the module `virtual:shop-page-script`, see
 * app/sites/browser-scripts.build.ts). So the page needs no React on the client and
 * no extra request on a weak signal, and the whole script weighs a few kilobytes (a unit
 * test keeps it under the 15 KB gzip budget). The shared rules (search folding, the count
 * line, the photo texts) are passed to `enhanceShop` as arguments, so the server and the
 * browser run the same code. `readShopItems`, `buildShopItemDetail`, the payment links and
 * the photo texts take nothing from outside their parameters (not even a module's constant):
 * tests/e2e/shop-item-detail.spec.tsx runs them in the browser on their own.
 *
 * The item dialog is built in the browser from one skeleton of the detail, rendered by the
 * server (`PublicShopPage`), and the item's facts as the page already holds them: its card
 * and its Product in the page's JSON-LD (`readShopItems`). A rendered copy of every item's
 * detail made up most of the page's bytes and of its render time on every uncached view,
 * and a JSON copy of every item's facts repeated the JSON-LD.
 */
import type { LanguageFormats, PluralWords } from "~/lib/i18n/text";
import type { SizeOffer, sizesLine } from "~/lib/option-lines";

/** What a search and the tag filter look at. */
export interface ShopFilterable {
  name: string;
  description: string;
  tags: readonly string[];
}

/**
 * The shop's filter rule: the item has ANY of the chosen tags (no tag chosen: every item),
 * AND the query is in its name, description or one of its tags (folded by `fold`, so case
 * and accents are ignored). Tags compare ignoring case, as the shop's tag list does.
 */
export function matchesShopFilters(
  item: ShopFilterable,
  chosenTags: readonly string[],
  query: string,
  fold: (text: string) => string,
): boolean {
  if (chosenTags.length > 0) {
    const own = item.tags.map((tag) => tag.toLowerCase());
    if (!chosenTags.some((tag) => own.indexOf(tag.toLowerCase()) !== -1)) return false;
  }
  const needle = fold(query.trim());
  if (needle === "") return true;
  return [item.name, item.description]
    .concat(item.tags)
    .some((text) => fold(text).indexOf(needle) !== -1);
}

/**
 * The words the script writes, in the page's language: the root's `data-words`, which the
 * server writes from its catalogue (`shopScriptWords`). The functions below read them here
 * rather than from a module, so that each stands alone (see above).
 */
export interface ShopScriptWords {
  /** The page's language (its `lang`), for its plurals and numbers. */
  tag: string;
  itemCount: PluralWords;
  itemCountFiltered: PluralWords;
  photoOf: string;
  photoAlt: string;
  photosOf: string;
  photosHint: PluralWords;
  photoNumber: string;
  soldOutChoice: string;
}

/** "12 items" when all show, else "3 of 12 items". */
export function shopCountText(
  words: ShopScriptWords,
  shown: number,
  total: number,
  /**
   * The language's plural rules and numbers. The server passes those it made once
   * (`languageFormats`): making them costs far more than the line, on every uncached view.
   */
  formats: LanguageFormats = {
    rules: new Intl.PluralRules(words.tag),
    number: new Intl.NumberFormat(words.tag),
  },
): string {
  const forms = shown === total ? words.itemCount : words.itemCountFiltered;
  return (forms[formats.rules.select(total)] || forms.other)
    .replace("{shown}", formats.number.format(shown))
    .replace("{count}", formats.number.format(total));
}

/** "Photo 2 of 3", for the carousel's live region; `index` counts from 0. */
export function photoText(words: ShopScriptWords, index: number, count: number): string {
  return words.photoOf.replace("{number}", String(index + 1)).replace("{count}", String(count));
}

/** A photo's alt text: "Mug, photo 2 of 3" among several, the item's name alone for one. */
export function photoAlt(
  words: ShopScriptWords,
  name: string,
  index: number,
  count: number,
): string {
  return count > 1
    ? words.photoAlt
        .replace("{number}", String(index + 1))
        .replace("{count}", String(count))
        .replace("{name}", () => name)
    : name;
}

/** The carousel's own label: "Photos of Mug". */
export function photosLabel(words: ShopScriptWords, name: string): string {
  return words.photosOf.replace("{name}", () => name);
}

/** The line under several photos, for the page without script (which scrolls them). */
export function photosHint(
  words: ShopScriptWords,
  count: number,
  /** The language's plural rules: the server passes those it made once, as for the count. */
  rules = new Intl.PluralRules(words.tag),
): string {
  const forms = words.photosHint;
  return (forms[rules.select(count)] || forms.other).replace("{count}", String(count));
}

/** A carousel dot's label: "Photo 2"; `index` counts from 0. */
export function photoDotLabel(words: ShopScriptWords, index: number): string {
  return words.photoNumber.replace("{number}", String(index + 1));
}

/**
 * PayPal.me's link for a price, in the SPEC'd form https://paypal.me/{user}/{price}: the
 * amount as `priceAmount` writes it (the JSON-LD's Offer price), followed by the currency's
 * code unless it is US dollars ("…/12.50EUR", "…/1500JPY"), which PayPal.me reads as the
 * currency to ask for.
 */
export function paypalLink(username: string, amount: string, currency: string): string {
  const code = currency === "USD" ? "" : currency;
  return `https://paypal.me/${encodeURIComponent(username)}/${amount}${code}`;
}

/**
 * Venmo's web payment link with the amount and a note naming the item. Venmo pays in US
 * dollars only: for a price in another currency the link fills in no amount (a wrong one
 * would be worse), and the note carries the price as the shop shows it (`shown`) instead.
 */
export function venmoLink(
  username: string,
  note: string,
  price: { amount: string; currency: string; shown: string },
): string {
  const query = new URLSearchParams(
    price.currency === "USD"
      ? { txn: "pay", amount: price.amount, note }
      : { txn: "pay", note: `${note} (${price.shown})` },
  );
  return `https://venmo.com/${encodeURIComponent(username)}?${query.toString()}`;
}

/**
 * One item as `buildShopItemDetail` takes it: what its detail shows that the skeleton
 * cannot, ready to display. Empty parts are left out: no `description` for "", no `tags` or
 * `photos` for none, `soldOut` only when true, and a payment link only when the detail
 * offers it (in stock, and the shop has that handle).
 */
export interface ShopItemData {
  id: string;
  name: string;
  /** Formatted by the server ("$12.50"). */
  price: string;
  description?: string;
  tags?: string[];
  soldOut?: true;
  photos?: string[];
  /** Its groups of options, each in one line, as `shopOptionLines` writes them for the server. */
  options?: Array<{ name: string; value: string }>;
  paypal?: string;
  venmo?: string;
}

/**
 * The rules `readShopItems` shares with the server, which builds the same payment links and
 * lists an item's sizes in the same words (app/lib/option-lines.ts).
 */
export interface ShopDataRules {
  words: ShopScriptWords;
  paypalLink: typeof paypalLink;
  venmoLink: typeof venmoLink;
  sizesLine: typeof sizesLine;
}

/** An item as the page's JSON-LD describes it (`shopJsonLd`), as far as the script reads it. */
interface ShopProductLd {
  name: string;
  /** The item's own address, relative to the page (`?item=`): its parameter is the id. */
  url: string;
  /** The photos' addresses as the page's images give them. */
  image?: string[];
  description?: string;
  keywords?: string[];
  /**
   * Each group of its options: its sizes valued by their names (their Offers price them),
   * each other group by its choices in one line.
   */
  additionalProperty?: Array<{ name: string; value: string | string[] }>;
  /** One Offer, or one per size, named after it (each sold out with the item). */
  offers: ShopOfferLd | ShopOfferLd[];
}

/** An Offer; an item's says whether it is in stock, a size's only when it is not. */
type ShopOfferLd = SizeOffer;

/**
 * Each card's item (`li[data-item]`, in page order) as its detail shows it, read from what
 * the page holds once rather than from a copy of its own: the Product the JSON-LD lists for
 * it gives the name, description, tags (`keywords`), photos (`image`), options (each group
 * of `additionalProperty` in a line; the sizes' line is made of their Offers, each at its
 * price, marked when out of stock) and whether it is sold out; the card gives the price as
 * the server formats it. The payment links are made as the server makes them, from the
 * shop's handles (the root's `data-paypal` and `data-venmo`), the Offer's amount (the
 * lowest size's, for an item with sizes) and currency, and that price.
 */
export function readShopItems(root: Element, rules: ShopDataRules): ShopItemData[] {
  const ld = JSON.parse(root.querySelector('script[type="application/ld+json"]')!.textContent) as {
    hasOfferCatalog?: { itemListElement: Array<{ item: ShopProductLd }> };
  };
  const products = new Map<string, ShopProductLd>();
  (ld.hasOfferCatalog ? ld.hasOfferCatalog.itemListElement : []).forEach(({ item }) =>
    products.set(new URL(item.url, location.href).searchParams.get("item")!, item),
  );
  const paypal = root.getAttribute("data-paypal");
  const venmo = root.getAttribute("data-venmo");

  return Array.from(root.querySelectorAll("li[data-item]"), (card) => {
    const id = card.getAttribute("data-item")!;
    const product = products.get(id)!;
    const offers = ([] as ShopOfferLd[]).concat(product.offers);
    const offer = offers.reduce((low, next) => (+next.price < +low.price ? next : low));
    const shown = card.querySelector(".shop-card-price")!.textContent;
    const soldOut = offer.availability === "https://schema.org/SoldOut";
    const photos = product.image || [];
    const groups = product.additionalProperty || [];
    const item: ShopItemData = { id, name: product.name, price: shown };
    if (product.description) item.description = product.description;
    if (product.keywords && product.keywords.length) item.tags = product.keywords;
    if (soldOut) item.soldOut = true;
    if (photos.length) item.photos = photos;
    // The sizes are the group valued by their names: their Offers give each its price.
    if (groups.length)
      item.options = groups.map(({ name, value }) => ({
        name,
        value:
          typeof value == "string"
            ? value
            : rules.sizesLine(offers, rules.words.tag, rules.words.soldOutChoice),
      }));
    // As on the server: no payment for an item sold out.
    if (!soldOut && paypal)
      item.paypal = rules.paypalLink(paypal, offer.price, offer.priceCurrency);
    if (!soldOut && venmo) {
      const price = { amount: offer.price, currency: offer.priceCurrency, shown };
      item.venmo = rules.venmoLink(venmo, product.name, price);
    }
    return item;
  });
}

/** The texts a detail shows around its photos, shared by the server and the script. */
export interface ShopDetailTexts {
  words: ShopScriptWords;
  photoText: typeof photoText;
  photoAlt: typeof photoAlt;
  photosLabel: typeof photosLabel;
  photosHint: typeof photosHint;
  photoDotLabel: typeof photoDotLabel;
}

/**
 * An item's detail, built from the skeleton the server renders (`ShopItemDetail` for a
 * placeholder item that has every optional part, then a spare Sold Out badge and the
 * no-photo frame) and the item's data, to the very markup `ShopItemDetail` renders for
 * the item open (its first photo without `loading`, the others lazy).
 *
 * Only DOM calls (clone, set text or attribute, remove), never markup from data: the
 * item's text can hold anything. Each part is trimmed to what the server renders for the
 * item: no description, tags, options or payment links it has none of, carousel controls
 * only for two photos or more, and the no-photo frame for none.
 */
export function buildShopItemDetail(
  skeleton: DocumentFragment,
  item: ShopItemData,
  text: ShopDetailTexts,
): HTMLElement {
  const detail = skeleton.querySelector(".shop-detail")!.cloneNode(true) as HTMLElement;
  const part = (selector: string) => detail.querySelector<HTMLElement>(selector)!;
  // Copies of `model`, one per value, in place of the model and its siblings.
  const repeat = <T>(
    model: Element,
    values: T[],
    fill: (copy: HTMLElement, value: T, n: number) => void,
  ) =>
    model.parentElement!.replaceChildren(
      ...values.map((value, n) => {
        const copy = model.cloneNode(true) as HTMLElement;
        fill(copy, value, n);
        return copy;
      }),
    );

  part(".shop-detail-name").textContent = item.name;
  const price = part(".shop-detail-price");
  price.firstElementChild!.textContent = item.price;
  if (item.soldOut) price.append(skeleton.querySelector(".shop-badge")!.cloneNode(true));

  const description = part(".shop-detail-description");
  if (item.description) description.textContent = item.description;
  else description.remove();

  const tags = item.tags || [];
  const tagList = part(".shop-detail-tags");
  if (tags.length) repeat(tagList.firstElementChild!, tags, (li, tag) => (li.textContent = tag));
  else tagList.remove();

  const options = item.options || [];
  const optionList = part(".shop-detail-options");
  if (options.length)
    repeat(optionList.firstElementChild!, options, (row, line) => {
      row.firstElementChild!.textContent = line.name;
      row.lastElementChild!.textContent = line.value;
    });
  else optionList.remove();

  // The skeleton's links are PayPal's, then Venmo's, as the server orders them.
  const links = Array.from(detail.querySelectorAll(".shop-pay-link"));
  [item.paypal, item.venmo].forEach((href, n) =>
    href ? links[n]!.setAttribute("href", href) : links[n]!.remove(),
  );
  if (!item.paypal && !item.venmo) part(".shop-pay").remove();

  const photos = item.photos || [];
  const count = photos.length;
  const media = part(".shop-carousel");
  if (count === 0) {
    media.replaceWith(
      skeleton.querySelector(".shop-photo-placeholder")!.parentElement!.cloneNode(true),
    );
    return detail;
  }
  media.setAttribute("aria-label", text.photosLabel(text.words, item.name));
  repeat(part(".shop-slide"), photos, (slide, src, n) => {
    const img = slide.querySelector("img")!;
    img.setAttribute("src", src);
    img.setAttribute("alt", text.photoAlt(text.words, item.name, n, count));
    if (n === 0) img.removeAttribute("loading");
  });
  if (count === 1) {
    part(".shop-carousel-hint").remove();
    part(".shop-carousel-controls").remove();
    return detail;
  }
  part(".shop-carousel-hint").textContent = text.photosHint(text.words, count);
  repeat(part(".shop-carousel-dots button"), photos, (dot, _src, n) => {
    dot.setAttribute("aria-label", text.photoDotLabel(text.words, n));
    if (n > 0) dot.removeAttribute("aria-current");
  });
  part(".shop-carousel-status").textContent = text.photoText(text.words, 0, count);
  return detail;
}

export interface ShopScriptHelpers extends ShopDetailTexts, ShopDataRules {
  matches: typeof matchesShopFilters;
  fold: (text: string) => string;
  countText: typeof shopCountText;
  read: typeof readShopItems;
  build: typeof buildShopItemDetail;
}

/** A card of the list, with its item as `readShopItems` reads it. */
interface ShopCard {
  id: string;
  card: HTMLElement;
  item: ShopItemData;
  link: HTMLAnchorElement;
  facts: ShopFilterable;
}

/**
 * Enhances the page rendered by `PublicShopPage`:
 * - the filter form applies as the visitor types or ticks, and the address follows
 *   (`history.replaceState`), so reload and sharing keep the filters;
 * - an item link opens the item in the `<dialog>` (`showModal`: focus stays inside,
 *   Escape closes) and pushes its `?item=` address, so Back closes it; closing returns
 *   focus to the item's card. The detail is built by `helpers.build` from the skeleton
 *   `<template>` and the item's facts, which `helpers.read` finds in its card and the
 *   JSON-LD;
 * - the carousel moves by its arrows, the Left and Right keys, its dots and a swipe
 *   longer than `swipeThreshold` pixels.
 * Every control it drives exists without it; it marks the page `.shop-js` only once all
 * is wired, so a failure half-way leaves the plain page, which works.
 */
export function enhanceShop(rules: Omit<ShopScriptHelpers, "words">, swipeThreshold: number): void {
  const root = document.querySelector<HTMLElement>("[data-shop]");
  const dialog = root && root.querySelector<HTMLDialogElement>("dialog.shop-dialog");
  const form = root && root.querySelector<HTMLFormElement>("form.shop-filters");
  if (!root || !dialog || !form || typeof dialog.showModal !== "function") return;
  const words = JSON.parse(root.getAttribute("data-words")!) as ShopScriptWords;
  const helpers: ShopScriptHelpers = { ...rules, words };

  const search = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const boxes = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="tag"]'));
  const clear = form.querySelector<HTMLAnchorElement>("a.shop-clear");
  const count = root.querySelector<HTMLElement>(".shop-count")!;
  const empty = root.querySelector<HTMLElement>(".shop-empty")!;
  const content = dialog.querySelector<HTMLElement>(".shop-dialog-content")!;
  const closeLink = dialog.querySelector<HTMLAnchorElement>("a.shop-dialog-close")!;
  const skeleton = root.querySelector<HTMLTemplateElement>("template#shop-item-skeleton")!.content;
  const path = location.pathname;

  // Each card with its item's facts, which the filter reads (name, description and tags)
  // and the dialog shows: read at the first filter or item opened, not while the page loads,
  // where reading 50 items was the load's longest task on a phone.
  let cards: ShopCard[] | undefined;
  const cardsOf = (): ShopCard[] => {
    if (cards) return cards;
    const items = helpers.read(root, helpers);
    return (cards = Array.from(root.querySelectorAll<HTMLElement>("li[data-item]"), (card, n) => {
      const item = items[n]!;
      return {
        id: item.id,
        card,
        item,
        link: card.querySelector("a")!,
        facts: { name: item.name, description: item.description || "", tags: item.tags || [] },
      };
    }));
  };

  let openId: string | null = null;
  let opener: HTMLElement | null = null;
  // Moves to the photo on the left (or the right) of the one shown.
  let step: ((towardsLeft: boolean) => void) | null = null;

  const chosenTags = () => boxes.filter((box) => box.checked).map((box) => box.value);
  // The same address the server builds (shopHref): tags, then q, then item.
  const addressOf = (tags: string[], itemId: string | null) => {
    const params = new URLSearchParams();
    tags.forEach((tag) => params.append("tag", tag));
    const query = search.value.trim();
    if (query) params.set("q", query);
    if (itemId) params.set("item", itemId);
    const text = params.toString();
    return text ? `${path}?${text}` : path;
  };

  function applyFilters() {
    const tags = chosenTags();
    let shown = 0;
    const list = cardsOf();
    list.forEach((entry) => {
      const visible = helpers.matches(entry.facts, tags, search.value, helpers.fold);
      entry.card.hidden = !visible;
      if (visible) shown++;
      entry.link.href = addressOf(tags, entry.id);
    });
    empty.hidden = shown > 0;
    count.textContent = helpers.countText(words, shown, list.length);
    if (clear) clear.href = addressOf([], null);
    closeLink.href = addressOf(tags, null);
    history.replaceState(history.state, "", addressOf(tags, openId));
  }

  function setUpCarousel(scope: HTMLElement) {
    step = null;
    const box = scope.querySelector<HTMLElement>(".shop-carousel");
    if (!box) return;
    const viewport = box.querySelector<HTMLElement>(".shop-carousel-viewport")!;
    const track = box.querySelector<HTMLElement>(".shop-carousel-track")!;
    const slides = Array.from(track.children) as HTMLElement[];
    const dots = Array.from(box.querySelectorAll<HTMLButtonElement>(".shop-carousel-dots button"));
    const status = box.querySelector<HTMLElement>(".shop-carousel-status");
    const total = slides.length;
    if (total < 2) return;
    let index = 0;
    // On a right-to-left page the first photo is at the right and the next one to its left.
    const along = document.documentElement.dir == "rtl" ? 1 : -1;

    const show = (next: number) => {
      index = (next + total) % total;
      track.style.transform = `translateX(${along * 100 * index}%)`;
      slides.forEach((slide, n) => slide.setAttribute("aria-hidden", String(n !== index)));
      dots.forEach((dot, n) =>
        n === index
          ? dot.setAttribute("aria-current", "true")
          : dot.removeAttribute("aria-current"),
      );
      if (status) status.textContent = helpers.photoText(words, index, total);
    };
    step = (towardsLeft) => show(index + (towardsLeft ? along : -along));
    box.querySelector(".shop-carousel-prev")!.addEventListener("click", () => show(index - 1));
    box.querySelector(".shop-carousel-next")!.addEventListener("click", () => show(index + 1));
    dots.forEach((dot, n) => dot.addEventListener("click", () => show(n)));

    // A swipe (finger, pen or mouse): the photo follows the pointer, then moves on only
    // past the threshold, else springs back. Vertical pans stay the browser's (CSS
    // touch-action: pan-y), which cancels the pointer.
    let startX: number | null = null;
    let pointerId = -1;
    viewport.addEventListener("pointerdown", (event) => {
      if (!event.isPrimary || event.button !== 0) return;
      startX = event.clientX;
      pointerId = event.pointerId;
      try {
        viewport.setPointerCapture(pointerId);
      } catch {
        // Synthetic events have no pointer to capture; moves still arrive here.
      }
      track.style.transition = "none";
    });
    viewport.addEventListener("pointermove", (event) => {
      if (startX === null || event.pointerId !== pointerId) return;
      track.style.transform = `translateX(calc(${along * 100 * index}% + ${event.clientX - startX}px))`;
    });
    const end = (event: PointerEvent) => {
      if (startX === null || event.pointerId !== pointerId) return;
      const dx = event.type === "pointerup" ? event.clientX - startX : 0;
      startX = null;
      track.style.transition = "";
      show(Math.abs(dx) > swipeThreshold ? index + (dx * along > 0 ? 1 : -1) : index);
    };
    viewport.addEventListener("pointerup", end);
    viewport.addEventListener("pointercancel", end);
    show(0);
  }

  function openItem(id: string, push: boolean): boolean {
    const entry = cardsOf().find((candidate) => candidate.id === id);
    if (!entry) return false;
    content.replaceChildren(helpers.build(skeleton, entry.item, helpers));
    // Once an item is open, all its photos load, so the next one is there when the
    // visitor swipes.
    content.querySelectorAll("img").forEach((img) => (img.loading = "eager"));
    setUpCarousel(content);
    closeLink.href = addressOf(chosenTags(), null);
    if (!dialog!.open) dialog!.showModal();
    openId = id;
    if (push) history.pushState({ shopItem: id }, "", addressOf(chosenTags(), id));
    return true;
  }

  // Every way of closing ends here: Escape, the Close link, the backdrop, Back.
  dialog.addEventListener("close", () => {
    if (dialog.open) return; // reopened as a modal at start-up
    const id = openId;
    openId = null;
    step = null;
    content.replaceChildren();
    if (new URLSearchParams(location.search).has("item")) {
      // Our own entry goes back to the list's; a shared item link becomes the list's address.
      if (history.state && (history.state as { shopItem?: string }).shopItem) history.back();
      else history.replaceState(null, "", addressOf(chosenTags(), null));
    }
    const card = cardsOf().find((entry) => entry.id === id);
    const target = opener || (card ? card.link : null);
    opener = null;
    if (target) target.focus();
  });
  dialog.addEventListener("keydown", (event) => {
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    step(event.key === "ArrowLeft");
  });
  // A press and release on the backdrop (outside the dialog's box) closes it.
  let pressedBackdrop = false;
  dialog.addEventListener("pointerdown", (event) => {
    pressedBackdrop = event.target === dialog;
  });
  dialog.addEventListener("click", (event) => {
    if (pressedBackdrop && event.target === dialog) dialog.close();
    pressedBackdrop = false;
  });
  // Each handler below cancels the link or form only after its own work succeeded, so
  // if anything throws, the browser follows the link or sends the form as without script.
  closeLink.addEventListener("click", (event) => {
    dialog.close();
    event.preventDefault();
  });
  addEventListener("popstate", () => {
    const id = new URLSearchParams(location.search).get("item");
    if (id && id !== openId) openItem(id, false);
    else if (!id && dialog.open) dialog.close();
  });

  form.addEventListener("input", applyFilters);
  form.addEventListener("change", applyFilters);
  form.addEventListener("submit", (event) => {
    applyFilters();
    event.preventDefault();
  });
  if (clear) {
    clear.addEventListener("click", (event) => {
      boxes.forEach((box) => (box.checked = false));
      applyFilters();
      event.preventDefault();
    });
  }

  // The server opened an item (`?item=`) as a plain open dialog: reopen it as a modal.
  if (dialog.open) {
    const id = new URLSearchParams(location.search).get("item");
    dialog.close();
    if (id) openItem(id, false);
  }
  // Browsers may restore ticked boxes and typed text on Back; show what the form says. The
  // list the server rendered already shows what the form says as it was sent.
  if (
    search.value !== search.defaultValue ||
    boxes.some((box) => box.checked !== box.defaultChecked)
  )
    applyFilters();

  root.addEventListener("click", (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = (event.target as Element).closest("a");
    const card = link && link.closest("li[data-item]");
    if (!card || dialog.open) return;
    opener = link;
    if (openItem(card.getAttribute("data-item")!, true)) event.preventDefault();
  });
  root.classList.add("shop-js");
}
