import { PublicSiteError, PublicSiteHeader } from "~/components/public-site";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import type { Route } from "./+types/dealership";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.site.name : MESSAGES.dealershipNotFound },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const site = await loadPublicSite(db, "dealership", params.slugId, MESSAGES.dealershipNotFound);
  return { site };
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="public-page">
      <PublicSiteHeader site={loaderData.site} />
    </main>
  );
}

export function ErrorBoundary() {
  return <PublicSiteError detail={MESSAGES.linkMayBeIncorrect} />;
}
