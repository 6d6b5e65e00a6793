import { PublicProfilePage, publicProfileMeta } from "~/components/public-profile";
import { publicProfileLinks } from "~/styles/public-stylesheets";
import { publicErrorTitle, PublicSiteError } from "~/components/public-site";
import { documentLanguage } from "~/lib/i18n/document-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { publicProfileLoader } from "~/server/pages/public-profile-loader.server";
import type { Route } from "./+types/public-page";
import { dealershipSite } from "./site";

// Plain HTML: this page ships no JavaScript.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = publicProfileLinks;

export const loader = publicProfileLoader(dealershipSite, "AutoDealer");

export const meta: Route.MetaFunction = (args) =>
  publicProfileMeta(args, publicErrorTitle(args.error, dealershipSite));

/** The page itself; app/server/pages/public-page-render.server.tsx renders it without the router. */
export function PublicPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <PublicProfilePage
      site={loaderData.site}
      jsonLd={loaderData.jsonLd}
      page={pageLanguage(loaderData.language)}
      languageLinks={loaderData.languageLinks}
    />
  );
}

export default PublicPage;

export function ErrorBoundary() {
  return <PublicSiteError />;
}
