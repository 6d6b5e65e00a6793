/**
 * A restaurant's public menu: its items grouped by category, in the owner's order of
 * categories, each group with an id the page can link to; and that order itself, which
 * the editor shows, changes and keeps (product_info.category_order).
 */
import { categoryKey, categorySpelling, compareNames } from "~/lib/items";

/** The label of the group that holds items without a category; it comes last. */
export const UNCATEGORIZED_LABEL = "Other";

export interface MenuSection<T> {
  /** A safe, unique HTML id: `section-` and lower-case ASCII letters, digits and hyphens. */
  id: string;
  /** The category as the owner spelled it, or UNCATEGORIZED_LABEL. */
  name: string;
  /** True for the group of items that have no category. */
  uncategorized: boolean;
  items: T[];
}

interface Groupable {
  id: string;
  name: string;
  category: string;
}

/**
 * Groups items by category: categories in the owner's order (`order`, matched ignoring
 * case and spacing; categories it does not name follow by name), items sorted by name in
 * each, and the items without a category in one last group labelled "Other" (joined to a
 * category the owner named "Other" if there is one). A category spelled several ways is
 * shown with the spelling most of its items use.
 */
export function groupMenu<T extends Groupable>(
  items: readonly T[],
  order: readonly string[] = [],
): MenuSection<T>[] {
  const groups = new Map<string, { spellings: Map<string, number>; items: T[] }>();
  const uncategorized: T[] = [];
  // Each category as written, read once: a menu's dishes share a few (this runs every view).
  const readCategories = new Map<string, { key: string; spelling: string }>();
  for (const item of items) {
    const category = item.category ?? "";
    let read = readCategories.get(category);
    if (!read) {
      read = { key: categoryKey(category), spelling: categorySpelling(category) };
      readCategories.set(category, read);
    }
    const { key, spelling } = read;
    if (key === "") {
      uncategorized.push(item);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = { spellings: new Map(), items: [] };
      groups.set(key, group);
    }
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
    group.items.push(item);
  }

  const otherKey = categoryKey(UNCATEGORIZED_LABEL);
  const joinsOther = uncategorized.length > 0 && groups.has(otherKey);
  if (joinsOther) groups.get(otherKey)!.items.push(...uncategorized);

  const byItemName = (a: T, b: T) => compareNames(a.name, b.name) || compareNames(a.id, b.id);
  const byOwnerOrder = ownerOrderComparator(order);
  const named = [...groups.entries()]
    .map(([key, group]) => ({
      key,
      name: preferredSpelling(group.spellings),
      uncategorized: false,
      items: group.items.sort(byItemName),
    }))
    .sort(byOwnerOrder)
    .map(({ key: _key, ...group }) => group);
  const all =
    uncategorized.length > 0 && !joinsOther
      ? [
          ...named,
          { name: UNCATEGORIZED_LABEL, uncategorized: true, items: uncategorized.sort(byItemName) },
        ]
      : named;

  const usedIds = new Set<string>();
  return all.map((group) => ({ id: uniqueId(sectionIdBase(group.name), usedIds), ...group }));
}

/**
 * Compares categories (`key` from categoryKey, `name` as shown) by their place in the
 * owner's order; those it does not name come after, by name.
 */
function ownerOrderComparator(order: readonly string[]) {
  const rank = new Map<string, number>();
  for (const name of order) {
    const key = categoryKey(typeof name === "string" ? name : "");
    if (key !== "" && !rank.has(key)) rank.set(key, rank.size);
  }
  return (a: { key: string; name: string }, b: { key: string; name: string }) => {
    const rankA = rank.get(a.key) ?? Number.POSITIVE_INFINITY;
    const rankB = rank.get(b.key) ?? Number.POSITIVE_INFINITY;
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    return compareNames(a.name, b.name);
  };
}

/**
 * The categories in use, in the owner's order, each once in the spelling the menu shows:
 * what the editor's Category order lists and what `category_order` holds once written.
 * `categories` are the items' categories as stored (repeats and blanks allowed).
 */
export function orderedCategories(
  categories: readonly string[],
  order: readonly string[] = [],
): string[] {
  return groupMenu(
    categories.map((category, index) => ({ id: String(index), name: "", category })),
    order,
  )
    .filter((section) => !section.uncategorized)
    .map((section) => section.name);
}

/**
 * The order to keep after items changed: `before` (the categories in use before, in the
 * order the menu showed them) without those no longer in use, then any new category, last.
 * `categories` are the items' categories after the change.
 */
export function categoryOrderAfterChange(
  before: readonly string[],
  categories: readonly string[],
): string[] {
  const inUse = orderedCategories(categories);
  const keysInUse = new Set(inUse.map(categoryKey));
  const kept = before.filter((name) => keysInUse.delete(categoryKey(name)));
  return [...kept, ...inUse.filter((name) => keysInUse.has(categoryKey(name)))];
}

export type CategoryMove = { category: string; direction: "up" | "down" };

/**
 * The order after moving one category a place up or down, or null when it is not in
 * the list (or already at that end).
 */
export function movedCategory(order: readonly string[], move: CategoryMove): string[] | null {
  const key = categoryKey(move.category);
  const index = order.findIndex((name) => categoryKey(name) === key);
  const target = move.direction === "up" ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= order.length) return null;
  const next = [...order];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * Whether `order` names each category in use exactly once (ignoring case and spacing) and
 * nothing else: an owner's list is taken only then, so one sent from a page that missed a
 * change (an item added meanwhile in another tab) is refused rather than guessed at.
 */
export function matchesCategoriesInUse(
  order: readonly string[],
  categories: readonly string[],
): boolean {
  const inUse = new Set(orderedCategories(categories).map(categoryKey));
  const seen = new Set<string>();
  for (const name of order) {
    const key = categoryKey(name);
    if (!inUse.has(key) || seen.has(key)) return false;
    seen.add(key);
  }
  return seen.size === inUse.size;
}

/** The spelling most items use; on a tie, the first in name order. */
function preferredSpelling(spellings: Map<string, number>): string {
  let best = "";
  let bestCount = 0;
  for (const [spelling, count] of spellings) {
    if (count > bestCount || (count === bestCount && compareNames(spelling, best) < 0)) {
      best = spelling;
      bestCount = count;
    }
  }
  return best;
}

/**
 * `section-` plus the name in lower-case ASCII ("Crème brûlée" -> "section-creme-brulee").
 * A name with no ASCII letter or digit (say "饮料") gets a short hash of itself instead,
 * so its id does not change when other categories come and go.
 */
export function sectionIdBase(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 48)
    .replace(/^-+|-+$/g, "");
  return `section-${ascii || `c${fnv1a(name).toString(36)}`}`;
}

function uniqueId(base: string, used: Set<string>): string {
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** 32-bit FNV-1a over UTF-16 code units: short, stable and good enough to tell names apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
