/**
 * What a counted view of a public page is made of, for the server that counts views
 * and the portal screens that show them: where the visitor came from and on what kind
 * of device. Nothing else about a visitor is ever kept.
 */
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";

export const VIEW_SOURCES = ["qr", "social", "search", "direct"] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];

/** Tablets count as phones: both are a visitor holding the page in their hand. */
export const VIEW_DEVICES = ["phone", "desktop"] as const;
export type ViewDevice = (typeof VIEW_DEVICES)[number];

export const SOURCE_LABELS: Record<ViewSource, string> = {
  qr: siteAdminWords.sourceQr,
  social: siteAdminWords.sourceSocial,
  search: siteAdminWords.sourceSearch,
  direct: siteAdminWords.sourceDirect,
};

/** One day's views of a site by source. */
export interface SourceViewsOfDay extends Record<ViewSource, number> {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
}
