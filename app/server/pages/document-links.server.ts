/**
 * The links of a document that loads no JavaScript, in the order React Router's `<Links>`
 * gives them (each route's stylesheets from the build's manifest, then its `links()`), one
 * per rel and href, with each stylesheet's text to inline where it can travel inside the
 * page (inline-stylesheets.server.ts). Used by the public page renderer and, for the
 * portal's plain-HTML pages (the landing, sign-in, a customer's order), by the document
 * entry (app/entry.server.tsx).
 */
import type { HtmlLinkDescriptor, LinkDescriptor, ServerBuild } from "react-router";
import type { DocumentLink } from "~/components/document-links";

export interface LinkedRoute {
  id: string;
  module: { links?: () => LinkDescriptor[] } | undefined;
}

/** A built stylesheet's text by its address; null keeps it a link. */
export type StylesheetText = (href: string) => string | null;

export function documentLinks(
  routes: readonly LinkedRoute[],
  manifest: Pick<ServerBuild["assets"], "routes">,
  stylesheetText: StylesheetText,
): DocumentLink[] {
  const links = routes.flatMap(({ id, module }): LinkDescriptor[] => [
    ...(manifest.routes[id]?.css ?? []).map((href) => ({ rel: "stylesheet", href })),
    ...(module?.links?.() ?? []),
  ]);
  return dedupeLinks(links).map((link) => ({
    link,
    inlineCss: link.rel === "stylesheet" && link.href ? stylesheetText(link.href) : null,
  }));
}

/** One link per rel, href and type, the first kept, as React Router does. */
function dedupeLinks(links: LinkDescriptor[]): HtmlLinkDescriptor[] {
  const seen = new Set<string>();
  // Page links (`{ page }`) are prefetch hints for client navigation, which these pages lack.
  return links.filter((link): link is HtmlLinkDescriptor => {
    if ("page" in link) return false;
    const key = JSON.stringify([link.rel, link.href, link.type]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
