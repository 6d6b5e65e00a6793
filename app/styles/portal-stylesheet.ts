import type { LinkDescriptor } from "react-router";
import portalStylesHref from "./portal.css?url";

/**
 * The portal's and marketing pages' foundation (portal.css: tokens, shared controls, the top
 * nav) on top of the root's base.css, then the layout's own sheets: linked by their layouts,
 * so that no public site's page carries any of it.
 */
export function portalStylesheetLinks(...layoutStylesHrefs: string[]): LinkDescriptor[] {
  return stylesheetLinks(portalStylesHref, ...layoutStylesHrefs);
}

/**
 * A screen's stylesheets, kept beside its route module: linked after its layout's, so its
 * rules win over the shared ones of the same weight.
 */
export function stylesheetLinks(...hrefs: string[]): LinkDescriptor[] {
  return hrefs.map((href) => ({ rel: "stylesheet", href }));
}
