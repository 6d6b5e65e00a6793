import { createContext, useContext } from "react";
import { Links, type HtmlLinkDescriptor } from "react-router";

/** A link of the document, with its stylesheet's text when the sheet travels inside the page. */
export interface DocumentLink {
  link: HtmlLinkDescriptor;
  /** The sheet's text, rendered as a `<style>` in the link's place; null keeps the link. */
  inlineCss: string | null;
}

/**
 * The document's links as the server resolved them, for a page that loads no JavaScript
 * (app/server/pages/document-links.server.ts); absent, React Router's own `<Links>` serve.
 */
export const DocumentLinksContext = createContext<DocumentLink[] | null>(null);

/** One link, or its stylesheet inline. */
export function documentLinkElement({ link, inlineCss }: DocumentLink) {
  const key = `${link.rel ?? ""} ${link.href ?? ""}`;
  return inlineCss === null ? (
    <link key={key} {...link} />
  ) : (
    <style key={key} dangerouslySetInnerHTML={{ __html: inlineCss }} />
  );
}

/**
 * The `<head>`'s links: the server's resolved ones where it gave them, otherwise React
 * Router's (a page that hydrates keeps its sheets linked, for the browser to cache across
 * the portal's pages).
 */
export function DocumentLinks() {
  const resolved = useContext(DocumentLinksContext);
  return resolved ? resolved.map(documentLinkElement) : <Links />;
}
