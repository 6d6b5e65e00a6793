import { PublicSiteError, PublicSitePage, publicSiteDescription } from "~/components/public-site";
import { pageMeta } from "~/lib/seo";
import { MESSAGES } from "~/lib/messages";
import { publicSiteLoader } from "~/server/public-site-loader.server";
import type { Route } from "./+types/restaurant";

// Nothing on this page needs JavaScript yet, so it ships none.
export const handle = { hydrate: false };

export const loader = publicSiteLoader("restaurant", MESSAGES.restaurantNotFound);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? args.data.site.name : MESSAGES.restaurantNotFound,
    description: args.data ? publicSiteDescription(args.data.site) : MESSAGES.restaurantNotFound,
    standalone: true,
    noIndex: !args.data,
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PublicSitePage site={loaderData.site} />;
}

export function ErrorBoundary() {
  return <PublicSiteError />;
}
