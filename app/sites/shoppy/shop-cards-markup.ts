/**
 * The shop's item cards: the part of the shop page that grows with the shop, written as
 * templates (app/lib/markup.ts) rather than React components, as the menu's dishes are
 * (docs/decisions/0019-item-lists-as-html-templates.md). The page around them
 * (./public-shop.tsx) is React; the markup is the same as it was, and the page's script
 * reads each card (`readShopItems` in ./shop-page-script.ts).
 */
import type { OptionGroup } from "~/lib/item-options";
import { shownItemPrice } from "~/lib/item-options-display";
import { HIDDEN_ATTRIBUTE, markup, MarkupList, type Markup } from "~/lib/markup";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { shopHref, type ShopFilters } from "./shop";

export interface PublicShopItem {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  tags: string[];
  soldOut: boolean;
  /** Sizes and choice groups, already checked (`storedOptions`); none when left out. */
  options?: OptionGroup[];
  /** Starred by the owner: listed first, with a badge. */
  featured: boolean;
  /** Already checked: paths on this site or http(s) URLs, in display order. */
  images: string[];
}

/** Card pictures are square crops shown at up to this size. */
const CARD_IMAGE_PX = 400;

/**
 * Without a hero, the cards in the first screenful load at once (one of them may be the
 * page's largest picture) and the rest when scrolled near. Under a hero every card loads when
 * near the screen, and at low priority: the hero is the page's largest picture and must have
 * the line to itself. (Loaded at once, the first cards were asked for with the hero as soon as
 * the page was read; without `fetchPriority="low"`, Chromium raises a card it finds on the
 * screen to high priority.)
 */
const EAGER_CARDS = 4;

/** On a sold-out item's card, as on its detail (`SoldOutBadge` in ./public-shop.tsx). */
function soldOutBadge(page: PageLanguage): Markup {
  return markup`<span class="shop-badge">${page.words.soldOut}</span>`;
}

/** Where an item has no photo: a quiet picture frame, not a broken image. */
export const PHOTO_PLACEHOLDER = markup`
  <span class="shop-photo-placeholder">
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <rect x="6" y="9" width="36" height="30" rx="4"></rect>
      <circle cx="17" cy="19" r="3.5"></circle>
      <path d="M6 33l11-10 8 7 6-5 11 9"></path>
    </svg>
  </span>
`;

export interface ShopCardsView {
  /** The page's canonical path, which each card's address starts with. */
  path: string;
  filters: ShopFilters;
  /** The items the filters show; the others are rendered hidden, for the script to show. */
  visible: ReadonlySet<string>;
  /** The shop's currency; US dollars when left out. */
  currency: string | undefined;
  /** Whether the page has a hero above the cards (every card then loads late, at low priority). */
  belowHero: boolean;
  page: PageLanguage;
}

/** Every item's card, each linking to its item's address (`?item=`) under the same filters. */
export function shopCardsMarkup(items: readonly PublicShopItem[], view: ShopCardsView): Markup {
  let eagerLeft = view.belowHero ? 0 : EAGER_CARDS;
  return new MarkupList(
    items.map((item) => {
      const shown = view.visible.has(item.id);
      const eager = shown && eagerLeft-- > 0;
      return shopCardMarkup(item, view, shown, eager);
    }),
  );
}

function shopCardMarkup(
  item: PublicShopItem,
  view: ShopCardsView,
  shown: boolean,
  eager: boolean,
): Markup {
  const image = item.images[0];
  const loading = eager
    ? null
    : markup` loading="lazy"${view.belowHero && markup` fetchPriority="low"`}`;
  const media = image
    ? markup`<img src="${image}" alt="" width="${CARD_IMAGE_PX}" height="${CARD_IMAGE_PX}"${loading} decoding="async"/>`
    : PHOTO_PLACEHOLDER;
  const { page } = view;
  const price = shownItemPrice(item.priceCents, item.options ?? [], view.currency, page);
  return markup`
    <li class="shop-card" data-item="${item.id}"${!shown && HIDDEN_ATTRIBUTE}>
      <a class="shop-card-link" href="${shopHref(view.path, view.filters, item.id)}">
        <div class="shop-card-media">${media}${item.soldOut && soldOutBadge(page)}</div>
        <div class="shop-card-body">
          ${item.featured && markup`<span class="shop-featured">${page.words.featured}</span>`}
          <h3 class="shop-card-name">${item.name}</h3>
          <span class="shop-card-price">${price}</span>
        </div>
      </a>
    </li>
  `;
}
