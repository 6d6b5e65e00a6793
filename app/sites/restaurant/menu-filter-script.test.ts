import { gzipSync } from "node:zlib";
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import { describe, expect, it, vi } from "vitest";
import { ALLERGENS, DIETS, matchesMenuFilter, type MenuFilter } from "~/lib/dietary";
import { buildBrowserScript } from "~/sites/browser-scripts.build";
import { ENGLISH } from "~/lib/i18n/page-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { dietaryKeysOf, dishMatches, filterAddress, filterCountText } from "./menu-filter-script";

// What every browser script must be (one program, ASCII, …): app/sites/browser-scripts.test.ts.
describe("the menu's filter script, as built", () => {
  it("stays well under 1 KB gzip", () => {
    expect(gzipSync(Buffer.from(MENU_FILTER_SCRIPT, "utf8"), { level: 9 }).length).toBeLessThan(
      1024,
    );
  });

  it("bundles the server's rule, and none of the label lists and their schemas", () => {
    const inputs = buildBrowserScript("virtual:menu-filter-script").inputs;
    expect(inputs).toEqual(
      expect.arrayContaining([expect.stringMatching(/lib\/menu-filter\.ts$/)]),
    );
    expect(inputs.filter((input) => /lib\/(dietary|zod)\.ts$|node_modules/.test(input))).toEqual(
      [],
    );
  });

  it("is one program that leaves no globals and does nothing on a page without the filter", () => {
    const getElementById = vi.fn(() => null);
    const globals = new Set(Object.keys(globalThis));
    vi.stubGlobal("document", { getElementById });
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the page's script is the test
      const run = new Function(MENU_FILTER_SCRIPT) as () => void;
      run();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(getElementById).toHaveBeenCalledWith("menu-filter");
    expect(Object.keys(globalThis).filter((key) => !globals.has(key))).toEqual([]);
  });
});

describe("the menu's filter in the browser", () => {
  const dish = (allergens: string[], diets: string[]) => ({ allergens, diets });
  const dishes = [
    dish([], []),
    dish(["milk"], ["vegetarian"]),
    dish(["tree-nuts", "milk"], ["vegetarian"]),
    dish([], ["vegetarian", "vegan", "spicy"]),
    dish(["gluten", "eggs"], []),
    dish(["fish"], ["gluten-free", "halal"]),
    dish(["celery"], ["vegan", "kosher"]),
  ];

  it("shows the dishes the server shows, for every diet and every key to avoid", () => {
    // Each diet asked for alone, each key avoided alone, and a few together.
    const filters: MenuFilter[] = [
      { diets: [], avoid: [] },
      ...DIETS.map((diet) => ({ diets: [diet.key], avoid: [] })),
      ...[...ALLERGENS, ...DIETS].map((label) => ({ diets: [], avoid: [label.key] })),
      { diets: ["vegetarian", "vegan"], avoid: [] },
      { diets: ["vegetarian"], avoid: ["milk", "tree-nuts"] },
      { diets: ["gluten-free"], avoid: ["gluten", "spicy"] },
      { diets: ["vegan"], avoid: ["celery"] },
    ];
    for (const filter of filters) {
      for (const item of dishes) {
        expect(dishMatches(dietaryKeysOf(item), filter), JSON.stringify({ item, filter })).toBe(
          matchesMenuFilter(item, filter),
        );
      }
    }
  });

  it("reads a dish's keys as the page writes them", () => {
    expect(dietaryKeysOf(dish(["tree-nuts", "milk"], ["vegetarian"]))).toBe(
      "tree-nuts milk vegetarian",
    );
    expect(dietaryKeysOf({})).toBe("");
    const vegetarian = { diets: ["vegetarian"], avoid: [] };
    const noMilk = { diets: [], avoid: ["milk"] };
    expect(dishMatches("", { diets: [], avoid: [] })).toBe(true);
    expect(dishMatches("", vegetarian)).toBe(false);
    expect(dishMatches("", noMilk)).toBe(true);
    expect(dishMatches("milk vegetarian", vegetarian)).toBe(true);
    expect(dishMatches("milk vegetarian", noMilk)).toBe(false);
    // A key is matched whole, never as part of another.
    expect(dishMatches("gluten-free", { diets: [], avoid: ["gluten"] })).toBe(true);
    expect(dishMatches("gluten", { diets: ["gluten-free"], avoid: [] })).toBe(false);
  });

  it("counts as the server does, in the page's language", () => {
    const { filterCount } = ENGLISH.words;
    expect(filterCountText(filterCount, "en", 1, 4)).toBe("Showing 1 of 4 dishes.");
    expect(filterCountText(filterCount, "en", 3, 1)).toBe("Showing 3 of 1 dish.");
    expect(filterCountText(filterCount, "en", 0, 50)).toBe("Showing 0 of 50 dishes.");
    // Each language's own plural form for the number: Polish has one for 2–4, another for 5–21.
    const polish = pageLanguage("pl").words.filterCount;
    expect(filterCountText(polish, "pl", 1, 3)).toBe(
      polish.few!.replace("{shown}", "1").replace("{count}", "3"),
    );
    expect(filterCountText(polish, "pl", 1, 5)).toBe(
      polish.many!.replace("{shown}", "1").replace("{count}", "5"),
    );
  });

  it("keeps the filter in the address: diets, then what to avoid, and the # it had", () => {
    const path = "/r/rosas-trattoria-examplemenu";
    expect(filterAddress(path, { diets: [], avoid: [] }, "")).toBe(path);
    expect(filterAddress(path, { diets: [], avoid: [] }, "#section-pasta")).toBe(
      `${path}#section-pasta`,
    );
    expect(
      filterAddress(
        path,
        { diets: ["vegetarian", "vegan"], avoid: ["tree-nuts", "spicy"] },
        "#section-pizza",
      ),
    ).toBe(`${path}?diet=vegetarian&diet=vegan&avoid=tree-nuts&avoid=spicy#section-pizza`);
  });
});
