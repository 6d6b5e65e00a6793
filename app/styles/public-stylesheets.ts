/**
 * Each public site type's stylesheets, small enough to be inlined into its pages
 * (app/server/pages/inline-stylesheets.server.ts). Kept apart from the page components, which
 * tests render outside Vite, where a stylesheet's address cannot be imported.
 */
import type { LinkDescriptor } from "react-router";
import openingHoursStylesHref from "./opening-hours.css?url";
import profileStylesHref from "./public-profile.css?url";
import siteStylesHref from "./public-site.css?url";
import languagesStylesHref from "./site-languages.css?url";

/** A restaurant's or shop's: opening hours, the hero and contact they share, then the page's own. */
export function publicSiteLinks(pageStylesHref: string): LinkDescriptor[] {
  return [
    { rel: "stylesheet", href: openingHoursStylesHref },
    { rel: "stylesheet", href: siteStylesHref },
    { rel: "stylesheet", href: languagesStylesHref },
    { rel: "stylesheet", href: pageStylesHref },
  ];
}

/** A dealership's or store's profile page: opening hours, then the profile's own. */
export function publicProfileLinks(): LinkDescriptor[] {
  return [
    { rel: "stylesheet", href: openingHoursStylesHref },
    { rel: "stylesheet", href: profileStylesHref },
    { rel: "stylesheet", href: languagesStylesHref },
  ];
}
