// The four kinds of site an owner can create (SPEC sections 1–3). What each kind is lives
// in its folder beside this file; `app/sites/index.ts` maps a type to it.

export const PRODUCT_TYPES = ["restaurant", "shoppy", "dealership", "ecommerce"] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** First segment of a public path: /r, /s, /d, /e (SPEC section 2). */
export type PublicPrefix = "r" | "s" | "d" | "e";

/** One value for each site type's public pages, made from their prefix. */
export function byPublicPrefix<T>(valueFor: (prefix: PublicPrefix) => T): Record<PublicPrefix, T> {
  return { r: valueFor("r"), s: valueFor("s"), d: valueFor("d"), e: valueFor("e") };
}

export function isProductType(value: unknown): value is ProductType {
  return typeof value === "string" && (PRODUCT_TYPES as readonly string[]).includes(value);
}
