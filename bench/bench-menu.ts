/**
 * The bench's 50-dish menu, as data: what `createBenchSites` (./fixtures.ts) writes through the
 * app's own item writes, and what the Playwright specs import as a CSV file
 * (tests/e2e/fixtures.ts, `createMenuSite`), so both measure and test the same menu. Pure:
 * no server code, no pictures.
 */
import { optionsFromCell } from "~/lib/item-options-csv";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import type { OptionGroup } from "~/lib/item-options";

/** The menu's categories, in the order the dishes take them in turn. */
export const BENCH_MENU_CATEGORIES = [
  "Starters",
  "Salads",
  "Mains",
  "Pasta",
  "Desserts",
  "Drinks",
] as const;
const DISHES = ["Soup", "Salad", "Burger", "Risotto", "Tart", "Curry", "Taco", "Pie", "Toast"];
export const BENCH_ADJECTIVES = [
  "Smoked",
  "Crispy",
  "Garden",
  "Spicy",
  "Classic",
  "Golden",
  "Rustic",
  "Wild",
];
const BENCH_ALLERGENS = [["gluten", "milk"], ["eggs"], [], ["tree-nuts", "sesame"], ["fish"]];
const BENCH_DIETS = [["vegetarian"], [], ["vegan", "vegetarian"], [], ["spicy"], ["gluten-free"]];

/**
 * Every dish as heavy as options make it in practice: three sizes and two groups of choices,
 * so the page budgets are checked against the largest page an owner is likely to publish.
 */
export const BENCH_DISH_OPTIONS_CELL =
  "Size: Small=0 | Regular=+2 | Large=+4.50; Extras (up to 3): Bacon=+2 | Cheddar=+1 | " +
  "Fried egg=+1.50; Side (optional): Fries=+3 | Green salad=+3.50 | Sweet potato=+4";

export interface BenchDish {
  name: string;
  priceCents: number;
  description: string;
  category: string;
  star: boolean;
  allergens: string[];
  diets: string[];
  options: OptionGroup[];
}

/** The bench menu's dishes: the most a site may hold, every category taken in turn. */
export function benchMenuDishes(): BenchDish[] {
  const options = optionsFromCell(BENCH_DISH_OPTIONS_CELL);
  return Array.from({ length: MAX_ITEMS_PER_PRODUCT }, (_, i) => ({
    name: `${BENCH_ADJECTIVES[i % BENCH_ADJECTIVES.length]} ${DISHES[(i * 5) % DISHES.length]} ${i + 1}`,
    priceCents: 450 + ((i * 137) % 2400),
    description:
      "Made in our kitchen every morning with local produce, served with bread and a seasonal side.",
    category: BENCH_MENU_CATEGORIES[i % BENCH_MENU_CATEGORIES.length]!,
    star: i % 7 === 0,
    // Most dishes declare an allergen or two, and some a diet, as a real menu does.
    allergens: BENCH_ALLERGENS[i % BENCH_ALLERGENS.length]!,
    diets: BENCH_DIETS[i % BENCH_DIETS.length]!,
    options,
  }));
}
