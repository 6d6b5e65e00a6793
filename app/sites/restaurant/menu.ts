/**
 * A restaurant's public menu: its items grouped by category, in the order a
 * customer reads them, each group with an id the page can link to.
 */
import { compareNames } from "~/lib/items";

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

/** Spellings that differ only in case or spacing ("Drinks", " drinks ") are one category. */
function categoryKey(category: string): string {
  return category.trim().replace(/\s+/g, " ").normalize("NFC").toLowerCase();
}

/**
 * Groups items by category: categories sorted by name, items sorted by name in each, and
 * the items without a category in one last group labelled "Other" (joined to a category
 * the owner named "Other" if there is one). A category spelled several ways is shown with
 * the spelling most of its items use.
 */
export function groupMenu<T extends Groupable>(items: readonly T[]): MenuSection<T>[] {
  const groups = new Map<string, { spellings: Map<string, number>; items: T[] }>();
  const uncategorized: T[] = [];
  for (const item of items) {
    const key = categoryKey(item.category ?? "");
    if (key === "") {
      uncategorized.push(item);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = { spellings: new Map(), items: [] };
      groups.set(key, group);
    }
    const spelling = item.category.trim().replace(/\s+/g, " ");
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
    group.items.push(item);
  }

  const otherKey = categoryKey(UNCATEGORIZED_LABEL);
  const joinsOther = uncategorized.length > 0 && groups.has(otherKey);
  if (joinsOther) groups.get(otherKey)!.items.push(...uncategorized);

  const byItemName = (a: T, b: T) => compareNames(a.name, b.name) || compareNames(a.id, b.id);
  const named = [...groups.values()]
    .map((group) => ({
      name: preferredSpelling(group.spellings),
      uncategorized: false,
      items: group.items.sort(byItemName),
    }))
    .sort((a, b) => compareNames(a.name, b.name));
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
