/**
 * The public menu's dietary filter rule. A module of its own, importing nothing, so that the
 * menu's browser script (app/sites/restaurant/menu-filter-script.browser.ts) applies the very
 * rule the server does without bundling the label lists and zod schemas of ./dietary.ts,
 * which re-exports all of it.
 */

/** Query parameters of the filter: `?diet=vegan&avoid=milk&avoid=tree-nuts`. */
export const DIET_PARAM = "diet";
export const AVOID_PARAM = "avoid";

export interface MenuFilter {
  /** Each dish shown has all of these diets. */
  diets: string[];
  /** No dish shown has any of these allergens (or "spicy"). */
  avoid: string[];
}

export function isFiltering(filter: MenuFilter): boolean {
  return filter.diets.length > 0 || filter.avoid.length > 0;
}

/** Whether a dish shows under the filter. The page's script applies the same rule. */
export function matchesMenuFilter(
  item: { allergens: readonly string[]; diets: readonly string[] },
  filter: MenuFilter,
): boolean {
  return (
    filter.diets.every((diet) => item.diets.includes(diet)) &&
    !filter.avoid.some((key) => item.allergens.includes(key) || item.diets.includes(key))
  );
}
