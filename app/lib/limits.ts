// Business constants of SPEC section 9 (and the password bounds of the register form).

export const MAX_PRODUCTS_PER_USER = 3;
export const MAX_ITEMS_PER_PRODUCT = 50;
export const MAX_SHOP_TAGS = 50;
export const MAX_TAGS_PER_ITEM = 10;
export const MAX_IMAGES_PER_ITEM = 5;
/** 12 KB target for item images. */
export const ITEM_IMAGE_TARGET_BYTES = 12288;
/** 24 KB target for other images (logo, background). */
export const DEFAULT_IMAGE_TARGET_BYTES = 24576;
export const DELETE_BATCH_SIZE = 450;
export const SWIPE_THRESHOLD_PX = 40;
export const HERO_HEIGHT_PX = 280;
export const LOGO_SIZE_PX = 120;
/** One year; image URLs carry a version, so "immutable" is safe. */
export const IMAGE_CACHE_SECONDS = 31536000;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest site or item name: plenty for a business, short enough for a title bar. */
export const NAME_MAX_LENGTH = 100;

/**
 * The user record's max_product, bounded by the interface limit of 3 (SPEC sections 6 and 9).
 * A missing value (NaN) means the interface limit; negatives give 0; fractions round down.
 */
export function effectiveMaxProducts(maxProduct: number): number {
  if (typeof maxProduct !== "number" || Number.isNaN(maxProduct)) return MAX_PRODUCTS_PER_USER;
  return Math.max(0, Math.floor(Math.min(maxProduct, MAX_PRODUCTS_PER_USER)));
}

/**
 * Shoppy tags (SPEC section 5): trimmed, empties dropped, unique ignoring case (the first
 * spelling wins), in Unicode NFC so "é" typed two ways is one tag. Non-strings are dropped.
 * All unique tags are returned; `overLimit` says whether there are more than `max`, so the
 * caller can refuse with a message instead of silently losing tags.
 */
export function normalizeTags(
  input: unknown[],
  max: number,
): { tags: string[]; overLimit: boolean } {
  const tags: string[] = [];
  const seen = new Set<string>();
  if (Array.isArray(input)) {
    for (const raw of input) {
      if (typeof raw !== "string") continue;
      const tag = raw.trim().normalize("NFC");
      if (tag === "") continue;
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      tags.push(tag);
    }
  }
  const limit = Number.isNaN(max) ? 0 : Math.max(0, max);
  return { tags, overLimit: tags.length > limit };
}

/**
 * SPEC section 4: "Account status: text compared in lower case, default 'valid'. Only 'valid'
 * permits creating products." Only a missing status defaults; an empty string is not valid.
 */
export function isStatusValid(status: string | null | undefined): boolean {
  if (status === null || status === undefined) return true;
  if (typeof status !== "string") return false;
  return status.trim().toLowerCase() === "valid";
}
