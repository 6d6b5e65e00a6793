/**
 * The menu's dishes by category: the part of the public menu that grows with the menu,
 * written as templates (app/lib/markup.ts) rather than React components, because rendering
 * them was most of an uncached view's time (docs/decisions/0019-item-lists-as-html-templates.md).
 * The page around them (./public-menu.tsx) is React; the markup is the same as it was.
 */
import { HIDDEN_ATTRIBUTE, markup, type Markup } from "~/lib/markup";
import { MESSAGES } from "~/lib/messages";
import { formatPrice } from "~/lib/price";
import { dietaryIconsMarkup } from "./menu-dietary";
import { dietaryKeysOf } from "./menu-filter-script";

export interface PublicMenuItem {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  star: boolean;
  /** Already checked: a path on this site or an http(s) URL. */
  imageUrl: string | null;
  /** Keys of app/lib/dietary.ts; left out by pages that predate them. */
  allergens?: string[];
  diets?: string[];
  /** Left out by the dietary filter of the address (./menu-dietary.tsx). */
  hidden?: boolean;
}

export interface PublicMenuSection {
  id: string;
  name: string;
  uncategorized: boolean;
  items: PublicMenuItem[];
}

/** Size of an item's picture; images are square crops at this size (2x for sharp screens). */
const ITEM_IMAGE_PX = 96;

/** A category whose every dish the dietary filter hides. */
export function isEmptiedByFilter(section: PublicMenuSection): boolean {
  return section.items.every((item) => item.hidden);
}

/**
 * Each category as a section with its heading and dishes; a category the dietary filter
 * emptied stays in the page, hidden, so that the page's script can show it again.
 */
export function menuSectionsMarkup(
  sections: readonly PublicMenuSection[],
  currency: string | undefined,
): Markup {
  if (sections.length === 0) return markup`<p class="menu-empty">${MESSAGES.noMenuItems}</p>`;
  return markup`${sections.map(
    (section) => markup`
      <section
        id="${section.id}"
        class="menu-section"
        aria-labelledby="${section.id}-title"${isEmptiedByFilter(section) && HIDDEN_ATTRIBUTE}
      >
        <h2 id="${section.id}-title">${section.name}</h2>
        <ul class="menu-items">
          ${section.items.map(
            (item) => markup`
              <li data-dietary="${dietaryKeysOf(item)}"${item.hidden && HIDDEN_ATTRIBUTE}>
                ${menuItemMarkup(item, section.uncategorized ? null : section.name, currency)}
              </li>
            `,
          )}
        </ul>
      </section>
    `,
  )}`;
}

/** One dish: photo, name and price, its badges and dietary labels, and its description. */
function menuItemMarkup(
  item: PublicMenuItem,
  category: string | null,
  currency: string | undefined,
): Markup {
  const image =
    item.imageUrl &&
    markup`
      <img
        class="menu-item-image"
        src="${item.imageUrl}"
        alt="${item.name}"
        width="${ITEM_IMAGE_PX}"
        height="${ITEM_IMAGE_PX}"
        loading="lazy"
        decoding="async"
      />
    `;
  const popular =
    item.star &&
    markup`<span class="menu-badge popular"><span aria-hidden="true">★ </span>Popular</span>`;
  const badges =
    (item.star || category) &&
    markup`
      <p class="menu-item-badges">
        ${popular}
        ${category && markup`<span class="menu-badge category">${category}</span>`}
      </p>
    `;
  const description =
    item.description &&
    markup`
      <details class="menu-item-description">
        <summary>Description<span class="visually-hidden"> of ${item.name}</span></summary>
        <p>${item.description}</p>
      </details>
    `;
  return markup`
    <article class="menu-item" aria-labelledby="item-${item.id}">
      ${image}
      <div class="menu-item-body">
        <div class="menu-item-head">
          <h3 id="item-${item.id}">${item.name}</h3>
          <p class="menu-item-price">${formatPrice(item.priceCents, currency)}</p>
        </div>
        ${badges}
        ${dietaryIconsMarkup(item.allergens ?? [], item.diets ?? [])}
        ${description}
      </div>
    </article>
  `;
}
