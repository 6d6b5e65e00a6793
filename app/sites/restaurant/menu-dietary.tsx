/**
 * Allergens and diets on the public menu: each dish's small labelled icons, the legend of
 * the labels the menu uses, and the filter ("Vegetarian", "No tree nuts"). The filter is a
 * GET form (`?diet=…&avoid=…`, see app/lib/dietary.ts) that works without JavaScript: the
 * server renders the dishes that do not match `hidden`. With JavaScript, its inline script
 * (./menu-filter-script.ts, which also holds the count line and each dish's `data-dietary`)
 * applies it as boxes are ticked.
 */
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import {
  allergenOf,
  AVOID_PARAM,
  DIET_PARAM,
  dietOf,
  isFiltering,
  type DietaryLabel,
  type MenuFilter,
} from "~/lib/dietary";
import { markup } from "~/lib/markup";
import { allergenInSentence, avoidLabel, pageLabel } from "~/lib/i18n/dietary-words";
import { listText } from "~/lib/i18n/formats";
import { ENGLISH, fill, type PageLanguage } from "~/lib/i18n/page-language";
import { usePageLanguage } from "~/lib/i18n/page-language-context";
import { filterCountText } from "./menu-filter-script";

export interface MenuDietaryView {
  filter: MenuFilter;
  /** The labels some dish of the menu has: the legend and the filter offer these only. */
  allergens: DietaryLabel[];
  diets: DietaryLabel[];
  /** Dishes shown under the filter, and on the menu. */
  matching: number;
  total: number;
}

/**
 * A dish's labels: one icon each (allergens square and outlined, diets round and filled, so
 * the two kinds differ by shape, not colour), and the full words for screen readers.
 */
export function dietaryIconsMarkup(
  allergens: readonly string[],
  diets: readonly string[],
  page: PageLanguage = ENGLISH,
) {
  const contains = allergens.flatMap((key) => allergenOf(key) ?? []);
  const is = diets.flatMap((key) => dietOf(key) ?? []);
  if (contains.length === 0 && is.length === 0) return null;
  const containsList = contains.map((entry) => allergenInSentence(entry, page));
  const words = [
    contains.length ? fill(page.words.containsList, { list: listText(containsList, page) }) : "",
    is.length
      ? `${listText(
          is.map((entry) => pageLabel(entry, page).label),
          page,
        )}.`
      : "",
  ].join(" ");
  const icon = (kind: "di-a" | "di-d") => (entry: DietaryLabel) => {
    const shown = pageLabel(entry, page);
    return markup`<span class="di ${kind}" title="${shown.label}">${shown.icon}</span>`;
  };
  return markup`
    <p class="dietary-icons">
      <span class="visually-hidden">${words.trim()}</span>
      <span class="dietary-icon-row" aria-hidden="true">
        ${contains.map(icon("di-a"))}
        ${is.map(icon("di-d"))}
      </span>
    </p>
  `;
}

/** The filter, its count and "no dish matches", and the legend; nothing on a menu without labels. */
export function MenuDietaryPanel({ view, path }: { view: MenuDietaryView; path: string }) {
  const page = usePageLanguage();
  const { words } = page;
  const { filter, allergens, diets, matching, total } = view;
  if (allergens.length === 0 && diets.length === 0) return null;
  const filtering = isFiltering(filter);
  const wanted = diets.filter((entry) => entry.key !== "spicy");
  const avoidable = [...allergens, ...diets.filter((entry) => entry.key === "spicy")];
  return (
    <section className="menu-dietary" aria-labelledby="menu-dietary-title">
      <h2 id="menu-dietary-title" className="visually-hidden">
        {words.allergensAndDiets}
      </h2>
      <form id="menu-filter" className="menu-filter" method="get" action={path}>
        <details open={filtering}>
          <summary>{words.filterByDiet}</summary>
          <div className="menu-filter-groups">
            {wanted.length > 0 ? (
              <fieldset>
                <legend>{words.showOnlyDishesThatAre}</legend>
                {wanted.map((entry) => (
                  <FilterBox
                    key={entry.key}
                    name={DIET_PARAM}
                    entry={entry}
                    text={pageLabel(entry, page).label}
                    checked={filter.diets.includes(entry.key)}
                  />
                ))}
              </fieldset>
            ) : null}
            {avoidable.length > 0 ? (
              <fieldset>
                <legend>{words.leaveOutDishesWith}</legend>
                {avoidable.map((entry) => (
                  <FilterBox
                    key={entry.key}
                    name={AVOID_PARAM}
                    entry={entry}
                    text={avoidLabel(entry.key, page)}
                    checked={filter.avoid.includes(entry.key)}
                  />
                ))}
              </fieldset>
            ) : null}
          </div>
          <p className="menu-filter-actions">
            <button type="submit" className="menu-filter-apply" data-apply="">
              {words.showDishes}
            </button>
            <a href={path} data-clear="">
              {words.clearFilter}
            </a>
          </p>
        </details>
      </form>
      <div role="status" className="menu-filter-status">
        <p
          id="menu-filter-count"
          hidden={!filtering || matching === 0}
          data-words={JSON.stringify(words.filterCount)}
        >
          {filterCountText(words.filterCount, page.language.tag, matching, total)}
        </p>
        <p id="menu-filter-none" className="menu-filter-none" hidden={!filtering || matching > 0}>
          {`${words.noDishMatches} `}
          <a href={path} data-clear="">
            {words.showAllDishes}
          </a>
        </p>
      </div>
      <div className="menu-legend">
        <p className="menu-legend-title" id="menu-legend-title">
          {words.dietaryKey}
        </p>
        <ul aria-labelledby="menu-legend-title">
          {allergens.map((entry) => (
            <li key={entry.key}>
              <span className="di di-a" aria-hidden="true">
                {pageLabel(entry, page).icon}
              </span>
              {` ${fill(words.containsOne, { allergen: allergenInSentence(entry, page) })}`}
            </li>
          ))}
          {diets.map((entry) => (
            <li key={entry.key}>
              <span className="di di-d" aria-hidden="true">
                {pageLabel(entry, page).icon}
              </span>
              {` ${pageLabel(entry, page).label}`}
            </li>
          ))}
        </ul>
      </div>
      <script dangerouslySetInnerHTML={{ __html: MENU_FILTER_SCRIPT }} />
    </section>
  );
}

function FilterBox({
  name,
  entry,
  text,
  checked,
}: {
  name: string;
  entry: DietaryLabel;
  text: string;
  checked: boolean;
}) {
  const id = `menu-filter-${name}-${entry.key}`;
  return (
    <span className="menu-filter-box">
      <input id={id} type="checkbox" name={name} value={entry.key} defaultChecked={checked} />
      <label htmlFor={id}>{text}</label>
    </span>
  );
}
