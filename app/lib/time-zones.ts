/**
 * A site's time zone: its "Open now" is computed there. Chosen on Info from the IANA list,
 * and at creation taken from the owner's browser.
 */
import { TIME_ZONES } from "./time-zone-list";

export { TIME_ZONES };

/** Zones found valid; only those are kept, so made-up names sent in forms cannot grow it. */
const knownZones = new Set<string>();

/** True for a time zone this server's Intl knows ("Europe/Rome", "UTC"). */
export function isKnownTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

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
