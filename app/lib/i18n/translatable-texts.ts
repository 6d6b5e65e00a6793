/**
 * What an owner may translate of a site into its further languages: each item's name,
 * description, option groups and choices, the menu's categories, the special days' notes,
 * and the order page's delivery note. Each text has a stable key, which the translations are
 * stored under (`translations.key`) and a CSV file names: an item's by its id (and its
 * groups' and choices' ids), a category by its name, a special day by its first day.
 *
 * A text without a translation shows in the main language: never a blank.
 */
import {
  CATEGORY_MAX_LENGTH,
  categoryKey,
  categorySpelling,
  DESCRIPTION_MAX_LENGTH,
} from "../items";
import type { OptionGroup } from "../item-options";
import { OPTION_NAME_MAX_LENGTH } from "../item-options";
import { NAME_MAX_LENGTH } from "../limits";
import { DELIVERY_NOTE_MAX_LENGTH } from "../order-settings";
import { SPECIAL_NOTE_MAX_LENGTH } from "../special-hours";

/** Further languages a site may have besides its main one. */
export const MAX_EXTRA_LANGUAGES = 3;

export type TextKind =
  "name" | "description" | "group" | "choice" | "category" | "note" | "deliveryNote";

export interface TranslatableText {
  key: string;
  kind: TextKind;
  /** The item the text belongs to; null for the site's own (categories, notes). */
  itemId: string | null;
  /** Where it shows, for the owner: the item's name, or the special day's date. */
  context: string;
  /** The text in the site's main language. */
  source: string;
  maxLength: number;
}

export interface TranslatableItem {
  id: string;
  name: string;
  description: string;
  category: string;
  options: readonly OptionGroup[];
}

export interface TranslatableSite {
  /** In the order the editor lists them (by name). */
  items: readonly TranslatableItem[];
  specialHours: ReadonlyArray<{ from: string; note: string }>;
  /** The order page's note on delivery, where the site delivers; "" or absent for none. */
  deliveryNote?: string;
}

const KIND_LABELS: Record<TextKind, string> = {
  name: "Name",
  description: "Description",
  group: "Option group",
  choice: "Choice",
  category: "Category",
  note: "Special day",
  deliveryNote: "Delivery note",
};

/** What a text is, for the owner and a translator: "Description · Flan". */
export function textLabel(text: Pick<TranslatableText, "kind" | "context">): string {
  return text.context && text.kind !== "name"
    ? `${KIND_LABELS[text.kind]} · ${text.context}`
    : KIND_LABELS[text.kind];
}

/** The key of an item's text. */
export const itemTextKey = (itemId: string, part: "name" | "description") =>
  `item:${itemId}:${part}`;
export const groupTextKey = (itemId: string, groupId: string) => `group:${itemId}:${groupId}`;
export const choiceTextKey = (itemId: string, groupId: string, choiceId: string) =>
  `choice:${itemId}:${groupId}:${choiceId}`;
/** A category's key: its name as the menu groups it (case and spacing aside). */
export const categoryTextKey = (name: string) => `category:${categoryKey(name)}`;
export const noteTextKey = (from: string) => `note:${from}`;
export const DELIVERY_NOTE_TEXT_KEY = "ordering:deliveryNote";

/**
 * Every text of the site that has words, in the order the owner reads them: item by item
 * (its name, description, then its options), then the categories, the special days, and
 * the delivery note.
 */
export function translatableTexts(site: TranslatableSite): TranslatableText[] {
  const texts: TranslatableText[] = [];
  const add = (text: TranslatableText) => {
    if (text.source.trim()) texts.push(text);
  };
  for (const item of site.items) {
    const itemText = (kind: TextKind, key: string, source: string, maxLength: number) =>
      add({ key, kind, itemId: item.id, context: item.name, source, maxLength });
    itemText("name", itemTextKey(item.id, "name"), item.name, NAME_MAX_LENGTH);
    itemText(
      "description",
      itemTextKey(item.id, "description"),
      item.description,
      DESCRIPTION_MAX_LENGTH,
    );
    for (const group of item.options) {
      itemText("group", groupTextKey(item.id, group.id), group.name, OPTION_NAME_MAX_LENGTH);
      for (const choice of group.choices) {
        const key = choiceTextKey(item.id, group.id, choice.id);
        itemText("choice", key, choice.name, OPTION_NAME_MAX_LENGTH);
      }
    }
  }
  const categories = new Map<string, string>();
  for (const item of site.items) {
    const name = categorySpelling(item.category);
    if (name && !categories.has(categoryTextKey(name))) categories.set(categoryTextKey(name), name);
  }
  for (const [key, category] of [...categories].sort((a, b) => a[1].localeCompare(b[1]))) {
    add({
      key,
      kind: "category",
      itemId: null,
      context: "",
      source: category,
      maxLength: CATEGORY_MAX_LENGTH,
    });
  }
  for (const special of site.specialHours) {
    add({
      key: noteTextKey(special.from),
      kind: "note",
      itemId: null,
      context: special.from,
      source: special.note,
      maxLength: SPECIAL_NOTE_MAX_LENGTH,
    });
  }
  add({
    key: DELIVERY_NOTE_TEXT_KEY,
    kind: "deliveryNote",
    itemId: null,
    context: "",
    source: site.deliveryNote ?? "",
    maxLength: DELIVERY_NOTE_MAX_LENGTH,
  });
  return texts;
}

/**
 * A translated text where there is one, else the text as it is: never a blank (a translation
 * is stored trimmed, and an empty one not at all).
 */
export function translated(
  translations: ReadonlyMap<string, string>,
  key: string,
  source: string,
): string {
  return translations.get(key) || source;
}

/**
 * An item with its texts in a further language, untranslated ones kept. Its category is
 * left as it is: pages group and order by the main language's names
 * (`translatedCategory` names the groups).
 */
export function translateItem<
  T extends Pick<TranslatableItem, "id" | "name" | "options"> & { description?: string },
>(item: T, translations: ReadonlyMap<string, string>): T {
  if (translations.size === 0) return item;
  return {
    ...item,
    name: translated(translations, itemTextKey(item.id, "name"), item.name),
    // An item as an order prices it has no description to translate.
    ...(item.description === undefined
      ? {}
      : {
          description: translated(
            translations,
            itemTextKey(item.id, "description"),
            item.description,
          ),
        }),
    options: item.options.map((group) => ({
      ...group,
      name: translated(translations, groupTextKey(item.id, group.id), group.name),
      choices: group.choices.map((choice) => ({
        ...choice,
        name: translated(translations, choiceTextKey(item.id, group.id, choice.id), choice.name),
      })),
    })),
  };
}

/** A category's name in a further language, or as it is. */
export function translatedCategory(translations: ReadonlyMap<string, string>, name: string) {
  return translated(translations, categoryTextKey(name), name);
}

/** Special days with their notes in a further language, or as they are. */
export function translatedSpecialHours<T extends { from: string; note: string }>(
  specialHours: readonly T[],
  translations: ReadonlyMap<string, string>,
): T[] {
  return specialHours.map((special) => ({
    ...special,
    note: translated(translations, noteTextKey(special.from), special.note),
  }));
}

/**
 * An order's lines in a further language, for the customer who ordered in it. The lines keep
 * the main language's names as they were when the order was placed (the owner reads them);
 * each is shown in the customer's language where the owner translated it, its choices found
 * by their names among the item's current options, and as stored where nothing matches.
 */
export function translatedOrderLines<
  T extends { itemId: string; name: string; choices: Array<{ group: string; name: string }> },
>(
  lines: readonly T[],
  optionsOfItem: ReadonlyMap<string, readonly OptionGroup[]>,
  translations: ReadonlyMap<string, string>,
): T[] {
  if (translations.size === 0) return [...lines];
  return lines.map((line) => {
    const options = optionsOfItem.get(line.itemId) ?? [];
    return {
      ...line,
      name: translated(translations, itemTextKey(line.itemId, "name"), line.name),
      choices: line.choices.map((choice) => {
        const group = options.find((each) => each.name === choice.group);
        const option = group?.choices.find((each) => each.name === choice.name);
        if (!group || !option) return choice;
        return {
          ...choice,
          group: translated(translations, groupTextKey(line.itemId, group.id), choice.group),
          name: translated(
            translations,
            choiceTextKey(line.itemId, group.id, option.id),
            choice.name,
          ),
        };
      }),
    };
  });
}
