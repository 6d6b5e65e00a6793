/**
 * An item's options: sizes ("Small", "Large") and choice groups ("Milk", "Extras"), with
 * their price changes. The helpers here say what they add up to (each size's price, the lowest
 * price, the editor's summary); their zod schema is in ./item-options-schema.ts, and how they
 * read in one CSV cell in ./item-options-csv.ts.
 *
 * A size is simply a group the customer must choose exactly one of (min = max = 1): the
 * item's own price is then the base, and each size's price change gives its price.
 */
import { fill, type PluralWords } from "./i18n/text";
import { portalPlural } from "./i18n/portal-text";
import { centsToDecimalString, MAX_PRICE_CENTS, parsePriceToCents } from "./price";
import {
  isSizeGroup,
  OPTION_ID_PATTERN,
  type OptionChoice,
  type OptionGroup,
} from "./option-groups";

export { isSizeGroup, OPTION_ID_PATTERN, type OptionChoice, type OptionGroup };

export const MAX_OPTION_GROUPS = 4;
export const MAX_OPTION_CHOICES = 12;
export const OPTION_NAME_MAX_LENGTH = 40;
/** The longest price-change text a form takes: "-1,234,567.89" and no more. */
export const PRICE_CHANGE_MAX_LENGTH = 16;
/**
 * A signed price change as an owner types it: "+0.50", "-1", "2", "" (no change). The amount
 * reads as prices do (parsePriceToCents); only a leading minus makes it negative.
 */
export function parsePriceChange(text: string): number {
  const trimmed = text.trim();
  const cents = parsePriceToCents(trimmed);
  return trimmed.startsWith("-") || trimmed.startsWith("\u2212") ? -cents : cents;
}

/** "+2.00", "-0.50", "0": a price change as the editor's field and the CSV show it. */
export function formatPriceChange(cents: number): string {
  if (cents === 0) return "0";
  return `${cents > 0 ? "+" : ""}${centsToDecimalString(cents)}`;
}

/** A new option id: 10 letters and digits, from the platform's random source. */
export function newOptionId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * Stored options as a page may trust them: well-formed groups and choices only (the column
 * is JSON; an older or hand-edited row must not break a page).
 */
export function storedOptions(value: unknown): OptionGroup[] {
  if (!Array.isArray(value)) return [];
  // Loops, and a field set only when present, rather than slices, flatMaps and spreads: every
  // item of every uncached page view passes here. The bench's options (three groups of three
  // choices) are checked in 0.2 µs instead of 3.
  const groups: OptionGroup[] = [];
  for (let index = 0; index < value.length && index < MAX_OPTION_GROUPS; index++) {
    const group = storedGroup(value[index]);
    if (group) groups.push(group);
  }
  return groups;
}

function storedGroup(entry: unknown): OptionGroup | null {
  if (typeof entry !== "object" || entry === null) return null;
  const { id, name, min, max, choices } = entry as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string" || !Array.isArray(choices)) return null;
  if (!Number.isInteger(min) || !Number.isInteger(max)) return null;
  const kept: OptionChoice[] = [];
  for (let index = 0; index < choices.length && index < MAX_OPTION_CHOICES; index++) {
    const choice = storedChoice(choices[index]);
    if (choice) kept.push(choice);
  }
  if (kept.length === 0) return null;
  const low = Math.max(0, Math.min(min as number, kept.length));
  const high = Math.max(1, Math.min(max as number, kept.length));
  return { id, name, min: Math.min(low, high), max: high, choices: kept };
}

function storedChoice(entry: unknown): OptionChoice | null {
  if (typeof entry !== "object" || entry === null) return null;
  const { id, name, priceChangeCents, soldOut, soldOutUntil } = entry as Record<string, unknown>;
  if (typeof id !== "string" || typeof name !== "string") return null;
  if (
    !Number.isInteger(priceChangeCents) ||
    Math.abs(priceChangeCents as number) > MAX_PRICE_CENTS
  ) {
    return null;
  }
  const choice: OptionChoice = {
    id,
    name,
    priceChangeCents: priceChangeCents as number,
    soldOut: soldOut === true,
  };
  if (typeof soldOutUntil === "string" && Number.isFinite(Date.parse(soldOutUntil))) {
    choice.soldOutUntil = soldOutUntil;
  }
  return choice;
}

/** The item's sizes, when it has them: its first group a customer chooses exactly one of. */
export function sizeGroupOf(options: readonly OptionGroup[]): OptionGroup | undefined {
  return options.find(isSizeGroup);
}

/** Each size with its resulting price (Small 8.00, Large 11.00). */
export function sizePrices(
  basePriceCents: number,
  sizes: OptionGroup,
): Array<{ choice: OptionChoice; priceCents: number }> {
  return sizes.choices.map((choice) => ({
    choice,
    priceCents: Math.max(0, basePriceCents + choice.priceChangeCents),
  }));
}

/** The lowest price an item sells at: its cheapest size, or its own price ("from $8.00"). */
export function lowestPriceCents(basePriceCents: number, options: readonly OptionGroup[]): number {
  const sizes = sizeGroupOf(options);
  if (!sizes) return basePriceCents;
  return Math.min(...sizePrices(basePriceCents, sizes).map((size) => size.priceCents));
}

/** Whether the item's price depends on a size, so one price shown reads "from". */
export function hasSizes(options: readonly OptionGroup[]): boolean {
  const sizes = sizeGroupOf(options);
  return sizes !== undefined && new Set(sizes.choices.map((c) => c.priceChangeCents)).size > 1;
}

/**
 * The editor list's short summary: "3 sizes · 2 groups", or "" without options, in the
 * editor's words (app/lib/i18n/portal/editor.ts).
 */
export function optionsSummary(
  options: readonly OptionGroup[],
  words: { sizeCount: PluralWords; groupCount: PluralWords },
): string {
  const sizes = sizeGroupOf(options);
  const others = options.filter((group) => group !== sizes).length;
  const parts: string[] = [];
  if (sizes) parts.push(portalPlural(words.sizeCount, sizes.choices.length));
  if (others > 0) parts.push(portalPlural(words.groupCount, others));
  return parts.join(" · ");
}

/**
 * Which of the five ways a group's rule is said: the key of its words in the public pages'
 * catalogue (app/lib/i18n/words/en.ts), each filled with the group's `{min}` and `{max}`.
 */
export const CHOICE_RULE_KEYS = [
  "choiceOptional",
  "choiceOptionalUpTo",
  "choiceExactlyOne",
  "choiceRequiredCount",
  "choiceRequiredRange",
] as const;

export type ChoiceRuleKey = (typeof CHOICE_RULE_KEYS)[number];

export function choiceRuleKey({ min, max }: Pick<OptionGroup, "min" | "max">): ChoiceRuleKey {
  if (min === 0) return max === 1 ? "choiceOptional" : "choiceOptionalUpTo";
  if (min === max) return min === 1 ? "choiceExactlyOne" : "choiceRequiredCount";
  return "choiceRequiredRange";
}

/** The editor's words for each rule (the portal is in English; the catalogue stays out of it). */
const CHOICE_RULES_IN_ENGLISH: Record<ChoiceRuleKey, string> = {
  choiceOptional: "Optional",
  choiceOptionalUpTo: "Optional, up to {max}",
  choiceExactlyOne: "Exactly one (required)",
  choiceRequiredCount: "Required, choose {min}",
  choiceRequiredRange: "Required, choose {min} to {max}",
};

/** How many of a group a customer chooses, in the editor's words: "Optional, up to 3", … */
export function choiceRuleInWords(group: Pick<OptionGroup, "min" | "max">): string {
  return fill(CHOICE_RULES_IN_ENGLISH[choiceRuleKey(group)], group);
}
