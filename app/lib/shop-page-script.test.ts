import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { foldForSearch } from "./items";
import { SWIPE_THRESHOLD_PX } from "./limits";
import { SHOP_PAGE_SCRIPT } from "./shop";
import {
  matchesShopFilters,
  photoAlt,
  photoDotLabel,
  photosHint,
  photosLabel,
  photoText,
  shopCountText,
} from "./shop-page-script";

/** GUIDE section 6: at most 15 KB of JavaScript (gzip) on any public page. */
const BUDGET_BYTES = 15 * 1024;

/** A function as the page receives it: its source text, evaluated on its own. */
function serialised<T>(fn: T): T {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the source text is the point
  return (new Function(`return (${String(fn)});`) as () => T)();
}

describe("the shop page's script", () => {
  it("fits the public pages' JavaScript budget", () => {
    const gzipped = gzipSync(Buffer.from(SHOP_PAGE_SCRIPT, "utf8"), { level: 9 }).length;
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
    // Well inside it, in fact; a jump here means something large was pulled in.
    expect(gzipped).toBeLessThan(5 * 1024);
  });

  it("is one parseable program that calls enhanceShop with the shared rules", () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- parsing the page's script is the test
    expect(() => new Function(SHOP_PAGE_SCRIPT)).not.toThrow();
    expect(SHOP_PAGE_SCRIPT).toContain(`},${SWIPE_THRESHOLD_PX});`);
  });

  it("cannot end its own script element, and pulls in no module code", () => {
    expect(SHOP_PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i);
    expect(SHOP_PAGE_SCRIPT).not.toMatch(/\b(import|require|__vite|__name|exports)\b/);
  });

  it("builds the item's detail without parsing markup", () => {
    expect(SHOP_PAGE_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it("gets helpers that work on their own, with the same answers as on the server", () => {
    const matches = serialised(matchesShopFilters);
    const fold = serialised(foldForSearch);
    const cases: Array<[string[], string]> = [
      [[], ""],
      [["gifts"], ""],
      [["Bags", "Home"], "CRÈME"],
      [[], "pocket"],
      [["Nope"], "tote"],
    ];
    const items = [
      { name: "Canvas Tote", description: "Inner pocket", tags: ["Bags"] },
      { name: "Crème Candle", description: "", tags: ["Home", "Gifts"] },
    ];
    for (const [tags, query] of cases) {
      for (const item of items) {
        expect(matches(item, tags, query, fold)).toBe(
          matchesShopFilters(item, tags, query, foldForSearch),
        );
      }
    }
    expect(serialised(shopCountText)(2, 5)).toBe(shopCountText(2, 5));
    expect(serialised(photoText)(1, 3)).toBe("Photo 2 of 3");
    expect(serialised(photoAlt)("Mug", 1, 3)).toBe("Mug, photo 2 of 3");
    expect(serialised(photoAlt)("Mug", 0, 1)).toBe("Mug");
    expect(serialised(photosLabel)("Mug")).toBe("Photos of Mug");
    expect(serialised(photosHint)(3)).toBe("3 photos: scroll sideways to see them all.");
    expect(serialised(photoDotLabel)(1)).toBe("Photo 2");
  });
});
