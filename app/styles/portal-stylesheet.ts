import type { LinkDescriptor } from "react-router";
import appStylesHref from "./app.css?url";

/**
 * The portal's and marketing pages' stylesheet, on top of the root's base.css: linked by
 * their layouts, so that no public site's page carries it.
 */
export function portalStylesheetLinks(): LinkDescriptor[] {
  return [{ rel: "stylesheet", href: appStylesHref }];
}
