import { isRouteErrorResponse, useRouteError } from "react-router";
import { ENGLISH } from "~/lib/i18n/page-language";
import type { HoursRow } from "~/lib/hours";
import { routeErrorMessage } from "~/lib/route-error";
import type { SiteDefinition } from "~/sites/site";

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

/**
 * What a public page's 404 carries (app/server/pages/public-not-found.server.ts): its words
 * in the language of the address, else of the visitor's browser.
 */
export interface PublicNotFoundData {
  message: string;
  detail?: string;
  lang: string;
  dir: "ltr" | "rtl";
}

/** A public page's title when its loader refused: the refusal's words, in their language. */
export function publicErrorTitle(error: unknown, site: Pick<SiteDefinition, "notFoundIn">): string {
  return routeErrorMessage(error) ?? site.notFoundIn(ENGLISH.words).message;
}

/** The error page of a public site: the not-found words in their language, with the 404. */
export function PublicSiteError() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error)
    ? (error.data as Partial<PublicNotFoundData> | null)
    : null;
  const message = routeErrorMessage(error) ?? ENGLISH.words.pageNotShown;
  const detail = typeof body?.detail === "string" ? body.detail : null;
  return (
    <main className="container narrow error-page" lang={body?.lang} dir={body?.dir}>
      <title>{message}</title>
      <h1>{message}</h1>
      {detail ? <p>{detail}</p> : null}
    </main>
  );
}
