import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { ITEM_SORTS, parseItemSort, searchItems, sortItems, type EditorItem } from "~/lib/items";
import { siteOf, type ProductType } from "~/sites";
import { editorWords } from "~/lib/i18n/portal/editor";
import { portalPlural } from "~/lib/i18n/portal-text";
import { MESSAGES } from "~/lib/messages";
import { useHydrated } from "../use-hydrated";
import { ItemRow } from "./item-row";

/**
 * The Menu Items tab: search (name, category, description; case- and
 * accent-insensitive), sort, refresh, and each item with its own actions.
 * Search and sort live in the URL, so they survive a reload and work as a
 * plain GET form without JavaScript.
 */
export function ItemList({
  productId,
  type,
  items,
  loadError,
  categories,
  tagSuggestions,
  more,
}: {
  productId: string;
  type: ProductType;
  items: EditorItem[] | null;
  loadError: string | null;
  /** The categories in use, or null for a type whose items have none. */
  categories: string[] | null;
  tagSuggestions: string[];
  /** Shown beside the item count: what the tab does now and then (ItemsMore). */
  more?: ReactNode;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  // The list follows this state at once. The address follows it too, replaced in
  // place without a navigation (nothing needs loading), so a reload keeps both.
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  // A type without categories offers no category order.
  const sorts = categories
    ? ITEM_SORTS
    : ITEM_SORTS.filter((option) => !option.value.startsWith("category"));
  const [sort, setSort] = useState(() => {
    const asked = parseItemSort(searchParams.get("sort"));
    return sorts.some((option) => option.value === asked) ? asked : "name-asc";
  });
  const refreshing = revalidator.state === "loading" || navigation.state === "loading";
  const searchField = useRef<HTMLInputElement>(null);
  const sortField = useRef<HTMLSelectElement>(null);

  const applyToAddress = (next: { q: string; sort: string }) => {
    const url = new URL(window.location.href);
    for (const [name, value] of Object.entries(next)) {
      if (value && !(name === "sort" && value === "name-asc")) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    // Keep the router's own entry state, so Back and Forward still work.
    window.history.replaceState(window.history.state, "", url);
  };

  // A search typed or a sort chosen before the page hydrated (on a slow phone, before its
  // handlers were there) shows in the fields but not yet in the list: the list follows them
  // once the page has hydrated.
  useEffect(() => {
    if (!hydrated) return;
    const typed = searchField.current?.value ?? query;
    const chosen = parseItemSort(sortField.current?.value ?? sort);
    if (typed === query && chosen === sort) return;
    setQuery(typed);
    setSort(chosen);
    applyToAddress({ q: typed, sort: chosen });
    // Once, as the page hydrates: the handlers below take every later change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  // `categories` are in the menu's order, which sorting by category follows.
  const shown = items ? sortItems(searchItems(items, query), sort, categories ?? []) : [];

  return (
    <section aria-labelledby="items-title">
      <h2 id="items-title" className="visually-hidden">
        {editorWords.yourItems}
      </h2>
      <Form method="get" className="item-toolbar" role="search" preventScrollReset>
        <input type="hidden" name="tab" value="items" />
        <div className="field item-search">
          <label htmlFor="item-search">{editorWords.searchItems}</label>
          <input
            ref={searchField}
            id="item-search"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={editorWords.searchPlaceholder}
            onChange={(event) => {
              if (!hydrated) return;
              const q = event.currentTarget.value;
              setQuery(q);
              applyToAddress({ q, sort });
            }}
          />
        </div>
        <div className="field item-sort">
          <label htmlFor="item-sort">{editorWords.sortBy}</label>
          <select
            ref={sortField}
            id="item-sort"
            name="sort"
            defaultValue={sort}
            onChange={(event) => {
              if (!hydrated) return;
              const next = parseItemSort(event.currentTarget.value);
              setSort(next);
              applyToAddress({ q: query, sort: next });
            }}
          >
            {sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="toolbar-buttons">
          {/*
            With JavaScript the list follows every keystroke; without it, this applies. Only a
            browser without JavaScript shows it, so the toolbar does not move when the page
            hydrates.
          */}
          <noscript>
            <button type="submit" className="button secondary">
              {editorWords.apply}
            </button>
          </noscript>
          {hydrated ? (
            <button
              type="button"
              className="button secondary toolbar-refresh"
              onClick={() => void revalidator.revalidate()}
              disabled={refreshing}
            >
              <RefreshIcon />
              <span className="toolbar-refresh-text">
                {refreshing ? editorWords.refreshing : editorWords.refresh}
              </span>
            </button>
          ) : (
            <a className="button secondary toolbar-refresh" href={`?${searchParams.toString()}`}>
              <RefreshIcon />
              <span className="toolbar-refresh-text">{editorWords.refresh}</span>
            </a>
          )}
        </div>
      </Form>

      {loadError ? (
        <p className="alert error" role="alert">
          {loadError}
        </p>
      ) : null}
      <div className="item-list-meta">
        {items ? (
          <p className="muted" role="status" aria-live="polite">
            {query
              ? portalPlural(editorWords.itemsFound, items.length, { found: shown.length })
              : portalPlural(editorWords.itemCount, items.length)}
          </p>
        ) : null}
        {more}
      </div>
      {items && items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">{MESSAGES.noMenuItems}</p>
          <p>{siteOf(type).items?.firstItemHint}</p>
          <Link className="button" to="?tab=add">
            {editorWords.addFirstItem}
          </Link>
        </div>
      ) : null}
      {items && items.length > 0 && shown.length === 0 ? (
        <p className="empty-state">{MESSAGES.noItemsMatch}</p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="item-list">
          {shown.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              productId={productId}
              type={type}
              categories={categories}
              tagSuggestions={tagSuggestions}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Refresh's circular arrow: on a phone it stands alone, its word kept for screen readers. */
function RefreshIcon() {
  return (
    <svg
      className="toolbar-refresh-icon"
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}
