import { PublicSiteError, PublicSitePage } from "~/components/public-site";
import { MESSAGES } from "~/lib/messages";
import { publicSiteLoader } from "~/server/public-site-loader.server";
import type { Route } from "./+types/dealership";

export const loader = publicSiteLoader("dealership", MESSAGES.dealershipNotFound);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.site.name : MESSAGES.dealershipNotFound },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PublicSitePage site={loaderData.site} />;
}

export function ErrorBoundary() {
  return <PublicSiteError detail={MESSAGES.linkMayBeIncorrect} />;
}
