/**
 * An item's options: sizes ("Small", "Large") and choice groups ("Milk", "Extras"), with
 * their price changes. One zod schema checks them for the browser and the server; the
 * helpers say what they add up to (each size's price, the lowest price, the editor's summary)
 * and how they read in one CSV cell.
 *
 * A size is simply a group the customer must choose exactly one of (min = max = 1): the
 * item's own price is then the base, and each size's price change gives its price.
 */
import { checkbox, z } from "./zod";
import { MESSAGES } from "./messages";
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

const optionId = z.string().regex(OPTION_ID_PATTERN).optional();

const optionName = z
  .string({ error: MESSAGES.optionNameRequired })
  .trim()
  .min(1, { error: MESSAGES.optionNameRequired })
  .max(OPTION_NAME_MAX_LENGTH, { error: MESSAGES.optionNameTooLong });

const choiceSchema = z.object(
  {
    id: optionId,
    name: optionName,
    price: z
      .string()
      .trim()
      .max(PRICE_CHANGE_MAX_LENGTH, { error: MESSAGES.textTooLong })
      .optional()
      .transform((value) => parsePriceChange(value ?? "")),
    soldOut: checkbox,
  },
  { error: MESSAGES.optionChoiceIncomplete },
);

const count = (max: number) =>
  z.coerce
    .number({ error: MESSAGES.optionCountInvalid })
    .int({ error: MESSAGES.optionCountInvalid })
    .min(0, { error: MESSAGES.optionCountInvalid })
    .max(max, { error: MESSAGES.optionCountInvalid });

const groupSchema = z
  .object(
    {
      id: optionId,
      name: optionName,
      min: count(MAX_OPTION_CHOICES),
      max: count(MAX_OPTION_CHOICES).min(1, { error: MESSAGES.optionCountInvalid }),
      choices: z
        .array(choiceSchema, { error: MESSAGES.optionChoicesRequired })
        .min(1, { error: MESSAGES.optionChoicesRequired })
        .max(MAX_OPTION_CHOICES, { error: MESSAGES.optionTooManyChoices }),
    },
    { error: MESSAGES.optionGroupIncomplete },
  )
  .superRefine((group, context) => {
    if (group.min > group.max) {
      context.addIssue({ code: "custom", path: ["min"], message: MESSAGES.optionMinAboveMax });
    }
    if (group.max > group.choices.length) {
      context.addIssue({ code: "custom", path: ["max"], message: MESSAGES.optionMaxAboveChoices });
    }
    const seen = new Set<string>();
    group.choices.forEach((choice, index) => {
      const key = choice.name.toLocaleLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["choices", index, "name"],
          message: MESSAGES.optionChoiceNameTaken,
        });
      }
      seen.add(key);
    });
  });

/**
 * The Add Item and edit forms' options: `options[0].name`, `options[0].choices[0].price`, …
 * Left out, an item has none. Ids the form sends back are kept; new groups and choices get
 * theirs when they are stored (withOptionIds).
 */
export const optionsField = z
  .array(groupSchema, { error: MESSAGES.optionGroupIncomplete })
  .max(MAX_OPTION_GROUPS, { error: MESSAGES.optionTooManyGroups })
  .optional()
  .superRefine((groups, context) => {
    const seen = new Set<string>();
    (groups ?? []).forEach((group, index) => {
      const key = group.name.toLocaleLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          path: [index, "name"],
          message: MESSAGES.optionGroupNameTaken,
        });
      }
      seen.add(key);
    });
  });

export type OptionsInput = NonNullable<z.output<typeof optionsField>>;

/**
 * Checks that no choice takes the item's price below zero (a size's price may not go under
 * 0), for the item-level schema's superRefine; the issue lands on the choice's price field.
 */
export function refusePricesBelowZero(
  value: { price: number; options?: OptionsInput },
  context: z.RefinementCtx,
): void {
  (value.options ?? []).forEach((group, groupIndex) =>
    group.choices.forEach((choice, choiceIndex) => {
      if (value.price + choice.price < 0) {
        context.addIssue({
          code: "custom",
          path: ["options", groupIndex, "choices", choiceIndex, "price"],
          message: MESSAGES.optionPriceBelowZero,
        });
      }
    }),
  );
}

/** A new option id: 10 letters and digits, from the platform's random source. */
export function newOptionId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

/**
 * What is stored from checked form options: ids kept where the form sent them (unique within
 * the item), new ones where not, and the price change under its stored name.
 */
export function withOptionIds(options: OptionsInput | undefined): OptionGroup[] {
  const used = new Set<string>();
  const idFor = (sent: string | undefined) => {
    let id = sent && !used.has(sent) ? sent : newOptionId();
    while (used.has(id)) id = newOptionId();
    used.add(id);
    return id;
  };
  return (options ?? []).map((group) => ({
    id: idFor(group.id),
    name: group.name,
    min: group.min,
    max: group.max,
    choices: group.choices.map((choice) => ({
      id: idFor(choice.id),
      name: choice.name,
      priceChangeCents: choice.price,
      soldOut: choice.soldOut,
    })),
  }));
}

/**
 * Stored options as a page may trust them: well-formed groups and choices only (the column
 * is JSON; an older or hand-edited row must not break a page).
 */
export function storedOptions(value: unknown): OptionGroup[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_OPTION_GROUPS).flatMap((entry): OptionGroup[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const { id, name, min, max, choices } = entry as Record<string, unknown>;
    if (typeof id !== "string" || typeof name !== "string" || !Array.isArray(choices)) return [];
    if (!Number.isInteger(min) || !Number.isInteger(max)) return [];
    const kept = choices.slice(0, MAX_OPTION_CHOICES).flatMap((choice): OptionChoice[] => {
      if (typeof choice !== "object" || choice === null) return [];
      const fields = choice as Record<string, unknown>;
      if (typeof fields.id !== "string" || typeof fields.name !== "string") return [];
      const change = fields.priceChangeCents;
      if (!Number.isInteger(change) || Math.abs(change as number) > MAX_PRICE_CENTS) return [];
      return [
        {
          id: fields.id,
          name: fields.name,
          priceChangeCents: change as number,
          soldOut: fields.soldOut === true,
        },
      ];
    });
    if (kept.length === 0) return [];
    const low = Math.max(0, Math.min(min as number, kept.length));
    const high = Math.max(1, Math.min(max as number, kept.length));
    return [{ id, name, min: Math.min(low, high), max: high, choices: kept }];
  });
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

/** The editor list's short summary: "3 sizes · 2 groups", or "" without options. */
export function optionsSummary(options: readonly OptionGroup[]): string {
  const sizes = sizeGroupOf(options);
  const others = options.filter((group) => group !== sizes).length;
  const parts: string[] = [];
  if (sizes) parts.push(`${sizes.choices.length} ${sizes.choices.length === 1 ? "size" : "sizes"}`);
  if (others > 0) parts.push(`${others} ${others === 1 ? "group" : "groups"}`);
  return parts.join(" · ");
}

/** How many of a group a customer chooses, in words: "Required", "Optional, up to 3", … */
export function choiceRuleInWords({ min, max }: Pick<OptionGroup, "min" | "max">): string {
  if (min === 0) return max === 1 ? "Optional" : `Optional, up to ${max}`;
  if (min === max) return min === 1 ? "Exactly one (required)" : `Required, choose ${min}`;
  return `Required, choose ${min} to ${max}`;
}

// ---------------------------------------------------------------------------------------
// One CSV cell for all of an item's options:
//
//   Size: Small=0 | Large=+3; Extras (up to 3): Bacon=+2 | Cheese=+1 (sold out)
//
// Groups are separated by ";", choices by "|". A group's rule follows its name in
// parentheses: none means choose exactly one (sizes); "optional" is up to one; "up to N";
// "choose N"; "N to M". A choice is name=price change, and "(sold out)" at its end marks it.
// A backslash keeps the next character as it is, so names may hold any of \ ; | : = ( ).
// ---------------------------------------------------------------------------------------

const SPECIAL = /[\\;|:=()]/g;
const escapeName = (name: string) => name.replace(SPECIAL, (char) => `\\${char}`);

function ruleText({ min, max }: Pick<OptionGroup, "min" | "max">): string {
  if (isSizeGroup({ min, max })) return "";
  if (min === 0 && max === 1) return " (optional)";
  if (min === 0) return ` (up to ${max})`;
  if (min === max) return ` (choose ${min})`;
  return ` (${min} to ${max})`;
}

/** The options as one CSV cell; "" for none. `parseOptionsCell` reads it back exactly. */
export function formatOptionsCell(options: readonly OptionGroup[]): string {
  return options
    .map((group) => {
      const choices = group.choices
        .map(
          (choice) =>
            `${escapeName(choice.name)}=${formatPriceChange(choice.priceChangeCents)}${
              choice.soldOut ? " (sold out)" : ""
            }`,
        )
        .join(" | ");
      return `${escapeName(group.name)}${ruleText(group)}: ${choices}`;
    })
    .join("; ");
}

/** Splits on an unescaped separator, keeping escapes in the parts. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\" && index + 1 < text.length) {
      current += char + text[index + 1];
      index++;
    } else if (char === separator) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

const unescape = (text: string) => text.replace(/\\(.)/g, "$1");

/** Where the last unescaped `char` is, or -1. */
function lastUnescaped(text: string, char: string): number {
  let found = -1;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === char) found = index;
  }
  return found;
}

function parseRule(rule: string): { min: number; max: number } | null {
  const text = rule.trim().toLowerCase();
  if (text === "optional") return { min: 0, max: 1 };
  let match = /^up to (\d{1,2})$/.exec(text);
  if (match) return { min: 0, max: Number(match[1]) };
  match = /^choose (\d{1,2})$/.exec(text);
  if (match) return { min: Number(match[1]), max: Number(match[1]) };
  match = /^(\d{1,2}) to (\d{1,2})$/.exec(text);
  if (match) return { min: Number(match[1]), max: Number(match[2]) };
  return null;
}

/** Options in the shape the editor's forms post them, before the item schema checks them. */
export type OptionsFormInput = Array<{
  name: string;
  min: string;
  max: string;
  choices: Array<{ name: string; price: string; soldOut: boolean }>;
}>;

/**
 * Reads an options cell into the shape the editor's forms post, for the same item schema
 * to check (with the item's price); a cell the options' own rules refuse is refused here,
 * saying what is wrong in words ("Extras: "Bacon+2" has no "=" and price change.").
 */
export function parseOptionsCell(
  cell: string,
): { ok: true; options: OptionsFormInput } | { ok: false; error: string } {
  if (cell.trim() === "") return { ok: true, options: [] };
  const raw: OptionsFormInput = [];
  for (const groupText of splitUnescaped(cell, ";")) {
    if (groupText.trim() === "") continue;
    const colon = splitUnescaped(groupText, ":");
    if (colon.length !== 2) {
      return { ok: false, error: `"${groupText.trim()}" needs one ":" after the group's name.` };
    }
    let head = colon[0]!.trim();
    let rule = { min: 1, max: 1 };
    const open = lastUnescaped(head, "(");
    if (head.endsWith(")") && open !== -1) {
      const parsed = parseRule(head.slice(open + 1, -1));
      if (!parsed) {
        return {
          ok: false,
          error: `${unescape(head)}: the rule in parentheses must be "optional", "up to N", "choose N" or "N to M".`,
        };
      }
      rule = parsed;
      head = head.slice(0, open).trim();
    }
    const groupName = unescape(head);
    const choices: OptionsFormInput[number]["choices"] = [];
    for (const choiceText of splitUnescaped(colon[1]!, "|")) {
      let text = choiceText.trim();
      const soldOut = /\(sold out\)$/i.test(text) && !text.endsWith("\\(sold out)");
      if (soldOut) text = text.slice(0, -"(sold out)".length).trim();
      const equals = lastUnescaped(text, "=");
      if (equals === -1) {
        return { ok: false, error: `${groupName}: "${text}" has no "=" and price change.` };
      }
      const price = text.slice(equals + 1).trim();
      if (!/^[+\-\u2212]?\d+([.,]\d{1,2})?$/.test(price)) {
        return {
          ok: false,
          error: `${groupName}: "${unescape(text)}" needs a price change such as +2, 0 or -0.50.`,
        };
      }
      choices.push({ name: unescape(text.slice(0, equals).trim()), price, soldOut });
    }
    raw.push({ name: groupName, min: String(rule.min), max: String(rule.max), choices });
  }
  const checked = optionsField.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const groupIndex = typeof issue.path[0] === "number" ? issue.path[0] : null;
    const group = groupIndex === null ? undefined : raw[groupIndex];
    return { ok: false, error: group ? `${group.name}: ${issue.message}` : issue.message };
  }
  return { ok: true, options: raw };
}

/**
 * Options written in the CSV cell's syntax, for fixed data (the demo and the example sites),
 * with their ids; a mistake in the text throws.
 */
export function optionsFromCell(cell: string): OptionGroup[] {
  const read = parseOptionsCell(cell);
  if (!read.ok) throw new Error(read.error);
  return withOptionIds(optionsField.parse(read.options));
}
