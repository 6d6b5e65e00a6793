import { PublicSiteError, PublicSitePage } from "~/components/public-site";
import { MESSAGES } from "~/lib/messages";
import { publicSiteLoader } from "~/server/public-site-loader.server";
import type { Route } from "./+types/shoppy";

export const loader = publicSiteLoader("shoppy", MESSAGES.shopNotFound);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.site.name : MESSAGES.shopNotFound },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PublicSitePage site={loaderData.site} />;
}

export function ErrorBoundary() {
  return <PublicSiteError />;
}
