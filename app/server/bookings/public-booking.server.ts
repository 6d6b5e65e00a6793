/**
 * What a restaurant's public page says about table bookings: nothing while the owner has not
 * turned them on; else the way to the booking form, for the "Book a table" line and for the
 * search engines' ReserveAction. Read when the page is rendered, never on a cached hit: saving
 * the booking settings drops the site's cached pages (saveBookingSettings), and nothing else
 * changes it, so the page's cache entry need not end early for it.
 */
import { publicPath } from "~/lib/slug";
import type { BookingSettings } from "~/lib/booking-settings";

export interface PublicBooking {
  /** The booking form: on the portal's own address, absolute when the page is on the site's domain. */
  href: string;
  /** The booking form's absolute address, for structured data. */
  url: string;
}

export function publicBooking(
  site: {
    id: string;
    slug: string;
    canonicalPath: string;
    /** Read with the site (loadPublicSite): no round trip of its own. */
    bookingSettings: BookingSettings;
    /** The page's language: the booking form speaks it too. */
    language?: string;
    /** The site's main language: its booking form's address names no language. */
    mainLanguage?: string;
  },
  publicUrl: string,
): PublicBooking | null {
  if (!site.bookingSettings.enabled) return null;
  const inLanguage =
    site.language !== undefined && site.language !== site.mainLanguage ? `/${site.language}` : "";
  const portalPath = `${publicPath("restaurant", site.slug, site.id)}${inLanguage}/book`;
  const url = `${publicUrl}${portalPath}`;
  // On the site's own domain only its few paths are served: the booking form is the portal's.
  return { href: site.canonicalPath === "/" ? url : portalPath, url };
}
