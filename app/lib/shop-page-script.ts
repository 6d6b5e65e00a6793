/**
 * The public shop page's only JavaScript: instant filtering, the item dialog and its
 * photo carousel, layered over markup the server has already rendered so that the page
 * works without it (a GET form, item links, an open `<dialog>` for `?item=`).
 *
 * How it ships: `app/lib/shop.ts` serialises these functions with
 * `Function.prototype.toString` into one inline `<script>` at the end of the page.
 * Vite compiles this module with the server bundle, so the page needs no client build of
 * its own, no React on the client and no extra request on a weak signal, and the whole
 * script weighs a few kilobytes (a unit test keeps it under the 15 KB gzip budget).
 * The price: every function here must be self-contained. No imports, no module-level
 * constants, nothing from outside but its parameters and browser globals; the shared
 * rules (search folding, the count line, the photo label) are passed in as arguments,
 * so the server and the browser run the same code.
 */

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

/** "12 items" when all show, else "3 of 12 items". */
export function shopCountText(shown: number, total: number): string {
  const noun = total === 1 ? "item" : "items";
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}

/** "Photo 2 of 3", for the carousel's live region; `index` counts from 0. */
export function photoText(index: number, count: number): string {
  return `Photo ${index + 1} of ${count}`;
}

export interface ShopScriptHelpers {
  matches: typeof matchesShopFilters;
  fold: (text: string) => string;
  countText: typeof shopCountText;
  photoText: typeof photoText;
}

/**
 * Enhances the page rendered by `PublicShopPage`:
 * - the filter form applies as the visitor types or ticks, and the address follows
 *   (`history.replaceState`), so reload and sharing keep the filters;
 * - an item link opens the item in the `<dialog>` (`showModal`: focus stays inside,
 *   Escape closes) and pushes its `?item=` address, so Back closes it; closing returns
 *   focus to the item's card;
 * - the carousel moves by its arrows, the Left and Right keys, its dots and a swipe
 *   longer than `swipeThreshold` pixels.
 * Every control it drives exists without it; it marks the page `.shop-js` only once all
 * is wired, so a failure half-way leaves the plain page, which works.
 */
export function enhanceShop(helpers: ShopScriptHelpers, swipeThreshold: number): void {
  const root = document.querySelector<HTMLElement>("[data-shop]");
  const dialog = root && root.querySelector<HTMLDialogElement>("dialog.shop-dialog");
  const form = root && root.querySelector<HTMLFormElement>("form.shop-filters");
  if (!root || !dialog || !form || typeof dialog.showModal !== "function") return;

  const search = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const boxes = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="tag"]'));
  const clear = form.querySelector<HTMLAnchorElement>("a.shop-clear");
  const count = root.querySelector<HTMLElement>(".shop-count")!;
  const empty = root.querySelector<HTMLElement>(".shop-empty")!;
  const content = dialog.querySelector<HTMLElement>(".shop-dialog-content")!;
  const closeLink = dialog.querySelector<HTMLAnchorElement>("a.shop-dialog-close")!;
  const path = location.pathname;

  // Each card with what the filter reads: its name and tags, and the description from
  // the item's detail template.
  const cards = Array.from(root.querySelectorAll<HTMLElement>("li[data-item]")).map((card) => {
    const id = card.getAttribute("data-item")!;
    const template = document.getElementById(`shop-item-${id}`) as HTMLTemplateElement;
    const description = template.content.querySelector(".shop-detail-description");
    const name = card.querySelector(".shop-card-name");
    return {
      id,
      card,
      template,
      link: card.querySelector("a")!,
      facts: {
        name: name ? name.textContent || "" : "",
        description: description ? description.textContent || "" : "",
        tags: JSON.parse(card.getAttribute("data-tags") || "[]") as string[],
      },
    };
  });

  let openId: string | null = null;
  let opener: HTMLElement | null = null;
  let step: ((by: number) => void) | null = null;

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
    cards.forEach((entry) => {
      const visible = helpers.matches(entry.facts, tags, search.value, helpers.fold);
      entry.card.hidden = !visible;
      if (visible) shown++;
      entry.link.href = addressOf(tags, entry.id);
    });
    empty.hidden = shown > 0;
    count.textContent = helpers.countText(shown, cards.length);
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

    const show = (next: number) => {
      index = (next + total) % total;
      track.style.transform = `translateX(${-100 * index}%)`;
      slides.forEach((slide, n) => slide.setAttribute("aria-hidden", String(n !== index)));
      dots.forEach((dot, n) =>
        n === index
          ? dot.setAttribute("aria-current", "true")
          : dot.removeAttribute("aria-current"),
      );
      if (status) status.textContent = helpers.photoText(index, total);
    };
    step = (by) => show(index + by);
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
      track.style.transform = `translateX(calc(${-100 * index}% + ${event.clientX - startX}px))`;
    });
    const end = (event: PointerEvent) => {
      if (startX === null || event.pointerId !== pointerId) return;
      const dx = event.type === "pointerup" ? event.clientX - startX : 0;
      startX = null;
      track.style.transition = "";
      show(Math.abs(dx) > swipeThreshold ? index + (dx < 0 ? 1 : -1) : index);
    };
    viewport.addEventListener("pointerup", end);
    viewport.addEventListener("pointercancel", end);
    show(0);
  }

  function openItem(id: string, push: boolean): boolean {
    const entry = cards.find((candidate) => candidate.id === id);
    if (!entry) return false;
    content.replaceChildren(entry.template.content.cloneNode(true));
    // The templates' photos are lazy so the page never preloads them; once an item is
    // open, all its photos load, so the next one is there when the visitor swipes.
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
      if (history.state && history.state.shopItem) history.back();
      else history.replaceState(null, "", addressOf(chosenTags(), null));
    }
    const card = cards.find((entry) => entry.id === id);
    const target = opener || (card ? card.link : null);
    opener = null;
    if (target) target.focus();
  });
  dialog.addEventListener("keydown", (event) => {
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? -1 : 1);
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
  // Browsers may restore ticked boxes and typed text on Back; show what the form says.
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
