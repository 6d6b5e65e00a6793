/**
 * Allergens and diets of a menu's dishes: the one list the editor's checkboxes, the public
 * menu's icons, legend and filter, the CSV columns and the JSON-LD read.
 *
 * - Allergens are what a dish contains: the 14 of the EU's food information rules
 *   (Regulation 1169/2011, Annex II).
 * - Diets are what a dish is (vegetarian, vegan, …); "spicy" is kept with them, since it
 *   too says what the dish is.
 *
 * Keys are stable (stored in `items.allergens` and `items.diets`, written in CSV files and
 * addresses): never rename one. Each label has a short text icon, which the page shows in
 * a shape of its own per kind (allergens square, diets round), so nothing relies on colour.
 * The editor's checkbox groups are checked by ./dietary-schema.ts.
 */
import { AVOID_PARAM, DIET_PARAM, type MenuFilter } from "./menu-filter";

export {
  AVOID_PARAM,
  DIET_PARAM,
  isFiltering,
  matchesMenuFilter,
  type MenuFilter,
} from "./menu-filter";

export interface DietaryLabel {
  key: string;
  /** The full words, for the legend, screen readers and the forms. */
  label: string;
  /** One to three characters shown in the icon. */
  icon: string;
}

export const ALLERGENS = [
  { key: "celery", label: "Celery", icon: "Ce" },
  { key: "gluten", label: "Cereals containing gluten", icon: "Gl" },
  { key: "crustaceans", label: "Crustaceans", icon: "Cr" },
  { key: "eggs", label: "Eggs", icon: "Eg" },
  { key: "fish", label: "Fish", icon: "Fi" },
  { key: "lupin", label: "Lupin", icon: "Lu" },
  { key: "milk", label: "Milk", icon: "Mi" },
  { key: "molluscs", label: "Molluscs", icon: "Mo" },
  { key: "mustard", label: "Mustard", icon: "Mu" },
  { key: "tree-nuts", label: "Tree nuts", icon: "Nu" },
  { key: "peanuts", label: "Peanuts", icon: "Pe" },
  { key: "sesame", label: "Sesame", icon: "Se" },
  { key: "soybeans", label: "Soybeans", icon: "So" },
  { key: "sulphites", label: "Sulphites", icon: "Su" },
] as const satisfies readonly DietaryLabel[];

export const DIETS = [
  { key: "vegetarian", label: "Vegetarian", icon: "V" },
  { key: "vegan", label: "Vegan", icon: "VG" },
  { key: "gluten-free", label: "Gluten-free", icon: "GF" },
  { key: "halal", label: "Halal", icon: "H" },
  { key: "kosher", label: "Kosher", icon: "K" },
  { key: "spicy", label: "Spicy", icon: "Hot" },
] as const satisfies readonly DietaryLabel[];

export type AllergenKey = (typeof ALLERGENS)[number]["key"];
export type DietKey = (typeof DIETS)[number]["key"];

const ALLERGEN_BY_KEY = new Map<string, DietaryLabel>(ALLERGENS.map((a) => [a.key, a]));
const DIET_BY_KEY = new Map<string, DietaryLabel>(DIETS.map((d) => [d.key, d]));

export function allergenOf(key: string): DietaryLabel | undefined {
  return ALLERGEN_BY_KEY.get(key);
}

export function dietOf(key: string): DietaryLabel | undefined {
  return DIET_BY_KEY.get(key);
}

/** schema.org's RestrictedDiet for the diets that have one (spicy and the rest have none). */
export const SCHEMA_ORG_DIETS: Readonly<Partial<Record<DietKey, string>>> = {
  vegetarian: "https://schema.org/VegetarianDiet",
  vegan: "https://schema.org/VeganDiet",
  "gluten-free": "https://schema.org/GlutenFreeDiet",
  halal: "https://schema.org/HalalDiet",
  kosher: "https://schema.org/KosherDiet",
};

/** The schema.org diets of a dish, in the order of DIETS. */
export function suitableForDiet(diets: readonly string[]): string[] {
  // A plain loop: this runs for every dish of every uncached menu view.
  const urls: string[] = [];
  if (diets.length === 0) return urls;
  for (const diet of DIETS) {
    const url = SCHEMA_ORG_DIETS[diet.key];
    if (url && diets.includes(diet.key)) urls.push(url);
  }
  return urls;
}

/** Keys known to `byKey`, each once, in the list's own order (so stored arrays compare equal). */
export function inListOrder(keys: Iterable<string>, list: readonly DietaryLabel[]): string[] {
  const chosen = new Set(keys);
  return list.filter((entry) => chosen.has(entry.key)).map((entry) => entry.key);
}

export function sortAllergens(keys: Iterable<string>): string[] {
  return inListOrder(keys, ALLERGENS);
}

export function sortDiets(keys: Iterable<string>): string[] {
  return inListOrder(keys, DIETS);
}

export function unknownAllergenMessage(values: readonly string[]): string {
  return `Unknown allergen: ${values.join(", ")}. Choose from the list.`;
}

export function unknownDietMessage(values: readonly string[]): string {
  return `Unknown diet: ${values.join(", ")}. Choose from the list.`;
}

/* ---------- The public menu's filter (its rule is in ./menu-filter.ts) ---------- */

/**
 * What a visitor may leave out: every allergen, and spicy dishes ("Not spicy"). What a
 * visitor may ask for (`diet`) is any of DIETS; a dish shown must have every one asked.
 */
export const AVOIDABLE: readonly DietaryLabel[] = [...ALLERGENS, dietOf("spicy")!];

export const NO_FILTER: MenuFilter = { diets: [], avoid: [] };

/** The filter an address asks for: known keys only, each once, in the lists' order. */
export function parseMenuFilter(params: URLSearchParams): MenuFilter {
  return {
    diets: inListOrder(params.getAll(DIET_PARAM), DIETS),
    avoid: inListOrder(params.getAll(AVOID_PARAM), AVOIDABLE),
  };
}

/**
 * The menu page's query in canonical form, the page cache's key (see
 * app/server/pages/public-page-cache.server.ts): known keys only, each once, sorted; anything
 * else dropped. Two addresses that ask for the same filter share one cached page.
 */
export function canonicalMenuSearch(params: URLSearchParams): URLSearchParams {
  const filter = parseMenuFilter(params);
  const canonical = new URLSearchParams();
  for (const diet of [...filter.diets].sort()) canonical.append(DIET_PARAM, diet);
  for (const avoid of [...filter.avoid].sort()) canonical.append(AVOID_PARAM, avoid);
  return canonical;
}

/** The labels used by some dish of the menu, each list in its own order, for the legend and filter. */
export function labelsInUse(
  items: ReadonlyArray<{ allergens: readonly string[]; diets: readonly string[] }>,
) {
  const allergens = new Set(items.flatMap((item) => item.allergens));
  const diets = new Set(items.flatMap((item) => item.diets));
  return {
    allergens: ALLERGENS.filter((entry) => allergens.has(entry.key)) as DietaryLabel[],
    diets: DIETS.filter((entry) => diets.has(entry.key)) as DietaryLabel[],
  };
}

/** Each key's place in its list. */
const placesIn = (list: readonly DietaryLabel[]) =>
  new Map<unknown, number>(list.map((entry, place) => [entry.key, place]));
const ALLERGEN_PLACES = placesIn(ALLERGENS);
const DIET_PLACES = placesIn(DIETS);

/**
 * A stored list (json, so anything) as the known keys it holds, each once, in `list`'s order.
 * What the editor saves is that already, and is then returned as it is: this runs for every
 * dish of every uncached menu view.
 */
function storedKeys(
  value: unknown,
  list: readonly DietaryLabel[],
  places: ReadonlyMap<unknown, number>,
): string[] {
  if (!Array.isArray(value)) return [];
  let last = -1;
  for (const key of value) {
    const place = places.get(key);
    // Unknown, repeated or out of order: sorted afresh.
    if (place === undefined || place <= last) {
      return inListOrder(
        value.filter((v) => typeof v === "string"),
        list,
      );
    }
    last = place;
  }
  return value as string[];
}

export function storedAllergens(value: unknown): string[] {
  return storedKeys(value, ALLERGENS, ALLERGEN_PLACES);
}

export function storedDiets(value: unknown): string[] {
  return storedKeys(value, DIETS, DIET_PLACES);
}
