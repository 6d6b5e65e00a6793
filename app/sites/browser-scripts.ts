/**
 * Every inline script a public page may carry, as built (app/sites/browser-scripts.build.ts).
 * The public pages are cached and shared, so they cannot carry a nonce: their one
 * Content-Security-Policy allows each of these by its SHA-256 (`PUBLIC_SCRIPT_HASHES` in
 * app/server/http/security-headers.server.ts). A new script is added here, and to the build's list.
 */
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";

/** In the order the policy names them. */
export const PUBLIC_PAGE_SCRIPTS: readonly string[] = [
  SHOP_PAGE_SCRIPT,
  MENU_NAV_SCRIPT,
  MENU_FILTER_SCRIPT,
  LANGUAGE_HINT_SCRIPT,
];
