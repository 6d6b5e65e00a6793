/**
 * An item's options as the public pages show them (the menu's dishes, the shop's cards and
 * item detail): its sizes at the price each comes to, its other groups with what each choice
 * adds, and the one price a card shows for it ("from $8.00"). Only words and formatted
 * prices; the pages' templates put them in their markup.
 */
import {
  hasSizes,
  lowestPriceCents,
  sizeGroupOf,
  sizePrices,
  type OptionGroup,
} from "./item-options";
import { formatPrice } from "./price";

/** How a sold-out choice is marked beside it, never split across two lines. */
export const SOLD_OUT_CHOICE_LABEL = "(sold\u00a0out)";

/** "+$2.00", "−$0.50" (a minus sign, as a reader expects), or "" for no change. */
export function shownPriceChange(cents: number, currency?: string): string {
  if (cents === 0) return "";
  return `${cents > 0 ? "+" : "\u2212"}${formatPrice(Math.abs(cents), currency)}`;
}

/**
 * The one price shown for an item where its options are not listed (a shop's card): its
 * lowest, "from $8.00" when its sizes' prices differ, else the price it sells at.
 */
export function shownItemPrice(
  priceCents: number,
  options: readonly OptionGroup[],
  currency?: string,
): string {
  const price = formatPrice(lowestPriceCents(priceCents, options), currency);
  return hasSizes(options) ? `from ${price}` : price;
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
): ShownOptions {
  if (options.length === 0) return NO_OPTIONS;
  const sizeGroup = sizeGroupOf(options);
  const sizes: ShownGroup | null = sizeGroup
    ? {
        name: sizeGroup.name,
        choices: sizePrices(priceCents, sizeGroup).map(({ choice, priceCents: cents }) => ({
          name: choice.name,
          price: formatPrice(cents, currency),
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
        price: shownPriceChange(choice.priceChangeCents, currency),
        soldOut: choice.soldOut,
      })),
    }));
  return { sizes, groups };
}

/**
 * A group's choices in one line: "Bacon +$2.00, Basil, Cheese (sold out)", each choice's
 * parts held together by no-break spaces, as a shop's sizes are (`sizesLine`).
 */
export function choicesLine(choices: readonly ShownChoice[]): string {
  return choices
    .map((choice) => {
      let text = choice.name;
      if (choice.price) text += `\u00a0${choice.price}`;
      if (choice.soldOut) text += `\u00a0${SOLD_OUT_CHOICE_LABEL}`;
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
