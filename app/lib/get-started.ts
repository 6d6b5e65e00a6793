/**
 * The way a visitor starts: from a product's page to registration, and from registration to
 * the create screen with that product already chosen. The product travels in the address
 * (`/register?product=restaurant`), so anyone can type any value there: only what
 * `startableProduct` accepts is ever used.
 */
import { isProductType, type ProductType } from "~/sites/product-types";
import { catalogEntry } from "./catalog";

/** The query parameter of /register that names the product a visitor came from. */
export const PRODUCT_PARAMETER = "product";

/** The path of our own registration page (REGISTER_URL may send visitors elsewhere). */
const OWN_REGISTER_PATH = "/register";

/**
 * The product a new owner may start with: an enabled product of the catalog (restaurant and
 * shoppy), or null for anything else, including disabled products and unknown values.
 */
export function startableProduct(value: unknown): ProductType | null {
  const entry = catalogEntry(value);
  return entry?.enabled && isProductType(entry.id) ? entry.id : null;
}

/** The startable product named by an address's `product` parameter, or null. */
export function productFromSearch(search: URLSearchParams): ProductType | null {
  return startableProduct(search.get(PRODUCT_PARAMETER));
}

/**
 * Where "Create your page" leads a signed-out visitor: our registration page with the
 * product to keep, or the external page of REGISTER_URL as it is configured (it is not ours
 * to add parameters to), or nowhere when registration is closed (`registerHref` null).
 */
export function registerLink(
  registerHref: string | null,
  product: ProductType | null,
): string | null {
  if (registerHref !== OWN_REGISTER_PATH || !product) return registerHref;
  return `${OWN_REGISTER_PATH}?${new URLSearchParams({ [PRODUCT_PARAMETER]: product })}`;
}

/** The create screen, with `product` chosen when there is one. */
export function createSitePath(product: ProductType | null): string {
  return product ? `/user/create?${new URLSearchParams({ type: product })}` : "/user/create";
}

/** Where a new owner lands once registered: creating the product they came for, else their sites. */
export function pathAfterRegistration(product: ProductType | null): string {
  return product ? createSitePath(product) : "/user";
}

/**
 * The type the create screen starts with: `?type=` when it names a type an owner may create
 * (any of them, as the screen offers them all), else none.
 */
export function typeToPreselect(search: URLSearchParams): ProductType | null {
  const type = search.get("type");
  return isProductType(type) ? type : null;
}
