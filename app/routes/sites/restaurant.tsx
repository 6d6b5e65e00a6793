import { PublicMenuPage, publicMenuDescription } from "~/components/public-menu";
import { PublicSiteError } from "~/components/public-site";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { publicRestaurantLoader } from "~/server/public-site-loader.server";
import menuStylesHref from "~/styles/public-menu.css?url";
import siteStylesHref from "~/styles/public-site.css?url";
import type { Route } from "./+types/restaurant";

// Plain HTML and CSS: the menu dropdown, anchors and descriptions need no JavaScript,
// so the page ships none.
export const handle = { hydrate: false };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesHref },
  { rel: "stylesheet", href: menuStylesHref },
];

export const loader = publicRestaurantLoader(MESSAGES.restaurantNotFound);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? args.data.site.name : MESSAGES.restaurantNotFound,
    description: args.data
      ? publicMenuDescription(args.data.site, args.data.sections)
      : MESSAGES.restaurantNotFound,
    standalone: true,
    noIndex: !args.data,
    image: args.data?.previewImage ?? undefined,
  });

/** The page itself; app/server/public-page-render.server.tsx renders it without the router. */
export function PublicPage({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  return (
    <PublicMenuPage
      site={loaderData.site}
      sections={loaderData.sections}
      jsonLd={loaderData.jsonLd}
    />
  );
}

export default PublicPage;

export function ErrorBoundary() {
  return <PublicSiteError />;
}
