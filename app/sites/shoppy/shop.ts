/**
 * The public shop page's rules: which tags it offers, what its address says about the
 * filters and the open item, and which items show. The page's script runs the same filter
 * (app/sites/shoppy/shop-page-script.browser.ts).
 */
import { compareNames, ITEM_ID_PATTERN } from "~/lib/items";
import { normalizeTags } from "~/lib/limits";
import { foldForSearch } from "~/lib/search-text";
import type { ShopItemFacts } from "~/lib/structured-data";
import {
  matchesShopFilters,
  photoText,
  shopCountText,
  type ShopFilterable,
} from "./shop-page-script";

export { matchesShopFilters, photoText, shopCountText };

/** Longest search the page reads from its address. */
export const SHOP_QUERY_MAX_LENGTH = 100;

export interface ShopFilters {
  /** Chosen tags, spelled and ordered as in the tag list. */
  tags: string[];
  /** Trimmed search text, "" for none. */
  query: string;
}

export const NO_FILTERS: ShopFilters = Object.freeze({ tags: [], query: "" });

/**
 * The tags a visitor can choose: the shop's own plus any an item uses, one per spelling
 * ignoring case (the shop's spelling first), sorted as a reader expects.
 */
export function shopTagOptions(
  shopTags: readonly unknown[],
  itemTags: ReadonlyArray<readonly unknown[]>,
): string[] {
  const { tags } = normalizeTags([...shopTags, ...itemTags.flat()], Number.POSITIVE_INFINITY);
  return tags.sort(compareNames);
}

/** A tag from the address as it is compared with the offered tags (each lower-cased). */
function tagMatchKey(tag: string): string {
  return tag.trim().normalize("NFC").toLowerCase();
}

function readShopQuery(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, SHOP_QUERY_MAX_LENGTH).trim();
}

function readItemId(params: URLSearchParams): string | null {
  const item = params.get("item");
  return item && ITEM_ID_PATTERN.test(item) ? item : null;
}

/**
 * Reads `?tag=a&tag=b&q=…&item=…`. Only offered tags count (matched ignoring case, returned
 * in the list's order); the query is trimmed and bounded; the item id must look like one.
 */
export function parseShopSearch(
  params: URLSearchParams,
  tagOptions: readonly string[],
): { filters: ShopFilters; itemId: string | null } {
  const wanted = new Set(params.getAll("tag").map(tagMatchKey));
  const tags = tagOptions.filter((tag) => wanted.has(tag.toLowerCase()));
  return { filters: { tags, query: readShopQuery(params) }, itemId: readItemId(params) };
}

/**
 * Only what `parseShopSearch` reads of an address, in one form: each tag once, as it is
 * matched, sorted (the page lists chosen tags in its own order, whatever the address's);
 * then the search and the open item, each only when it says something. Two addresses with
 * the same form render the same page, so the page cache keeps one copy for both; and
 * `parseShopSearch` reads the same from the form as from the address it came from.
 */
export function canonicalShopSearch(params: URLSearchParams): URLSearchParams {
  const canonical = new URLSearchParams();
  // No offered tag is empty, so an empty one chooses nothing.
  const tags = new Set(params.getAll("tag").map(tagMatchKey).filter(Boolean));
  for (const tag of [...tags].sort()) canonical.append("tag", tag);
  const query = readShopQuery(params);
  if (query) canonical.set("q", query);
  const itemId = readItemId(params);
  if (itemId) canonical.set("item", itemId);
  return canonical;
}

/** The page's address for these filters, with an open item or without. The script builds the same. */
export function shopHref(path: string, filters: ShopFilters, itemId: string | null = null): string {
  const params = new URLSearchParams();
  for (const tag of filters.tags) params.append("tag", tag);
  if (filters.query) params.set("q", filters.query);
  if (itemId) params.set("item", itemId);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether an item shows under these filters: any chosen tag, and the search in its text. */
export function shopItemMatches(item: ShopFilterable, filters: ShopFilters): boolean {
  return matchesShopFilters(item, filters.tags, filters.query, foldForSearch);
}

/**
 * An item as the shop page's JSON-LD lists it (`shopJsonLd`): with its own address, and its
 * photos as the page shows them, both relative to the page. The page's script reads them
 * there (`readShopItems`), so that the page carries them once.
 */
export function shopItemFacts(item: Omit<ShopItemFacts, "url"> & { id: string }): ShopItemFacts {
  return { ...item, url: shopHref("", NO_FILTERS, item.id) };
}
