import { PublicMenuPage, publicMenuDescription } from "./public-menu";
import { publicErrorTitle, PublicSiteError } from "~/components/public-site";
import { publicSiteLinks } from "~/styles/public-stylesheets";
import { pageMeta } from "~/lib/seo";
import { publicRestaurantLoader } from "./public-loader.server";
import menuStylesHref from "./public-menu.css?url";
import type { Route } from "./+types/public-page";
import { restaurantSite } from "./site";
import { documentLanguage } from "~/lib/i18n/document-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { siteLanguage } from "~/lib/i18n/languages";

// Plain HTML and CSS: the menu dropdown, anchors, descriptions and the dietary filter (a GET
// form) need no JavaScript. Two small inline scripts only help: one closes the dropdown and
// marks the current category, the other filters dishes without a reload.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = () => publicSiteLinks(menuStylesHref);

export const loader = publicRestaurantLoader();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? args.data.site.name : publicErrorTitle(args.error, restaurantSite),
    description: args.data
      ? publicMenuDescription(args.data.site, args.data.sections, pageLanguage(args.data.language))
      : publicErrorTitle(args.error, restaurantSite),
    standalone: true,
    noIndex: !args.data,
    image: args.data?.previewImage ?? undefined,
    url: args.data?.canonicalUrl,
    languages: args.data
      ? { tag: siteLanguage(args.data.language).tag, links: args.data.languageLinks }
      : undefined,
  });

/** The page itself; app/server/pages/public-page-render.server.tsx renders it without the router. */
export function PublicPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <PublicMenuPage
      site={loaderData.site}
      sections={loaderData.sections}
      jsonLd={loaderData.jsonLd}
      dietary={loaderData.dietary}
      path={loaderData.path}
      page={pageLanguage(loaderData.language)}
      languageLinks={loaderData.languageLinks}
    />
  );
}

export default PublicPage;

export function ErrorBoundary() {
  return <PublicSiteError />;
}
