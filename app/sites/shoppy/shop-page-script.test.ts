import { gzipSync } from "node:zlib";
import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";
import { describe, expect, it, vi } from "vitest";
import { formatPrice, priceAmount } from "~/lib/price";
import { foldForSearch } from "~/lib/search-text";
import { buildBrowserScript } from "~/sites/browser-scripts.build";
import { paypalPaymentUrl, venmoPaymentUrl } from "./payments";
import { ENGLISH } from "~/lib/i18n/page-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { languageFormats } from "~/lib/i18n/text";
import { shopScriptWords } from "./public-shop";
import {
  matchesShopFilters,
  paypalLink,
  photoAlt,
  photoDotLabel,
  photosHint,
  photosLabel,
  photoText,
  shopCountText,
  venmoLink,
} from "./shop-page-script";

/** GUIDE section 6: at most 15 KB of JavaScript (gzip) on any public page. */
const BUDGET_BYTES = 15 * 1024;

// What every browser script must be (one program, ASCII, …): app/sites/browser-scripts.test.ts.
describe("the shop page's script, as built", () => {
  it("bundles the rules it shares with the server", () => {
    expect(buildBrowserScript("virtual:shop-page-script").inputs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/app\/sites\/shoppy\/shop-page-script\.ts$/),
        expect.stringMatching(/app\/lib\/search-text\.ts$/),
      ]),
    );
  });

  it("fits the public pages' JavaScript budget", () => {
    const gzipped = gzipSync(Buffer.from(SHOP_PAGE_SCRIPT, "utf8"), { level: 9 }).length;
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
    // Well inside it, in fact; a jump here means something large was bundled in.
    expect(gzipped).toBeLessThan(5 * 1024);
  });

  it("is one program that keeps to itself and does nothing on a page without a shop", () => {
    const querySelector = vi.fn(() => null);
    const globals = new Set(Object.keys(globalThis));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the page's script is the test
    (new Function("document", SHOP_PAGE_SCRIPT) as (document: unknown) => void)({ querySelector });
    expect(querySelector).toHaveBeenCalledWith("[data-shop]");
    expect(Object.keys(globalThis).filter((name) => !globals.has(name))).toEqual([]);
  });

  it("builds the item's detail without parsing markup", () => {
    expect(SHOP_PAGE_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });
});

describe("the rules the script shares with the server", () => {
  it("filters by ANY chosen tag (ignoring case) AND the search (ignoring case and accents)", () => {
    const tote = { name: "Canvas Tote", description: "Inner pocket", tags: ["Bags"] };
    const candle = { name: "Crème Candle", description: "", tags: ["Home", "Gifts"] };
    const shown = (tags: string[], query: string) =>
      [tote, candle]
        .filter((item) => matchesShopFilters(item, tags, query, foldForSearch))
        .map((item) => item.name);
    expect(shown([], "")).toEqual(["Canvas Tote", "Crème Candle"]);
    expect(shown(["gifts"], "")).toEqual(["Crème Candle"]);
    expect(shown(["Bags", "Home"], "CRÈME")).toEqual(["Crème Candle"]);
    expect(shown([], " pocket ")).toEqual(["Canvas Tote"]);
    expect(shown([], "home")).toEqual(["Crème Candle"]);
    expect(shown(["Nope"], "tote")).toEqual([]);
  });

  it("counts and labels as the page does", () => {
    const words = shopScriptWords(ENGLISH);
    expect(shopCountText(words, 5, 5)).toBe("5 items");
    expect(shopCountText(words, 2, 5)).toBe("2 of 5 items");
    expect(shopCountText(words, 1, 1)).toBe("1 item");
    expect(photoText(words, 1, 3)).toBe("Photo 2 of 3");
    expect(photoAlt(words, "Mug", 1, 3)).toBe("Mug, photo 2 of 3");
    expect(photoAlt(words, "Mug", 0, 1)).toBe("Mug");
    expect(photosLabel(words, "Mug")).toBe("Photos of Mug");
    expect(photosHint(words, 3)).toBe("3 photos: scroll sideways to see them all.");
    expect(photoDotLabel(words, 1)).toBe("Photo 2");
  });

  it("writes a name as it is, whatever it holds", () => {
    const words = shopScriptWords(ENGLISH);
    expect(photosLabel(words, "$& {count} $1")).toBe("Photos of $& {count} $1");
    expect(photoAlt(words, "{number} $'", 0, 2)).toBe("{number} $', photo 1 of 2");
  });

  it("speaks the page's language", () => {
    const spanish = shopScriptWords(pageLanguage("es"));
    const english = shopScriptWords(ENGLISH);
    expect(shopCountText(spanish, 2, 5)).not.toBe(shopCountText(english, 2, 5));
    expect(shopCountText(spanish, 2, 5)).toMatch(/2\D+5/);
    // The server's formats, made once per language, write what the script's own do.
    for (const words of [spanish, english, shopScriptWords(pageLanguage("ar"))]) {
      const formats = languageFormats(words.tag);
      for (const [shown, total] of [
        [1, 1],
        [2, 5],
        [1234, 5678],
      ] as const) {
        expect(shopCountText(words, shown, total, formats)).toBe(
          shopCountText(words, shown, total),
        );
      }
      expect(photosHint(words, 2, formats.rules)).toBe(photosHint(words, 2));
    }
    expect(photoText(spanish, 1, 3)).toMatch(/2\D+3/);
    expect(photoText(spanish, 1, 3)).not.toBe("Photo 2 of 3");
  });

  it("makes an item's payment links from what the page shows, as the server does", () => {
    // The script has the Offer's amount and currency from the JSON-LD, and the price as
    // the card shows it; the server has the price in cents.
    for (const [cents, currency] of [
      [1250, "USD"],
      [7, "USD"],
      [1250, "EUR"],
      [150000, "JPY"],
    ] as const) {
      const amount = priceAmount(cents, currency);
      const shown = formatPrice(cents, currency);
      expect(paypalLink("janeshop", amount, currency)).toBe(
        paypalPaymentUrl("janeshop", cents, currency),
      );
      expect(venmoLink("jane-shop", "Tote & co", { amount, currency, shown })).toBe(
        venmoPaymentUrl("jane-shop", cents, "Tote & co", currency),
      );
    }
    expect(paypalLink("janeshop", "12.50", "EUR")).toBe("https://paypal.me/janeshop/12.50EUR");
    expect(
      venmoLink("jane-shop", "Scarf", { amount: "12.50", currency: "EUR", shown: "€12.50" }),
    ).toBe("https://venmo.com/jane-shop?txn=pay&note=Scarf+%28%E2%82%AC12.50%29");
  });
});
