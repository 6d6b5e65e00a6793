import { PublicProfilePage, publicProfileMeta } from "~/components/public-profile";
import { PublicSiteError } from "~/components/public-site";
import { MESSAGES } from "~/lib/messages";
import { publicProfileLoader } from "~/server/public-site-loader.server";
import type { Route } from "./+types/dealership";

// Plain HTML: this page ships no JavaScript.
export const handle = { hydrate: false };

export const loader = publicProfileLoader("dealership", "AutoDealer", MESSAGES.dealershipNotFound);

export const meta: Route.MetaFunction = (args) =>
  publicProfileMeta(args, MESSAGES.dealershipNotFound);

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PublicProfilePage site={loaderData.site} jsonLd={loaderData.jsonLd} />;
}

export function ErrorBoundary() {
  return <PublicSiteError detail={MESSAGES.linkMayBeIncorrect} />;
}
