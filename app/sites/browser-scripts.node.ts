/**
 * The browser scripts' modules (`virtual:shop-page-script`, …) for tools that do not run Vite:
 * tsc takes their types from here, and Playwright's test files and tsx, which render pages in
 * Node, their texts (tsconfig.json maps each module's name to this file). Vite and Vitest
 * never load it: their plugin answers first.
 */
import { buildBrowserScript } from "./browser-scripts.build";

/** The shop page's script, exactly as the plugin builds it. */
export const SHOP_PAGE_SCRIPT: string = buildBrowserScript("virtual:shop-page-script").code;
/** The restaurant page's Menu and chips script, exactly as the plugin builds it. */
export const MENU_NAV_SCRIPT: string = buildBrowserScript("virtual:menu-nav-script").code;
/** The restaurant page's dietary filter script, exactly as the plugin builds it. */
export const MENU_FILTER_SCRIPT: string = buildBrowserScript("virtual:menu-filter-script").code;
/** The language hint's script, exactly as the plugin builds it. */
export const LANGUAGE_HINT_SCRIPT: string = buildBrowserScript("virtual:language-hint-script").code;
/** The order page's script, exactly as the plugin builds it. */
export const ORDER_PAGE_SCRIPT: string = buildBrowserScript("virtual:order-page-script").code;
/** The order status page's script, exactly as the plugin builds it. */
export const ORDER_STATUS_SCRIPT: string = buildBrowserScript("virtual:order-status-script").code;
