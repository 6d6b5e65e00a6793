import { describe, expect, it } from "vitest";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { menuSectionsMarkup, type PublicMenuSection } from "./menu-sections-markup";

const dish = (id: string, allergens: string[], diets: string[]) => ({
  id,
  name: `Dish ${id}`,
  priceCents: 500,
  description: "",
  star: false,
  imageUrl: null,
  allergens,
  diets,
});

const sections: PublicMenuSection[] = [
  {
    id: "section-mains",
    name: "Mains",
    uncategorized: false,
    items: [
      dish("a", ["gluten", "milk"], ["vegetarian"]),
      dish("b", ["gluten", "milk"], ["vegetarian"]),
      dish("c", ["fish"], []),
      dish("d", [], []),
    ],
  },
];

/** Each dish's dietary icons paragraph, in order ("" for a dish without labels). */
function dietaryIcons(html: string): string[] {
  return html
    .split("<li ")
    .slice(1)
    .map((dishHtml) => /<p class="dietary-icons">[^]*?<\/p>/.exec(dishHtml)?.[0] ?? "");
}

describe("menuSectionsMarkup's dietary icons", () => {
  it("says each set of labels in the page's language, view after view and language after language", () => {
    const english = pageLanguage("en");
    const spanish = pageLanguage("es");
    const first = dietaryIcons(menuSectionsMarkup(sections, "USD", english).text);
    expect(first[0]).toContain("Contains");
    expect(first[0]).toContain('title="Milk"');
    expect(first[1]).toBe(first[0]);
    expect(first[2]).toContain("Contains");
    expect(first[2]).not.toBe(first[0]);
    expect(first[3]).toBe("");

    // Another language's view of the same sets says them in its own words.
    const inSpanish = dietaryIcons(menuSectionsMarkup(sections, "USD", spanish).text);
    expect(inSpanish[0]).toContain("Contiene");
    expect(inSpanish[0]).not.toContain("Contains");
    expect(inSpanish[1]).toBe(inSpanish[0]);

    // And the next English view is as the first.
    expect(dietaryIcons(menuSectionsMarkup(sections, "USD", english).text)).toEqual(first);
  });

  it("stays right past the number of sets it keeps", () => {
    const english = pageLanguage("en");
    const allergens = ["celery", "gluten", "crustaceans", "eggs", "fish", "lupin", "milk"];
    // 2^7 subsets of seven allergens, times the diets, pass the 1,000 sets kept.
    const many: PublicMenuSection[] = [];
    for (let diet = 0; diet < 9; diet += 1) {
      const items = [];
      for (let mask = 1; mask < 128; mask += 1) {
        const chosen = allergens.filter((_, bit) => mask & (1 << bit));
        items.push(dish(`${diet}-${mask}`, chosen, diet % 2 ? ["vegan"] : ["halal"]));
      }
      many.push({ id: `section-${diet}`, name: `S${diet}`, uncategorized: false, items });
    }
    for (const section of many) menuSectionsMarkup([section], "USD", english);
    const icons = dietaryIcons(menuSectionsMarkup(sections, "USD", english).text);
    expect(icons[0]).toContain('title="Cereals containing gluten"');
    expect(icons[0]).toContain('title="Milk"');
    expect(icons[0]).toContain('title="Vegetarian"');
    expect(icons[2]).toContain('title="Fish"');
    expect(icons[2]).not.toContain('title="Milk"');
  });
});
