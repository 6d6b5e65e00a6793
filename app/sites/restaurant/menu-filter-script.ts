/**
 * The restaurant page's dietary filter, applied as the visitor ticks a box, without a reload.
 * The page works without it (the filter is a GET form, and the server renders the dishes that
 * do not match `hidden`); the script only does the same at once, with the server's own rule
 * (`matchesMenuFilter`, app/lib/menu-filter.ts) and count line (`filterCountText`).
 *
 * How it ships: ./menu-filter-script.browser.ts calls `enhanceMenuFilter`, and esbuild bundles
 * that entry into one minified program (app/sites/browser-scripts.build.ts), which the page
 * embeds as an inline `<script>` (the module `virtual:menu-filter-script`) and the public
 * pages' policy allows by its SHA-256. A unit test keeps it under 1 KB gzip.
 *
 * It runs where it stands, after the filter and before the menu is parsed: the dishes are
 * looked up when a box changes, not before.
 */
import {
  AVOID_PARAM,
  DIET_PARAM,
  isFiltering,
  matchesMenuFilter,
  type MenuFilter,
} from "~/lib/menu-filter";
import { pluralText, type PluralWords } from "~/lib/i18n/text";

/**
 * The count under the filter ("Showing 3 of 12 dishes."), written by the server and by the
 * script alike: the script reads the words from the count's `data-words` and the language
 * from the page's `lang`.
 */
export function filterCountText(
  words: PluralWords,
  languageTag: string,
  matching: number,
  total: number,
): string {
  return pluralText(words, languageTag, total, { shown: matching });
}

/** A dish's allergen and diet keys as its list entry's `data-dietary` holds them. */
export function dietaryKeysOf(item: {
  allergens?: readonly string[];
  diets?: readonly string[];
}): string {
  return [...(item.allergens ?? []), ...(item.diets ?? [])].join(" ");
}

/**
 * Whether a dish shows under the filter, from its `data-dietary`. That one list holds both
 * kinds; no allergen has a diet's key, so it stands for the dish's allergens and its diets.
 */
export function dishMatches(dietaryKeys: string, filter: MenuFilter): boolean {
  const keys = dietaryKeys.split(" ");
  return matchesMenuFilter({ allergens: keys, diets: keys }, filter);
}

/** The page's address for the filter: its diets, then what it avoids, and the `#` it had. */
export function filterAddress(path: string, filter: MenuFilter, hash: string): string {
  const query = new URLSearchParams();
  filter.diets.forEach((diet) => query.append(DIET_PARAM, diet));
  filter.avoid.forEach((key) => query.append(AVOID_PARAM, key));
  const search = query.toString();
  return path + (search ? `?${search}` : "") + hash;
}

/**
 * Enhances the filter `MenuDietaryPanel` renders (`#menu-filter`): a box applies as it
 * changes (the Show dishes button goes), the dishes (`[data-dietary]`) and the categories
 * they empty are hidden, the count or "no dish matches" is shown, and the address follows
 * (`history.replaceState`) so that a reload or a shared link keeps the filter. The Clear
 * links untick every box. Does nothing on a menu without the filter.
 */
export function enhanceMenuFilter(): void {
  const form = document.getElementById("menu-filter") as HTMLFormElement | null;
  if (!form) return;
  const count = document.getElementById("menu-filter-count")!;
  const countWords = JSON.parse(count.dataset.words!) as PluralWords;
  const none = document.getElementById("menu-filter-none")!;
  const apply = form.querySelector<HTMLElement>("[data-apply]");
  if (apply) apply.hidden = true;

  function applyFilter() {
    const dishes = document.querySelectorAll<HTMLElement>("[data-dietary]");
    const chosen = new FormData(form!);
    const filter = {
      diets: chosen.getAll(DIET_PARAM) as string[],
      avoid: chosen.getAll(AVOID_PARAM) as string[],
    };
    let matching = 0;
    dishes.forEach((dish) => {
      const shows = dishMatches(dish.getAttribute("data-dietary")!, filter);
      dish.hidden = !shows;
      if (shows) matching++;
    });
    document.querySelectorAll<HTMLElement>(".menu-section").forEach((section) => {
      section.hidden = !section.querySelector("[data-dietary]:not([hidden])");
    });
    const filtering = isFiltering(filter);
    count.textContent = filterCountText(
      countWords,
      document.documentElement.lang,
      matching,
      dishes.length,
    );
    count.hidden = !filtering || matching === 0;
    none.hidden = !filtering || matching > 0;
    history.replaceState(null, "", filterAddress(location.pathname, filter, location.hash));
  }

  form.addEventListener("change", applyFilter);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    applyFilter();
  });
  document.querySelectorAll("[data-clear]").forEach((link) =>
    link.addEventListener("click", (event) => {
      event.preventDefault();
      form.querySelectorAll("input").forEach((box) => (box.checked = false));
      applyFilter();
    }),
  );
}
