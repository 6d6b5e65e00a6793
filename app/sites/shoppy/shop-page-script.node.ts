/**
 * `virtual:shop-page-script` for tools that do not run Vite: tsc takes its type from here,
 * and Playwright's test files, which render the shop page in Node, its text (tsconfig.json
 * maps the name to this file). Vite and Vitest never load it: their plugin answers first.
 */
import { buildShopPageScript } from "./shop-page-script.build";

/** The shop page's inline script, exactly as the plugin builds it. */
export const SHOP_PAGE_SCRIPT: string = buildShopPageScript().code;
