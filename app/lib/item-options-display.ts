/**
 * An item's options as the public pages show them (the menu's dishes, the shop's cards and
 * item detail): its sizes at the price each comes to, its other groups with what each choice
 * adds, and the one price a card shows for it ("from $8.00"). Only words and formatted
 * prices; the pages' templates put them in their markup.
 */
import {
  choiceRuleKey,
  hasSizes,
  lowestPriceCents,
  sizeGroupOf,
  sizePrices,
  type OptionGroup,
} from "./item-options";
import type { FormatLanguage } from "./i18n/formats";
import type { PageLanguage } from "./i18n/page-language";
import { fill } from "./i18n/text";
import { formatPrice } from "./price";

/** How many of a group a customer chooses, in the page's language: "Optional, up to 3", … */
export function choiceRuleText(
  group: Pick<OptionGroup, "min" | "max">,
  page: PageLanguage,
): string {
  return fill(page.words[choiceRuleKey(group)], group);
}

/** How a sold-out choice is marked beside it ("(sold out)"), never split across two lines. */
export function soldOutChoiceLabel(page: PageLanguage): string {
  return page.words.soldOutChoice.replace(/ /g, "\u00a0");
}

/** A price in the page's language: "$12.50", "12,50 €", "US$12.50". */
export function pagePrice(cents: number, currency?: string, page?: FormatLanguage): string {
  const tag = page?.language.tag;
  return formatPrice(cents, currency, tag === undefined || tag === "en" ? undefined : tag);
}

/** "+$2.00", "−$0.50" (a minus sign, as a reader expects), or "" for no change. */
export function shownPriceChange(cents: number, currency?: string, page?: FormatLanguage): string {
  if (cents === 0) return "";
  return `${cents > 0 ? "+" : "\u2212"}${pagePrice(Math.abs(cents), currency, page)}`;
}

/**
 * The one price shown for an item where its options are not listed (a shop's card): its
 * lowest, "from $8.00" when its sizes' prices differ, else the price it sells at.
 */
export function shownItemPrice(
  priceCents: number,
  options: readonly OptionGroup[],
  currency: string | undefined,
  page: PageLanguage,
): string {
  const price = pagePrice(lowestPriceCents(priceCents, options), currency, page);
  return hasSizes(options) ? fill(page.words.fromPrice, { price }) : price;
}

export interface ShownChoice {
  name: string;
  /** For a size, the price it comes to ("$11.00"); else what it adds ("+$2.00", "" for nothing). */
  price: string;
  soldOut: boolean;
}

export interface ShownGroup {
  name: string;
  choices: ShownChoice[];
}

export interface ShownOptions {
  /** The item's sizes (its first group of exactly one), or null. */
  sizes: ShownGroup | null;
  /** Its other groups, in the owner's order. */
  groups: ShownGroup[];
}

const NO_OPTIONS: ShownOptions = Object.freeze({ sizes: null, groups: [] });

/** An item's options as a page lists them, in the shop's currency (US dollars if left out). */
export function shownOptions(
  priceCents: number,
  options: readonly OptionGroup[],
  currency?: string,
  page?: FormatLanguage,
): ShownOptions {
  if (options.length === 0) return NO_OPTIONS;
  const sizeGroup = sizeGroupOf(options);
  const sizes: ShownGroup | null = sizeGroup
    ? {
        name: sizeGroup.name,
        choices: sizePrices(priceCents, sizeGroup).map(({ choice, priceCents: cents }) => ({
          name: choice.name,
          price: pagePrice(cents, currency, page),
          soldOut: choice.soldOut,
        })),
      }
    : null;
  const groups = options
    .filter((group) => group !== sizeGroup)
    .map((group) => ({
      name: group.name,
      choices: group.choices.map((choice) => ({
        name: choice.name,
        price: shownPriceChange(choice.priceChangeCents, currency, page),
        soldOut: choice.soldOut,
      })),
    }));
  return { sizes, groups };
}

/**
 * A group's choices in one line: "Bacon +$2.00, Basil, Cheese (sold out)", each choice's
 * parts held together by no-break spaces, as a shop's sizes are (`sizesLine`).
 */
export function choicesLine(choices: readonly ShownChoice[], page: PageLanguage): string {
  const soldOut = soldOutChoiceLabel(page);
  return choices
    .map((choice) => {
      let text = choice.name;
      if (choice.price) text += `\u00a0${choice.price}`;
      if (choice.soldOut) text += `\u00a0${soldOut}`;
      return text;
    })
    .join(", ");
}

/**
 * The options as an item sold out whole shows them: no choice marked sold out, the item's
 * own mark says it all. The same options for an item in stock.
 */
export function optionsOfItem(
  options: readonly OptionGroup[],
  itemSoldOut: boolean,
): readonly OptionGroup[] {
  if (!itemSoldOut) return options;
  return options.map((group) => ({
    ...group,
    choices: group.choices.map((choice) => ({ ...choice, soldOut: false })),
  }));
}
