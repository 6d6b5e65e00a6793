/**
 * An order's times as the customer and the owner read them: the wall clock where the site is,
 * whatever the server's or the reader's zone ("6:15 PM", "today").
 */
import { TZDate } from "@date-fns/tz";
import { clockText, shortDateText } from "./i18n/formats";
import { isoDate, type LocalDate } from "./opening-status";
import { isKnownTimeZone } from "./time-zones";

export interface SiteTime {
  /** "6:15 PM". */
  time: string;
  /** "today", "tomorrow", "yesterday" or "Sat, Nov 28", as seen on `now`'s date. */
  day: string;
  /** The site's date, YYYY-MM-DD. */
  date: string;
}

function localDate(ms: number, timeZone: string): { date: LocalDate; minutes: number } {
  const local = new TZDate(ms, timeZone);
  return {
    date: { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() },
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

/** The moment `ms` on the site's clock; a site without a known zone reads UTC. */
export function siteTime(ms: number, timeZone: string, now: Date): SiteTime {
  const zone = isKnownTimeZone(timeZone) ? timeZone : "UTC";
  const at = localDate(ms, zone);
  const today = localDate(now.getTime(), zone).date;
  const days = Math.round(
    (Date.UTC(at.date.year, at.date.month - 1, at.date.day) -
      Date.UTC(today.year, today.month - 1, today.day)) /
      86_400_000,
  );
  const day =
    days === 0
      ? "today"
      : days === 1
        ? "tomorrow"
        : days === -1
          ? "yesterday"
          : shortDateText(at.date);
  return { time: clockText(at.minutes), day, date: isoDate(at.date) };
}
