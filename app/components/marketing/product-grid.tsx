import { Link } from "react-router";
import type { CatalogEntry } from "~/lib/catalog";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { MESSAGES } from "~/lib/messages";

/**
 * The products grid. Enabled products link to their page; the others are
 * shown, visibly disabled, and are not links (nothing to tab to or click).
 */
export function ProductGrid({ entries }: { entries: readonly CatalogEntry[] }) {
  if (entries.length === 0) return <p>{MESSAGES.noProductsAvailable}</p>;
  return (
    <ul className="grid product-grid">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={entry.enabled ? "card product-card" : "card product-card unavailable"}
        >
          <h3>
            {entry.enabled ? <Link to={`/product/${entry.id}`}>{entry.name}</Link> : entry.name}
          </h3>
          <p className="muted">{entry.tagline}</p>
          <p className="product-version">
            {entry.version}{" "}
            {entry.enabled ? null : (
              <span className="badge muted-badge">{marketingWords.notAvailableYet}</span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
