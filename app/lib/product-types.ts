// The four kinds of site an owner can create (SPEC sections 1–3).

export const PRODUCT_TYPES = ["restaurant", "shoppy", "dealership", "ecommerce"] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

export type PublicPrefix = "r" | "s" | "d" | "e";

/** First segment of a public path: /r, /s, /d, /e (SPEC section 2). */
export const PUBLIC_PREFIX: Readonly<Record<ProductType, PublicPrefix>> = Object.freeze({
  restaurant: "r",
  shoppy: "s",
  dealership: "d",
  ecommerce: "e",
});

/** Collection names of SPEC section 3; also the first segment of storage keys (SPEC section 7). */
export const STORAGE_COLLECTION: Readonly<Record<ProductType, string>> = Object.freeze({
  restaurant: "restaurants",
  shoppy: "shoppies",
  dealership: "dealerships",
  ecommerce: "ecommerce",
});

export const PRODUCT_TYPE_LABEL: Readonly<Record<ProductType, string>> = Object.freeze({
  restaurant: "Restaurant",
  shoppy: "Shoppy",
  dealership: "Dealership",
  ecommerce: "E-commerce",
});

/** One line per type for the create screen. */
export const PRODUCT_TYPE_DESCRIPTION: Readonly<Record<ProductType, string>> = Object.freeze({
  restaurant: "A menu with categories, prices and photos.",
  shoppy: "A storefront with tags, photos and PayPal or Venmo links.",
  dealership: "A profile with contact details and opening hours.",
  ecommerce: "A store profile with contact details and opening hours.",
});

export function isProductType(value: unknown): value is ProductType {
  return typeof value === "string" && (PRODUCT_TYPES as readonly string[]).includes(value);
}
