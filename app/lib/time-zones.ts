/**
 * A site's time zone: its "Open now" is computed there. Chosen on Info from the IANA list,
 * and at creation taken from the owner's browser.
 */
import { isKnownTimeZone } from "./opening-status";
import { TIME_ZONES } from "./time-zone-list";

export { isKnownTimeZone, TIME_ZONES };

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll("_", " ").replaceAll("/", " / ");
}

/** The zone to store from what a form or a browser sent: a known zone, else "" (unknown). */
export function toTimeZone(value: unknown): string {
  return typeof value === "string" && isKnownTimeZone(value.trim()) ? value.trim() : "";
}

/** The browser's own zone ("Europe/Rome"), or "" when it cannot say. */
export function browserTimeZone(): string {
  try {
    return toTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return "";
  }
}
