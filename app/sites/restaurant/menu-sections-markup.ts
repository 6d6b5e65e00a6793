/**
 * The menu's dishes by category: the part of the public menu that grows with the menu,
 * written as templates (app/lib/markup.ts) rather than React components, because rendering
 * them was most of an uncached view's time (docs/decisions/0019-item-lists-as-html-templates.md).
 * The page around them (./public-menu.tsx) is React; the markup is the same as it was.
 */
import type { OptionGroup } from "~/lib/item-options";
import {
  pagePrice,
  shownOptions,
  soldOutChoiceLabel,
  type ShownChoice,
} from "~/lib/item-options-display";
import { ENGLISH, fill, type PageLanguage } from "~/lib/i18n/page-language";
import { HIDDEN_ATTRIBUTE, markup, MarkupList, type Markup } from "~/lib/markup";
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
  /** Sold out now (for today, or until the owner turns it back); left out: on sale. */
  soldOut?: boolean;
  /** Sizes and choice groups, already checked (`storedOptions`); none when left out. */
  options?: OptionGroup[];
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
  page: PageLanguage = ENGLISH,
): Markup {
  if (sections.length === 0) return markup`<p class="menu-empty">${page.words.noMenuItems}</p>`;
  const soldOutMark = markup`\u00a0<span class="menu-out">${soldOutChoiceLabel(page)}</span>`;
  const text: ItemTexts = { page, soldOutMark, dietaryIcons: dietaryIconsIn(page) };
  return new MarkupList(
    sections.map(
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
                ${menuItemMarkup(item, section.uncategorized ? null : section.name, currency, text)}
              </li>
            `,
          )}
        </ul>
      </section>
    `,
    ),
  );
}

/** What every dish of a menu shares: the page's language, and its mark for a sold-out choice. */
interface ItemTexts {
  page: PageLanguage;
  /** A sold-out choice's mark, after its name and price; it never starts a line on its own. */
  soldOutMark: Markup;
  /** Each set of dietary labels' icons in the page's language (`dietaryIconsIn`). */
  dietaryIcons: Map<string, Markup | null>;
}

/**
 * Each set of dietary labels' icons, by the page's language, then the set: written once, not
 * once a view. A menu's dishes share a few sets ("Vegetarian", "Gluten, Milk"), every view of
 * it the same ones, and their words are lists in the page's language. Markup is never changed
 * once made, so views may share it. A language's sets are emptied when there are too many:
 * the few a menu uses are soon back.
 */
const dietaryIconsByLanguage = new WeakMap<PageLanguage, Map<string, Markup | null>>();
const DIETARY_ICON_SETS_LIMIT = 1_000;

function dietaryIconsIn(page: PageLanguage): Map<string, Markup | null> {
  let sets = dietaryIconsByLanguage.get(page);
  if (!sets) {
    sets = new Map();
    dietaryIconsByLanguage.set(page, sets);
  }
  if (sets.size >= DIETARY_ICON_SETS_LIMIT) sets.clear();
  return sets;
}

/** A dish's dietary icons, from those of an earlier dish with the same labels if any. */
function dishDietaryIcons(item: PublicMenuItem, text: ItemTexts): Markup | null {
  const allergens = item.allergens ?? [];
  const diets = item.diets ?? [];
  const key = `${allergens.join(",")};${diets.join(",")}`;
  let icons = text.dietaryIcons.get(key);
  if (icons === undefined) {
    icons = dietaryIconsMarkup(allergens, diets, text.page);
    text.dietaryIcons.set(key, icons);
  }
  return icons;
}

/**
 * A choice as its line shows it: "Bacon +$2.00", "Cheese", "Large $11.00 (sold out)"; its
 * price stays beside its name when the line wraps.
 */
function choiceMarkup(choice: ShownChoice, text: ItemTexts): Markup {
  return markup`${choice.name}${choice.price && markup`\u00a0<b>${choice.price}</b>`}${choice.soldOut && text.soldOutMark}`;
}

/**
 * One dish: photo, name and price (or each size at its price), its badges and dietary
 * labels, its description, and a line for each other group of options ("Extras: Bacon
 * +$2.00, Cheese").
 */
function menuItemMarkup(
  item: PublicMenuItem,
  category: string | null,
  currency: string | undefined,
  text: ItemTexts,
): Markup {
  const { page } = text;
  const { words } = page;
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
  // The star as a character reference: a page's text held in one byte a character stays so
  // (V8 makes a whole section two bytes a character for one "★", and encodes it slower).
  const popular =
    item.star &&
    markup`<span class="menu-badge popular"><span aria-hidden="true">&#9733; </span>${words.popular}</span>`;
  const soldOut = item.soldOut && markup`<span class="menu-badge sold-out">${words.soldOut}</span>`;
  const badges =
    (item.star || category || item.soldOut) &&
    markup`
      <p class="menu-item-badges">
        ${soldOut}
        ${popular}
        ${category && markup`<span class="menu-badge category">${category}</span>`}
      </p>
    `;
  const description =
    item.description &&
    markup`
      <details class="menu-item-description">
        <summary>${words.description}<span class="visually-hidden">${fill(words.descriptionOf, { name: item.name })}</span></summary>
        <p>${item.description}</p>
      </details>
    `;
  const { sizes, groups } = shownOptions(item.priceCents, item.options ?? [], currency, page);
  const price = sizes
    ? markup`
      <ul class="menu-sizes" aria-label="${sizes.name}">
        ${sizes.choices.map((size) => markup`<li>${choiceMarkup(size, text)}</li>`)}
      </ul>
    `
    : markup`<p class="menu-item-price">${pagePrice(item.priceCents, currency, page)}</p>`;
  const options = groups.map(
    (group) =>
      markup`<p class="menu-options"><b>${group.name}:</b> ${group.choices.map(
        (choice, n) => markup`${n > 0 && ", "}${choiceMarkup(choice, text)}`,
      )}</p>`,
  );
  return markup`
    <article class="menu-item${item.soldOut && " is-sold-out"}" aria-labelledby="item-${item.id}">
      ${image}
      <div class="menu-item-body">
        <div class="menu-item-head">
          <h3 id="item-${item.id}">${item.name}</h3>
          ${!sizes && price}
        </div>
        ${sizes && price}
        ${badges}
        ${dishDietaryIcons(item, text)}
        ${description}
        ${options}
      </div>
    </article>
  `;
}
