// The four kinds of site an owner can create (SPEC sections 1–3). What each kind is lives
// in its folder beside this file; `app/sites/index.ts` maps a type to it.

export const PRODUCT_TYPES = ["restaurant", "shoppy", "dealership", "ecommerce"] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** First segment of a public path: /r, /s, /d, /e (SPEC section 2). */
export type PublicPrefix = "r" | "s" | "d" | "e";

/**
 * The prefix of a public page's path, as `PUBLIC_PAGE_PATH` accepts it (normalized, at the
 * portal's address): its first segment, one letter (`/s/…` is "s").
 */
export function publicPrefixOfPath(path: string): PublicPrefix {
  return path[1] as PublicPrefix;
}

/** One value for each site type's public pages, made from their prefix. */
export function byPublicPrefix<T>(valueFor: (prefix: PublicPrefix) => T): Record<PublicPrefix, T> {
  return { r: valueFor("r"), s: valueFor("s"), d: valueFor("d"), e: valueFor("e") };
}

export function isProductType(value: unknown): value is ProductType {
  return typeof value === "string" && (PRODUCT_TYPES as readonly string[]).includes(value);
}
