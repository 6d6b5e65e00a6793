import type { HoursRow } from "~/lib/hours";
import type { PublicOpening } from "~/lib/opening-status";
import { MESSAGES } from "~/lib/messages";
import { formatPrice } from "~/lib/price";
import { siteThemeAttributes } from "~/lib/site-theme";
import { jsonLdText } from "~/lib/structured-data";
import { publicSiteDescription } from "~/components/public-site";
import { PublicSiteFacts, PublicSiteHero } from "~/components/public-site-header";
import { MenuCategoryChips } from "./menu-category-chips";
import {
  DietaryIcons,
  dietaryItemAttributes,
  MenuDietaryPanel,
  type MenuDietaryView,
} from "./menu-dietary";
import { MENU_NAV_SCRIPT } from "./menu-nav-script";

export interface PublicMenuSite {
  name: string;
  address: string;
  contact: { phone: string; email: string };
  hours: HoursRow[];
  opening: PublicOpening;
  colors: { primary: string; secondary: string; text: string };
  fontStyle: string;
  /** Already checked: a path on this site or an http(s) URL. */
  logoUrl: string | null;
  bgUrl: string | null;
  /** The currency prices are shown in (app/lib/currency.ts); US dollars when left out. */
  currency?: string;
}

export interface PublicMenuItem {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  star: boolean;
  /** Already checked: a path on this site or an http(s) URL. */
  imageUrl: string | null;
  /** Keys of app/lib/dietary.ts; left out by pages that predate them. */
  allergens?: string[];
  diets?: string[];
  /** Left out by the dietary filter of the address (./menu-dietary.tsx). */
  hidden?: boolean;
}

export interface PublicMenuSection {
  id: string;
  name: string;
  uncategorized: boolean;
  items: PublicMenuItem[];
}

/** Size of an item's picture; images are square crops at this size (2x for sharp screens). */
const ITEM_IMAGE_PX = 96;

/**
 * A restaurant's public page: a sticky bar with a Menu of categories and a row of category
 * chips, the hero with logo and name, contact and hours, then the menu by category. Plain
 * HTML and CSS: the dropdown and the descriptions are `<details>`, the categories are
 * anchors, so all of it works without JavaScript; a script under 1 KB (menu-nav-script.ts)
 * closes the dropdown once a category is chosen and marks the current chip. The owner's
 * colors arrive as custom properties.
 */
export function PublicMenuPage({
  site,
  sections,
  jsonLd,
  dietary,
  path = "",
}: {
  site: PublicMenuSite;
  sections: PublicMenuSection[];
  jsonLd: unknown;
  /** Allergens and diets: the labels in use, the filter and its count. */
  dietary?: MenuDietaryView;
  /** The page's own path, where the filter form goes. */
  path?: string;
}) {
  // Categories the filter emptied are hidden: the Menu and the chips leave them out too.
  const shownSections = sections.filter((section) => !isEmptiedByFilter(section));
  return (
    <div className="menu-page" id="top" {...siteThemeAttributes(site.colors, site.fontStyle)}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(jsonLd) }} />
      <a className="skip-link" href="#menu">
        Skip to the menu
      </a>
      <nav className="menu-nav" aria-label="Restaurant">
        <div className="menu-container menu-nav-inner">
          <a className="menu-nav-name" href="#top">
            {site.name}
          </a>
          <details className="menu-dropdown">
            <summary>Menu</summary>
            <div className="menu-dropdown-panel">
              {shownSections.length > 0 ? (
                <ul aria-label="Categories">
                  {shownSections.map((section) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`}>{section.name}</a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{MESSAGES.noCategories}</p>
              )}
            </div>
          </details>
        </div>
        <MenuCategoryChips sections={shownSections} />
      </nav>

      <PublicSiteHero site={site} />

      <main className="menu-container menu-main">
        <PublicSiteFacts site={site} />
        {dietary ? <MenuDietaryPanel view={dietary} path={path} /> : null}

        <div id="menu" className="menu-sections">
          {sections.length === 0 ? (
            <p className="menu-empty">{MESSAGES.noMenuItems}</p>
          ) : (
            sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                className="menu-section"
                aria-labelledby={`${section.id}-title`}
                hidden={isEmptiedByFilter(section) || undefined}
              >
                <h2 id={`${section.id}-title`}>{section.name}</h2>
                <ul className="menu-items">
                  {section.items.map((item) => (
                    <li key={item.id} {...dietaryItemAttributes(item)}>
                      <MenuItemCard
                        item={item}
                        category={section.uncategorized ? null : section.name}
                        currency={site.currency}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </main>
      <script dangerouslySetInnerHTML={{ __html: MENU_NAV_SCRIPT }} />
    </div>
  );
}

/** A category whose every dish the dietary filter hides. */
function isEmptiedByFilter(section: PublicMenuSection): boolean {
  return section.items.every((item) => item.hidden);
}

function MenuItemCard({
  item,
  category,
  currency,
}: {
  item: PublicMenuItem;
  category: string | null;
  currency: string | undefined;
}) {
  return (
    <article className="menu-item" aria-labelledby={`item-${item.id}`}>
      {item.imageUrl ? (
        <img
          className="menu-item-image"
          src={item.imageUrl}
          alt={item.name}
          width={ITEM_IMAGE_PX}
          height={ITEM_IMAGE_PX}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="menu-item-body">
        <div className="menu-item-head">
          <h3 id={`item-${item.id}`}>{item.name}</h3>
          <p className="menu-item-price">{formatPrice(item.priceCents, currency)}</p>
        </div>
        {item.star || category ? (
          <p className="menu-item-badges">
            {item.star ? (
              <span className="menu-badge popular">
                <span aria-hidden="true">★ </span>Popular
              </span>
            ) : null}
            {category ? <span className="menu-badge category">{category}</span> : null}
          </p>
        ) : null}
        <DietaryIcons allergens={item.allergens ?? []} diets={item.diets ?? []} />
        {item.description ? (
          <details className="menu-item-description">
            <summary>
              Description<span className="visually-hidden"> of {item.name}</span>
            </summary>
            <p>{item.description}</p>
          </details>
        ) : null}
      </div>
    </article>
  );
}

/** One line for search results and link previews: who, where, and what is on the menu. */
export function publicMenuDescription(site: PublicMenuSite, sections: PublicMenuSection[]) {
  const about = publicSiteDescription(site);
  const categories = sections.filter((section) => !section.uncategorized).map((s) => s.name);
  return categories.length ? `${about} · Menu: ${categories.join(", ")}` : about;
}
