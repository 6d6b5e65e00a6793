import { PublicShopPage, publicShopDescription } from "./public-shop";
import { publicErrorTitle, PublicSiteError } from "~/components/public-site";
import { publicSiteLinks } from "~/styles/public-stylesheets";
import { pageMeta } from "~/lib/seo";
import { publicShopLoader } from "./public-loader.server";
import shopStylesHref from "./public-shop.css?url";
import type { Route } from "./+types/public-page";
import { shoppySite } from "./site";
import { documentLanguage } from "~/lib/i18n/document-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { siteLanguage } from "~/lib/i18n/languages";

// No React on the client: the page is server-rendered HTML that works on its own, and its
// one small inline script (app/sites/shoppy/shop-page-script.browser.ts) adds instant
// filtering, the modal and the carousel, within the 15 KB budget of a public page.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = () => publicSiteLinks(shopStylesHref);

export const loader = publicShopLoader();

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? args.data.site.name : publicErrorTitle(args.error, shoppySite),
    description: args.data
      ? publicShopDescription(
          args.data.site,
          args.data.tagOptions,
          pageLanguage(args.data.language),
        )
      : publicErrorTitle(args.error, shoppySite),
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
  return <PublicShopPage {...loaderData} page={pageLanguage(loaderData.language)} />;
}

export default PublicPage;

export function ErrorBoundary() {
  return <PublicSiteError />;
}
