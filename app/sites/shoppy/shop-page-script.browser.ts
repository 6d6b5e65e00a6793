/**
 * The shop page's inline script, as a browser entry: `enhanceShop` with the very rules the
 * server filters, counts and labels with, and makes its payment links with. Built by
 * esbuild into one minified program (app/sites/browser-scripts.build.ts) that the page
 * embeds; see docs/decisions/0008-public-shop-script.md.
 */
import { sizesLine } from "~/lib/option-lines";
import { foldForSearch } from "~/lib/search-text";
import { SWIPE_THRESHOLD_PX } from "~/lib/limits";
import {
  buildShopItemDetail,
  enhanceShop,
  matchesShopFilters,
  paypalLink,
  photoAlt,
  photoDotLabel,
  photosHint,
  photosLabel,
  photoText,
  readShopItems,
  shopCountText,
  venmoLink,
} from "./shop-page-script";

enhanceShop(
  {
    matches: matchesShopFilters,
    fold: foldForSearch,
    countText: shopCountText,
    photoText,
    photoAlt,
    photosLabel,
    photosHint,
    photoDotLabel,
    paypalLink,
    venmoLink,
    sizesLine,
    read: readShopItems,
    build: buildShopItemDetail,
  },
  SWIPE_THRESHOLD_PX,
);
