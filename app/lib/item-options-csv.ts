/** An item's options (./item-options.ts) as one cell of the items' CSV file, both ways. */
import { itemsCsvWords } from "~/lib/i18n/portal/items-csv";
import { fill } from "~/lib/i18n/text";
import { formatPriceChange, isSizeGroup, type OptionGroup } from "./item-options";
import { optionsField, withOptionIds } from "./item-options-schema";

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
      return {
        ok: false,
        error: fill(itemsCsvWords.optionsCellColon, { group: groupText.trim() }),
      };
    }
    let head = colon[0]!.trim();
    let rule = { min: 1, max: 1 };
    const open = lastUnescaped(head, "(");
    if (head.endsWith(")") && open !== -1) {
      const parsed = parseRule(head.slice(open + 1, -1));
      if (!parsed) {
        return {
          ok: false,
          error: fill(itemsCsvWords.optionsCellRule, { group: unescape(head) }),
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
        return {
          ok: false,
          error: fill(itemsCsvWords.optionsCellNoPrice, { group: groupName, choice: text }),
        };
      }
      const price = text.slice(equals + 1).trim();
      if (!/^[+\-\u2212]?\d+([.,]\d{1,2})?$/.test(price)) {
        return {
          ok: false,
          error: fill(itemsCsvWords.optionsCellBadPrice, {
            group: groupName,
            choice: unescape(text),
          }),
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
    const error = group
      ? fill(itemsCsvWords.optionsCellGroup, { group: group.name, message: issue.message })
      : issue.message;
    return { ok: false, error };
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
