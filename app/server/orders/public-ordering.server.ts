/**
 * What a restaurant's or shop's public page says about ordering: nothing while the owner has
 * not turned ordering on; else a link to the order page and whether it takes orders now
 * ("Ordering open · pickup from 6:15 PM", "Not taking orders until 6:30 PM"). Read when the
 * page is rendered, never on a cached hit: the page's cache entry ends when this text would
 * change (`changesAt`), as it does for "Open now" (docs/decisions/0014-opening-status.md), and
 * any change to the settings or the pause drops the site's pages at once.
 */
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { OpeningSchedule } from "~/lib/opening-status";
import { pauseAt, slotRules, type OrderSettings } from "~/lib/order-settings";
import { orderingStatus } from "~/lib/order-slots";
import { publicPath } from "~/lib/slug";
import type { OrderingType } from "~/sites";

export interface PublicOrdering {
  accepting: boolean;
  text: string;
  /** The order page: on the portal's own address, absolute when the page is on the site's domain. */
  href: string;
}

export function publicOrdering(
  site: OpeningSchedule & {
    id: string;
    slug: string;
    canonicalPath: string;
    /** Read with the site (loadPublicSite): no round trip of its own. */
    orderSettings: OrderSettings;
    /** The page's language: the band's words are written in it, and the order page too. */
    language?: string;
    /** The site's main language: its order page's address names no language. */
    mainLanguage?: string;
  },
  type: OrderingType,
  now: Date,
  publicUrl: string,
): { ordering: PublicOrdering | null; changesAt: number | null } {
  const settings = site.orderSettings;
  if (!settings.enabled) return { ordering: null, changesAt: null };
  const status = orderingStatus(
    site,
    slotRules(settings),
    pauseAt(settings, now.getTime()),
    now,
    pageLanguage(site.language),
  );
  const inLanguage =
    site.language !== undefined && site.language !== site.mainLanguage ? `/${site.language}` : "";
  const portalPath = `${publicPath(type, site.slug, site.id)}${inLanguage}/order`;
  // On the site's own domain only its few paths are served: the order page is the portal's.
  const href = site.canonicalPath === "/" ? `${publicUrl}${portalPath}` : portalPath;
  return {
    ordering: { accepting: status.accepting, text: status.text, href },
    changesAt: status.changesAt,
  };
}

/** The sooner of two moments a page must be rendered again by; null for never. */
export function soonerOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
