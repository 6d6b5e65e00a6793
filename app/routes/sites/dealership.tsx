import { PublicSiteError, publicSiteDescription } from "~/components/public-site";
import { PublicProfilePage } from "~/components/public-profile";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { safeHttpUrl } from "~/lib/profile-info";
import { pageMeta } from "~/lib/seo";
import { businessJsonLd } from "~/lib/structured-data";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import type { Route } from "./+types/dealership";

// Plain HTML: this page ships no JavaScript.
export const handle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const site = await loadPublicSite(db, "dealership", params.slugId, MESSAGES.dealershipNotFound);
  const url = `${env.publicUrl}${site.canonicalPath}`;
  const jsonLd = businessJsonLd({
    type: "AutoDealer",
    name: site.name,
    url,
    address: site.address,
    phone: site.contact.phone,
    email: site.contact.email,
    images: [site.logoUrl, site.bgUrl],
    hours: site.hours,
  });
  return { site, jsonLd };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? args.data.site.name : MESSAGES.dealershipNotFound,
    description: args.data ? publicSiteDescription(args.data.site) : MESSAGES.linkMayBeIncorrect,
    standalone: true,
    noIndex: !args.data,
    image: args.data
      ? (safeHttpUrl(args.data.site.bgUrl) ?? safeHttpUrl(args.data.site.logoUrl) ?? undefined)
      : undefined,
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PublicProfilePage site={loaderData.site} jsonLd={loaderData.jsonLd} />;
}

export function ErrorBoundary() {
  return <PublicSiteError detail={MESSAGES.linkMayBeIncorrect} />;
}
