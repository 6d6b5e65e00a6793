import { describe, expect, it } from "vitest";
import { foldForSearch } from "~/lib/items";
import { ENGLISH } from "~/lib/i18n/page-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { shopScriptWords } from "./public-shop";
import {
  canonicalShopSearch,
  parseShopSearch,
  shopCountText,
  shopHref,
  shopItemMatches,
  shopTagOptions,
  type ShopFilters,
} from "./shop";

const item = (name: string, tags: string[], description = "") => ({ name, tags, description });

const ITEMS = [
  item("Canvas Tote", ["Bags", "Cotton"], "Heavy canvas tote with inner pocket."),
  item("Leather Wallet", ["Leather", "Gifts"], "Hand-stitched, six card slots."),
  item("Crème Brûlée Candle", ["Home"], "Smells of caramel."),
  item("Brass Pen", [], "Refillable."),
];

const names = (filters: ShopFilters) =>
  ITEMS.filter((i) => shopItemMatches(i, filters)).map((i) => i.name);

describe("shopTagOptions", () => {
  it("joins the shop's tags and the items', one per spelling ignoring case, sorted", () => {
    expect(
      shopTagOptions(
        ["Gifts", "kitchen", " Bags "],
        [["gifts", "Zebra"], ["KITCHEN", "apple", ""], []],
      ),
    ).toEqual(["apple", "Bags", "Gifts", "kitchen", "Zebra"]);
  });

  it("is empty when nobody has tags, and ignores what is not a string", () => {
    expect(shopTagOptions([], [[], []])).toEqual([]);
    expect(shopTagOptions([null, 3, "Ok"], [[{}]])).toEqual(["Ok"]);
  });
});

describe("shopItemMatches", () => {
  it("shows everything without filters", () => {
    expect(names({ tags: [], query: "" })).toHaveLength(ITEMS.length);
    expect(names({ tags: [], query: "   " })).toHaveLength(ITEMS.length);
  });

  it("keeps items with ANY of the chosen tags, ignoring case", () => {
    expect(names({ tags: ["Bags"], query: "" })).toEqual(["Canvas Tote"]);
    expect(names({ tags: ["bags", "GIFTS"], query: "" })).toEqual([
      "Canvas Tote",
      "Leather Wallet",
    ]);
    expect(names({ tags: ["Nothing"], query: "" })).toEqual([]);
  });

  it("searches name, description and tags, ignoring case and accents", () => {
    expect(names({ tags: [], query: "TOTE" })).toEqual(["Canvas Tote"]);
    expect(names({ tags: [], query: "card slots" })).toEqual(["Leather Wallet"]);
    expect(names({ tags: [], query: "leath" })).toEqual(["Leather Wallet"]);
    expect(names({ tags: [], query: "creme brulee" })).toEqual(["Crème Brûlée Candle"]);
    expect(names({ tags: [], query: "cotton" })).toEqual(["Canvas Tote"]);
    expect(names({ tags: [], query: "zzz" })).toEqual([]);
  });

  it("needs a chosen tag AND the search", () => {
    expect(names({ tags: ["Bags", "Gifts"], query: "wallet" })).toEqual(["Leather Wallet"]);
    expect(names({ tags: ["Home"], query: "wallet" })).toEqual([]);
  });
});

describe("parseShopSearch", () => {
  const options = ["Bags", "Gifts", "Home"];
  const parse = (search: string) => parseShopSearch(new URLSearchParams(search), options);

  it("reads tags, the search and the open item", () => {
    expect(parse("tag=gifts&tag=Bags&q=+mug+&item=abc123")).toEqual({
      filters: { tags: ["Bags", "Gifts"], query: "mug" },
      itemId: "abc123",
    });
  });

  it("drops unknown or repeated tags, bounds the search and refuses odd item ids", () => {
    expect(parse("tag=Nope&tag=home&tag=HOME&q=" + "x".repeat(500) + "&item=../x")).toEqual({
      filters: { tags: ["Home"], query: "x".repeat(100) },
      itemId: null,
    });
    expect(parse("")).toEqual({ filters: { tags: [], query: "" }, itemId: null });
  });
});

describe("canonicalShopSearch", () => {
  const canonical = (search: string) => canonicalShopSearch(new URLSearchParams(search)).toString();

  it("keeps only what the page reads: tags, then the search, then the open item", () => {
    expect(canonical("utm_source=qr&item=abc123&zz=1&q=mug&tag=Bags&Q=x&tags=Home")).toBe(
      "tag=bags&q=mug&item=abc123",
    );
    expect(canonical("utm_source=qr&fbclid=x")).toBe("");
  });

  it("gives one form to addresses the page reads alike", () => {
    const plain = ["", "q=", "q=+++", "tag=", "item=", "item=../x", "q=%20&tag=&item=a-b"];
    for (const search of plain) expect(canonical(search)).toBe("");
    expect(canonical("tag=Gifts&tag=bags")).toBe(canonical("tag=BAGS&tag=+gifts+&tag=Bags"));
    expect(canonical("q=+red+mug+")).toBe(canonical("q=red%20mug&q=ignored"));
    expect(canonical(`q=${"x".repeat(100)}`)).toBe(canonical(`q=${"x".repeat(150)}`));
    expect(canonical("item=abc&item=def")).toBe("item=abc");
  });

  it("keeps apart addresses the page reads differently", () => {
    const distinct = [
      "",
      "q=mug",
      "q=Mug",
      "tag=bags",
      "tag=bags&tag=home",
      "item=abc",
      "item=ABC",
    ];
    expect(new Set(distinct.map(canonical)).size).toBe(distinct.length);
  });

  it("reads back as the address it came from, and is its own canonical form", () => {
    const options = ["Bags", "Café", "Gifts", "Home & Garden", "İstanbul"];
    const searches = [
      "",
      "tag=gifts&tag=Bags&q=+mug+&item=abc123",
      "tag=Nope&tag=home+%26+garden&tag=HOME+%26+GARDEN&q=" + "é".repeat(120),
      // "Café" written with a combining accent, and a capital I with a dot.
      "tag=Cafe%CC%81&tag=%C4%B0STANBUL&item=../x&utm_source=qr",
      "tag=&q=&item=",
    ];
    for (const search of searches) {
      const params = new URLSearchParams(search);
      const once = canonicalShopSearch(params);
      expect(parseShopSearch(once, options)).toEqual(parseShopSearch(params, options));
      expect(canonicalShopSearch(once).toString()).toBe(once.toString());
    }
  });
});

describe("shopHref", () => {
  it("builds the list and item addresses the page links to", () => {
    const path = "/s/demo-goods-abc";
    expect(shopHref(path, { tags: [], query: "" })).toBe(path);
    expect(shopHref(path, { tags: [], query: "" }, "i1")).toBe(`${path}?item=i1`);
    expect(shopHref(path, { tags: ["Bags", "Home & Garden"], query: "red mug" }, "i1")).toBe(
      `${path}?tag=Bags&tag=Home+%26+Garden&q=red+mug&item=i1`,
    );
  });

  it("reads back what it wrote", () => {
    const filters = { tags: ["Bags", "Gifts"], query: "a&b=c" };
    const href = shopHref("/s/x-1", filters, "i9");
    expect(parseShopSearch(new URL(href, "http://h").searchParams, ["Bags", "Gifts"])).toEqual({
      filters,
      itemId: "i9",
    });
  });
});

describe("shopCountText", () => {
  it("says how many items show", () => {
    const words = shopScriptWords(ENGLISH);
    expect(shopCountText(words, 12, 12)).toBe("12 items");
    expect(shopCountText(words, 1, 1)).toBe("1 item");
    expect(shopCountText(words, 3, 12)).toBe("3 of 12 items");
    expect(shopCountText(words, 0, 12)).toBe("0 of 12 items");
    expect(shopCountText(words, 0, 0)).toBe("0 items");
  });

  it("uses the plural the language has for the number", () => {
    const polish = shopScriptWords(pageLanguage("pl"));
    const forms = polish.itemCount as Record<string, string>;
    expect(shopCountText(polish, 1, 1)).toBe(forms.one!.replace("{count}", "1"));
    expect(shopCountText(polish, 3, 3)).toBe(forms.few!.replace("{count}", "3"));
    expect(shopCountText(polish, 5, 5)).toBe(forms.many!.replace("{count}", "5"));
    // Thousands are written as the language writes them.
    expect(shopCountText(shopScriptWords(pageLanguage("de")), 1200, 1200)).toContain("1.200");
  });
});

describe("foldForSearch as the page uses it", () => {
  it("folds case and accents", () => {
    expect(foldForSearch("ÉCLAIR Crème")).toBe("eclair creme");
  });
});
