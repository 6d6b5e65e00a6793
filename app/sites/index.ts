/**
 * The registry of site types: a type's key to its definition. Shared code asks here what
 * a type has (items, an image target, its labels and messages) instead of comparing type
 * names; each type's own rules live in its folder. See docs/decisions/0012-site-registry.md.
 */
import { dealershipSite } from "./dealership/site";
import { ecommerceSite } from "./ecommerce/site";
import { PRODUCT_TYPES, type ProductType } from "./product-types";
import { restaurantSite } from "./restaurant/site";
import { shoppySite } from "./shoppy/site";
import type { SiteDefinition } from "./site";

export { isProductType, PRODUCT_TYPES, type ProductType, type PublicPrefix } from "./product-types";
export type { ItemsDefinition, SiteDefinition } from "./site";

const SITES: { readonly [Type in ProductType]: SiteDefinition<Type> } = {
  restaurant: restaurantSite,
  shoppy: shoppySite,
  dealership: dealershipSite,
  ecommerce: ecommerceSite,
};

/** The definition of a site type. */
export function siteOf<Type extends ProductType>(type: Type): SiteDefinition<Type> {
  return SITES[type];
}

/** Every site type, in the spec's order (the create screen's order). */
export const ALL_SITES: readonly SiteDefinition[] = PRODUCT_TYPES.map((type) => SITES[type]);

/**
 * The site types whose customers order from their items: those whose definition has an Orders
 * tab (app/lib/order-settings.ts).
 */
export type OrderingType = Extract<ProductType, "restaurant" | "shoppy">;
export const ORDERING_TYPES = ALL_SITES.filter((site) => site.items?.orders).map(
  (site) => site.type,
) as readonly OrderingType[];

export function takesOrders(type: ProductType): type is OrderingType {
  return (ORDERING_TYPES as readonly ProductType[]).includes(type);
}

/** The site types that take table bookings: those whose editor has a Reservations tab. */
export function takesBookings(type: ProductType): boolean {
  return Boolean(SITES[type].items?.tabLabels.bookings);
}

/** The site type a public path's first segment names (`r`, `s`, `d`, `e`), or null. */
export function siteFromPrefix(prefix: unknown): SiteDefinition | null {
  return ALL_SITES.find((site) => site.publicPrefix === prefix) ?? null;
}
