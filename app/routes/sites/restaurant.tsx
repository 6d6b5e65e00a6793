import { PublicSiteError, PublicSiteHeader } from "~/components/public-site";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import type { Route } from "./+types/restaurant";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.site.name : MESSAGES.restaurantNotFound },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const site = await loadPublicSite(db, "restaurant", params.slugId, MESSAGES.restaurantNotFound);
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
  return <PublicSiteError />;
}
