/**
 * How searches compare text. A module of its own, importing nothing, so that the shop
 * page's browser script (app/sites/shoppy/shop-page-script.browser.ts) can use it without
 * bundling the validation schemas of items.ts.
 */

/** Lower case without accents, so "creme" finds "Crème" and "ÉCLAIR" finds "éclair". */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}
