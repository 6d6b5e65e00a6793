import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import type { HoursRow } from "~/lib/hours";
import { useMarkupHtml } from "~/components/markup-html";
import type { PublicOpening } from "~/lib/opening-status";
import { ENGLISH, fill, type PageLanguage } from "~/lib/i18n/page-language";
import { PageLanguageProvider } from "~/lib/i18n/page-language-context";
import { siteThemeAttributes } from "~/lib/site-theme";
import { jsonLdMarkup } from "~/lib/structured-data";
import { publicSiteDescription } from "~/components/public-site";
import { OrderingBanner, type OrderingBannerView } from "~/components/ordering-banner";
import { BookingBanner, type BookingBannerView } from "~/components/booking-banner";
import { SiteLanguages, type SiteLanguageLinkView } from "~/components/site-languages";
import { PublicSiteFacts, PublicSiteHero } from "~/components/public-site-header";
import { MenuCategoryChips } from "./menu-category-chips";
import { MenuDietaryPanel, type MenuDietaryView } from "./menu-dietary";
import {
  isEmptiedByFilter,
  menuSectionsMarkup,
  type PublicMenuItem,
  type PublicMenuSection,
} from "./menu-sections-markup";

/** Defined beside the markup that writes them; the page's callers know them by this module. */
export type { PublicMenuItem, PublicMenuSection };

export interface PublicMenuSite {
  name: string;
  address: string;
  contact: { phone: string; email: string };
  hours: HoursRow[];
  opening: PublicOpening;
  /** Set once the owner takes orders online. */
  ordering?: OrderingBannerView | null;
  /** Set once the owner takes table bookings online. */
  booking?: BookingBannerView | null;
  colors: { primary: string; secondary: string; text: string };
  fontStyle: string;
  /** Already checked: a path on this site or an http(s) URL. */
  logoUrl: string | null;
  bgUrl: string | null;
  /** The currency prices are shown in (app/lib/currency.ts); US dollars when left out. */
  currency?: string;
}

/**
 * A restaurant's public page: a sticky bar with a Menu of categories and a row of category
 * chips, the hero with logo and name, contact and hours, then the menu by category. Plain
 * HTML and CSS: the dropdown and the descriptions are `<details>`, the categories are
 * anchors, so all of it works without JavaScript; a script under 1 KB (./menu-nav-script.ts)
 * closes the dropdown once a category is chosen and marks the current chip (without it, the
 * chosen section lands below the open dropdown: public-menu.css). The owner's colors arrive
 * as custom properties.
 */
export function PublicMenuPage({
  site,
  sections,
  jsonLd,
  dietary,
  path = "",
  page = ENGLISH,
  languageLinks,
}: {
  site: PublicMenuSite;
  sections: PublicMenuSection[];
  jsonLd: unknown;
  /** Allergens and diets: the labels in use, the filter and its count. */
  dietary?: MenuDietaryView;
  /** The page's own path, where the filter form goes. */
  path?: string;
  /** The site's language; English when left out. */
  page?: PageLanguage;
  /** The site's languages, when it has more than one. */
  languageLinks?: readonly SiteLanguageLinkView[];
}) {
  const { words } = page;
  // Categories the filter emptied are hidden: the Menu and the chips leave them out too.
  const shownSections = sections.filter((section) => !isEmptiedByFilter(section));
  const jsonLdHtml = useMarkupHtml(jsonLdMarkup(jsonLd));
  const menuHtml = useMarkupHtml(menuSectionsMarkup(sections, site.currency, page));
  return (
    <PageLanguageProvider value={page}>
      <div className="menu-page" id="top" {...siteThemeAttributes(site.colors, site.fontStyle)}>
        <script type="application/ld+json" dangerouslySetInnerHTML={jsonLdHtml} />
        <a className="skip-link" href="#menu">
          {words.skipToMenu}
        </a>
        <nav className="menu-nav" aria-label={words.restaurantNav}>
          <div className="menu-container menu-nav-inner">
            <a className="menu-nav-name" href="#top">
              {site.name}
            </a>
            <details className="menu-dropdown" tabIndex={-1}>
              <summary>{words.menu}</summary>
              <div className="menu-dropdown-panel">
                {shownSections.length > 0 ? (
                  <ul aria-label={words.categories}>
                    {shownSections.map((section) => (
                      <li key={section.id}>
                        <a href={`#${section.id}`}>{section.name}</a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>{words.noCategories}</p>
                )}
              </div>
            </details>
          </div>
          <MenuCategoryChips sections={shownSections} />
        </nav>

        <PublicSiteHero site={site} />

        <main className="menu-container menu-main">
          <SiteLanguages links={languageLinks} />
          <OrderingBanner ordering={site.ordering} />
          <BookingBanner booking={site.booking} />
          <PublicSiteFacts site={site} />
          {dietary ? <MenuDietaryPanel view={dietary} path={path} /> : null}

          {/* The dishes are written by a template, not by React: see ./menu-sections-markup.ts. */}
          <div id="menu" className="menu-sections" dangerouslySetInnerHTML={menuHtml} />
        </main>
        <script dangerouslySetInnerHTML={{ __html: MENU_NAV_SCRIPT }} />
      </div>
    </PageLanguageProvider>
  );
}

/** One line for search results and link previews: who, where, and what is on the menu. */
export function publicMenuDescription(
  site: PublicMenuSite,
  sections: PublicMenuSection[],
  page: PageLanguage = ENGLISH,
) {
  const about = publicSiteDescription(site);
  const categories = sections.filter((section) => !section.uncategorized).map((s) => s.name);
  return categories.length
    ? fill(page.words.menuDescription, { about, categories: categories.join(", ") })
    : about;
}
