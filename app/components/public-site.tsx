import { useRouteError } from "react-router";
import type { HoursRow } from "~/lib/hours";
import { routeErrorMessage } from "~/lib/route-error";

interface PublicSiteSummary {
  name: string;
  address: string;
  contact: { phone: string; email: string };
  hours: HoursRow[];
  colors: { primary: string; secondary: string; text: string };
}

/** A `tel:` link dials digits and a leading +, whatever spacing the owner typed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** One line about a business for search results and link previews. */
export function publicSiteDescription(site: PublicSiteSummary): string {
  return [site.name, site.address, site.contact.phone].filter(Boolean).join(" · ");
}

/** Not-found page of a public site: the spec's message with HTTP 404. */
export function PublicSiteError({ detail }: { detail?: string }) {
  const error = useRouteError();
  const message = routeErrorMessage(error) ?? "This page could not be shown.";
  return (
    <main className="container narrow error-page">
      <title>{message}</title>
      <h1>{message}</h1>
      {detail ? <p>{detail}</p> : null}
    </main>
  );
}
