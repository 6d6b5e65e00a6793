/**
 * An order's times as the customer and the owner read them: the wall clock where the site is,
 * whatever the server's or the reader's zone ("6:15 PM", "today").
 */
import { TZDate } from "@date-fns/tz";
import { clockText, shortDateText } from "./i18n/formats";
import type { PageLanguage } from "./i18n/page-language";
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

/** The words for the days near today, as the owner's pages say them (the portal is in English). */
const ENGLISH_DAYS = { today: "today", tomorrow: "tomorrow", yesterday: "yesterday" };

/**
 * The moment `ms` on the site's clock; a site without a known zone reads UTC. In the page's
 * language when one is given (a customer's status page), else the owner's English.
 */
export function siteTime(ms: number, timeZone: string, now: Date, page?: PageLanguage): SiteTime {
  const zone = isKnownTimeZone(timeZone) ? timeZone : "UTC";
  const at = localDate(ms, zone);
  const today = localDate(now.getTime(), zone).date;
  const days = Math.round(
    (Date.UTC(at.date.year, at.date.month - 1, at.date.day) -
      Date.UTC(today.year, today.month - 1, today.day)) /
      86_400_000,
  );
  const words = page
    ? {
        today: page.words.today,
        tomorrow: page.words.tomorrowAlone,
        yesterday: page.words.yesterday,
      }
    : ENGLISH_DAYS;
  const day =
    days === 0
      ? words.today
      : days === 1
        ? words.tomorrow
        : days === -1
          ? words.yesterday
          : shortDateText(at.date, page);
  return { time: clockText(at.minutes, page), day, date: isoDate(at.date) };
}
