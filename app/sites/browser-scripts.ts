/**
 * Every inline script a public page may carry, as built (app/sites/browser-scripts.build.ts).
 * The public pages are cached and shared, so they cannot carry a nonce: their
 * Content-Security-Policy allows each of their site type's scripts by its SHA-256
 * (`PUBLIC_SCRIPT_HASHES` in app/server/http/security-headers.server.ts). A new script is
 * added here, under each site type whose pages carry it, and to the build's list.
 */
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import { ORDER_PAGE_SCRIPT } from "virtual:order-page-script";
import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";
import type { PublicPrefix } from "./product-types";

/**
 * The scripts each site type's public pages may carry, by the prefix of their address, in the
 * order the policy names them: a page's policy allows its own type's alone, which keeps the
 * headers of every view short (a shop's page is sent with two hashes, not four).
 */
export const PUBLIC_PAGE_SCRIPTS: Readonly<Record<PublicPrefix, readonly string[]>> = {
  r: [MENU_NAV_SCRIPT, MENU_FILTER_SCRIPT, LANGUAGE_HINT_SCRIPT],
  s: [SHOP_PAGE_SCRIPT, LANGUAGE_HINT_SCRIPT],
  d: [LANGUAGE_HINT_SCRIPT],
  e: [LANGUAGE_HINT_SCRIPT],
};

/**
 * The order page's one script. The page is cached and shared like the public pages, so its
 * policy allows the script by its hash too (`orderPageSecurityHeaders`).
 */
export const ORDER_PAGE_SCRIPTS: readonly string[] = [ORDER_PAGE_SCRIPT];
