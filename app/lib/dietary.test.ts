import { avoidLabel } from "~/lib/i18n/dietary-words";
import { ENGLISH } from "~/lib/i18n/page-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { describe, expect, it } from "vitest";
import {
  ALLERGENS,
  AVOIDABLE,
  canonicalMenuSearch,
  DIETS,
  isFiltering,
  labelsInUse,
  matchesMenuFilter,
  parseMenuFilter,
  storedAllergens,
  storedDiets,
  suitableForDiet,
  unknownAllergenMessage,
} from "./dietary";
import { allergensField, dietsField } from "./dietary-schema";

describe("the dietary labels", () => {
  it("names the 14 EU allergens and the six diets, each key, label and icon once", () => {
    expect(ALLERGENS.map((a) => a.key)).toEqual([
      "celery",
      "gluten",
      "crustaceans",
      "eggs",
      "fish",
      "lupin",
      "milk",
      "molluscs",
      "mustard",
      "tree-nuts",
      "peanuts",
      "sesame",
      "soybeans",
      "sulphites",
    ]);
    expect(DIETS.map((d) => d.key)).toEqual([
      "vegetarian",
      "vegan",
      "gluten-free",
      "halal",
      "kosher",
      "spicy",
    ]);
    const all = [...ALLERGENS, ...DIETS];
    for (const field of ["key", "label", "icon"] as const) {
      expect(new Set(all.map((entry) => entry[field])).size).toBe(all.length);
    }
    for (const entry of all) {
      expect(entry.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(entry.icon.length).toBeLessThanOrEqual(3);
    }
  });

  it("maps the diets schema.org has to its RestrictedDiet values, in the list's order", () => {
    expect(suitableForDiet(["kosher", "spicy", "vegetarian"])).toEqual([
      "https://schema.org/VegetarianDiet",
      "https://schema.org/KosherDiet",
    ]);
    expect(suitableForDiet(["spicy", "nonsense"])).toEqual([]);
  });

  it("reads a stored list as the known keys it holds, once each, in order", () => {
    expect(storedAllergens(["milk", "gluten", "milk", "chalk", 3, null])).toEqual([
      "gluten",
      "milk",
    ]);
    expect(storedAllergens("milk")).toEqual([]);
    expect(storedAllergens(null)).toEqual([]);
    // A list the editor saved, in order, is read as it is; anything out of the way is not.
    const saved = ["gluten", "eggs", "milk"];
    expect(storedAllergens(saved)).toBe(saved);
    expect(storedAllergens(["gluten", "gluten"])).toEqual(["gluten"]);
    expect(storedAllergens(["gluten", "vegan", "milk"])).toEqual(["gluten", "milk"]);
    expect(storedDiets(["vegan", "vegetarian", "spicy"])).toEqual(["vegetarian", "vegan", "spicy"]);
    expect(storedDiets(["vegetarian", "halal"])).toEqual(["vegetarian", "halal"]);
    expect(storedDiets(["vegetarian", "milk"])).toEqual(["vegetarian"]);
    expect(storedDiets([])).toEqual([]);
  });
});

describe("the form fields", () => {
  it("read none, one or several checked boxes, in the list's order", () => {
    expect(allergensField.parse(undefined)).toEqual([]);
    expect(allergensField.parse("")).toEqual([]);
    expect(allergensField.parse("milk")).toEqual(["milk"]);
    expect(allergensField.parse(["sesame", "celery", "sesame"])).toEqual(["celery", "sesame"]);
    expect(dietsField.parse(["vegan", "vegetarian"])).toEqual(["vegetarian", "vegan"]);
  });

  it("refuse unknown keys with a message that names them", () => {
    const result = allergensField.safeParse(["milk", "plutonium"]);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(unknownAllergenMessage(["plutonium"]));
    expect(result.error!.issues[0]!.path).toEqual([]);
    // A diet is not an allergen, and the other way round.
    expect(allergensField.safeParse(["vegan"]).success).toBe(false);
    expect(dietsField.safeParse(["milk"]).success).toBe(false);
    expect(dietsField.safeParse([{}]).success).toBe(false);
  });
});

describe("the menu filter", () => {
  const dish = (allergens: string[], diets: string[]) => ({ allergens, diets });

  it("reads known keys from the address and drops the rest", () => {
    const filter = parseMenuFilter(
      new URLSearchParams("diet=vegan&diet=meaty&avoid=tree-nuts&avoid=spicy&avoid=vegan&avoid=x"),
    );
    expect(filter).toEqual({ diets: ["vegan"], avoid: ["tree-nuts", "spicy"] });
    expect(isFiltering(filter)).toBe(true);
    expect(isFiltering(parseMenuFilter(new URLSearchParams("utm_source=qr")))).toBe(false);
  });

  it("shows a dish with every chosen diet and none of the keys to avoid", () => {
    const filter = { diets: ["vegetarian"], avoid: ["tree-nuts", "spicy"] };
    expect(matchesMenuFilter(dish(["milk"], ["vegetarian"]), filter)).toBe(true);
    expect(matchesMenuFilter(dish(["tree-nuts"], ["vegetarian"]), filter)).toBe(false);
    expect(matchesMenuFilter(dish([], ["vegetarian", "spicy"]), filter)).toBe(false);
    expect(matchesMenuFilter(dish([], ["vegan"]), filter)).toBe(false);
    expect(matchesMenuFilter(dish([], []), { diets: [], avoid: [] })).toBe(true);
  });

  it("has one canonical query per filter, the page cache's key", () => {
    const canonical = (search: string) =>
      canonicalMenuSearch(new URLSearchParams(search)).toString();
    expect(canonical("avoid=milk&diet=vegan&avoid=eggs&diet=vegetarian&avoid=milk&x=1")).toBe(
      "diet=vegan&diet=vegetarian&avoid=eggs&avoid=milk",
    );
    expect(canonical("avoid=eggs&avoid=milk")).toBe(canonical("avoid=milk&avoid=eggs"));
    expect(canonical("diet=&avoid=Milk&avoid=nuts")).toBe("");
    const once = canonicalMenuSearch(new URLSearchParams("avoid=sesame&diet=halal"));
    expect(canonicalMenuSearch(once).toString()).toBe(once.toString());
  });

  it("words what is left out, and offers only the labels in use", () => {
    expect(avoidLabel("tree-nuts", ENGLISH)).toBe("No tree nuts");
    expect(avoidLabel("spicy", ENGLISH)).toBe("Not spicy");
    // In German, nouns keep their capital inside a sentence; in Spanish, they do not.
    const german = pageLanguage("de");
    expect(avoidLabel("milk", german)).toContain(german.words.allergenMilk);
    const spanish = pageLanguage("es");
    expect(avoidLabel("milk", spanish)).toContain(spanish.words.allergenMilk.toLowerCase());
    expect(AVOIDABLE.map((entry) => entry.key)).toContain("spicy");
    const used = labelsInUse([dish(["milk", "eggs"], ["vegetarian"]), dish(["eggs"], [])]);
    expect(used.allergens.map((a) => a.key)).toEqual(["eggs", "milk"]);
    expect(used.diets.map((d) => d.key)).toEqual(["vegetarian"]);
  });
});
