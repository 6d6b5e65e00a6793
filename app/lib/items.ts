/**
 * Items of a menu or a shop: their limits, and how the editor's list searches and sorts
 * them. The forms' zod schemas are in ./items-schema.ts, which the browser loads only when
 * a form validates.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { OptionGroup } from "./item-options";
import { foldForSearch } from "./search-text";

export const CATEGORY_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 1000;

/** Item ids are opaque letters and digits; anything else is refused before a query runs. */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/** The longest price text a form takes: room for "1,234,567.89" and a currency sign, and no more. */
export const PRICE_INPUT_MAX_LENGTH = 32;

/** The photo list after moving the one at `index` a place earlier or later; null if it cannot. */
export function movedImages(
  images: readonly string[],
  index: number,
  direction: "earlier" | "later",
): string[] | null {
  const target = direction === "earlier" ? index - 1 : index + 1;
  if (index >= images.length || target < 0 || target >= images.length) return null;
  const next = [...images];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The photo list without the one at `index`; null if there is none there. */
export function withoutImage(images: readonly string[], index: number): string[] | null {
  return index < images.length ? images.filter((_, i) => i !== index) : null;
}

export interface ListedItem {
  id: string;
  name: string;
  category: string;
  description: string;
  priceCents: number;
}

export const ITEM_SORTS = [
  { value: "name-asc", label: "Name (A to Z)" },
  { value: "name-desc", label: "Name (Z to A)" },
  // A menu's categories in the order its public page shows them (see sortItems).
  { value: "category-asc", label: "Category (menu order)" },
  { value: "category-desc", label: "Category (menu order, reversed)" },
  { value: "price-asc", label: "Price (low to high)" },
  { value: "price-desc", label: "Price (high to low)" },
] as const;

export type ItemSort = (typeof ITEM_SORTS)[number]["value"];

export function parseItemSort(value: string | null | undefined): ItemSort {
  return ITEM_SORTS.some((sort) => sort.value === value) ? (value as ItemSort) : "name-asc";
}

export { foldForSearch };

/** Items whose name, category or description contains the query (case- and accent-insensitive). */
export function searchItems<T extends ListedItem>(items: readonly T[], query: string): T[] {
  const needle = foldForSearch(query.trim());
  if (needle === "") return [...items];
  return items.filter((item) =>
    [item.name, item.category, item.description].some((text) =>
      foldForSearch(text).includes(needle),
    ),
  );
}

// Fixed locale so the server renders the same order whatever machine it runs on;
// numeric so "Combo 2" comes before "Combo 10".
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * Locale-aware and case-insensitive ("apple" and "Banana" sort as a reader expects);
 * names that compare equal that way fall back to code-point order, so the order is total.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A category as the owner spelled it, its spacing tidied: " Hot  drinks " is "Hot drinks". */
export function categorySpelling(category: string): string {
  return category.trim().replace(/\s+/g, " ");
}

/** Spellings that differ only in case or spacing ("Drinks", " drinks ") are one category. */
export function categoryKey(category: string): string {
  return categorySpelling(category).normalize("NFC").toLowerCase();
}

/**
 * A sorted copy; ties fall back to the name, then the id, so the order never jitters. By
 * category, `categoryOrder` (the menu's order, app/sites/restaurant/menu.ts) ranks the
 * categories, items without one coming last; categories it does not name, or all of them
 * without it, sort by name.
 */
export function sortItems<T extends ListedItem>(
  items: readonly T[],
  sort: ItemSort,
  categoryOrder: readonly string[] = [],
): T[] {
  const [key, direction] = sort.split("-") as ["name" | "category" | "price", "asc" | "desc"];
  const sign = direction === "asc" ? 1 : -1;
  const byName = (a: T, b: T) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
  const rank = new Map(categoryOrder.map((category, index) => [categoryKey(category), index]));
  const byCategory = (a: T, b: T) => {
    if (rank.size === 0) return collator.compare(a.category, b.category);
    const rankOf = (item: T) => {
      const itemKey = categoryKey(item.category);
      return itemKey === "" ? rank.size + 1 : (rank.get(itemKey) ?? rank.size);
    };
    return rankOf(a) - rankOf(b) || collator.compare(a.category, b.category);
  };
  return [...items].sort((a, b) => {
    const primary =
      key === "price"
        ? a.priceCents - b.priceCents
        : key === "category"
          ? byCategory(a, b)
          : collator.compare(a.name, b.name);
    return primary !== 0 ? primary * sign : byName(a, b) * (key === "name" ? sign : 1);
  });
}

/** The distinct categories in use, sorted, for the category suggestions of the forms. */
export function distinctCategories(items: readonly { category: string }[]): string[] {
  const byKey = new Map<string, string>();
  for (const { category } of items) {
    const trimmed = category.trim();
    if (trimmed && !byKey.has(trimmed.toLowerCase())) byKey.set(trimmed.toLowerCase(), trimmed);
  }
  return [...byKey.values()].sort(collator.compare);
}

/** An item as the editors show it: the restaurant fields and the shop fields side by side. */
export interface EditorItem extends ListedItem {
  star: boolean;
  imageUrl: string;
  tags: string[];
  soldOut: boolean;
  /**
   * Sold out for today: when it is back on sale (ms since the epoch) and that moment in the
   * owner's words ("Tomorrow, 11:00 AM"); null when it is not sold out for today.
   */
  soldOutUntil: number | null;
  backText: string | null;
  images: string[];
  /** The list-size thumbnail of the item's (first) photo; "" when it has none. */
  thumbnailUrl: string;
  /** The list-size thumbnail of each of `images`, in the same order. */
  imageThumbnails: string[];
  /** A menu's dishes: what they contain and what they are (keys of app/lib/dietary.ts). */
  allergens: string[];
  diets: string[];
  /** Sizes and choice groups (app/lib/item-options.ts). */
  options: OptionGroup[];
}

export type ItemIntent =
  | "add-item"
  | "update-price"
  | "toggle-star"
  | "toggle-sold-out"
  | "sell-out"
  | "back-on-sale"
  | "update-item"
  | "delete-item"
  | "move-image"
  | "remove-image";

/**
 * What an item write answers: the intent and the item it was about (none for a
 * refused add), and Conform's reply to the form: the spec's message for the
 * intent as the form's error, and the field errors.
 */
export interface ItemActionResult {
  intent: ItemIntent;
  itemId?: string;
  result: SubmissionResult<string[]>;
  /** After a saved price: the price as stored, in cents. */
  priceCents?: number;
}

/**
 * A price saved from an item's row: the row shows the answer's price itself, so the
 * editor's routes do not load the whole list again for it (their `shouldRevalidate`).
 */
export function isSavedInPlace({
  formData,
  actionResult,
}: {
  formData?: FormData;
  actionResult?: unknown;
}): boolean {
  const answer = actionResult as ItemActionResult | undefined;
  return (
    formData?.get("intent") === "update-price" &&
    answer?.result?.status === "success" &&
    typeof answer.priceCents === "number"
  );
}

/** The form-level message of a refused item write, or null when it was not refused. */
export function itemFailure(answer: ItemActionResult | null | undefined): string | null {
  if (answer?.result.status !== "error") return null;
  return answer.result.error?.[""]?.join(" ") || null;
}
