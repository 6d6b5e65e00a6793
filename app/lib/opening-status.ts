/**
 * "Open now · until 10:00 PM": whether a site is open at a moment, in the site's own time
 * zone, from its week of hours and its special days. Computed on the server for each
 * render; the page cache keeps a page only until its status would change
 * (docs/decisions/0014-opening-status.md).
 *
 * The week and the special days are walked in local minutes counted from the start of
 * today (`now`'s date where the site is): an interval from 6:00 PM to 2:00 AM is simply
 * [1080, 1560). Only the few instants the answer needs (when the status changes, local
 * midnight) are turned into real moments, through @date-fns/tz, which knows each zone's
 * daylight-saving rules.
 */
import { TZDate } from "@date-fns/tz";
import { isKnownTimeZone } from "./time-zones";
import { clockText, monthDayText, shortDateText, weekdayName } from "./i18n/formats";
import type { PageLanguage } from "./i18n/page-language";
import { fill } from "./i18n/text";
import {
  CLOSED,
  DAYS,
  formatHoursRow,
  timeToMinutes,
  type HoursRow,
  type SpecialHours,
} from "./hours";

export interface OpeningSchedule {
  /** Seven rows, Monday first (`normalizeHours`). */
  hours: readonly HoursRow[];
  specialHours: readonly SpecialHours[];
  /** An IANA zone; "" while the owner has not chosen one (no status is shown then). */
  timeZone: string;
}

export type OpenStatusTone = "open" | "closing-soon" | "closed";

export interface OpenStatus {
  tone: OpenStatusTone;
  /** "Open now · until 10:00 PM", "Closing soon · until 10:00 PM", "Closed · opens tomorrow at 11:00 AM". */
  text: string;
}

export interface OpeningFacts {
  /** Null when the site keeps no hours (or its time zone is unknown). */
  status: OpenStatus | null;
  /** Today's weekday where the site is ("Monday"), for the week table; null without a zone. */
  today: string | null;
  /** Special days from today through the next 13 days, in date order. */
  upcomingSpecial: UpcomingSpecialHours[];
  /** The moment (ms since the epoch) any of the above may change; null if never. */
  changesAt: number | null;
}

export interface UpcomingSpecialHours {
  /** "Thu, Dec 24" or "Fri, Dec 25 – Sat, Dec 26". */
  dates: string;
  /** "11:00 AM – 3:00 PM" or "Closed". */
  hours: string;
  note: string;
  /** The first day, YYYY-MM-DD (for `<time>`). */
  from: string;
}

/** From this long before closing the status says "Closing soon". */
export const CLOSING_SOON_MINUTES = 60;
/** How far ahead the public page lists special days. */
export const UPCOMING_SPECIAL_DAYS = 14;
/** How far ahead the next opening is looked for; a site closed longer just says "Closed". */
const LOOKAHEAD_DAYS = 31;
const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;

/** A calendar date where the site is; `month` is 1–12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function isoDate(date: LocalDate): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** "2026-12-24" as a LocalDate; null for anything that is not a real date. */
export function parseIsoDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isoDate(addDays(date, 0)) === text ? date : null;
}

/** Monday is 0, as in DAYS. */
export function weekdayIndex(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/** The site's date and the minutes since its midnight at `now`. */
function localNow(now: Date, timeZone: string): { date: LocalDate; minutes: number } {
  const local = new TZDate(now.getTime(), timeZone);
  return {
    date: { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() },
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

/** The moment of a wall-clock time where the site is: `minutes` after `date`'s midnight (may pass it). */
function momentAt(date: LocalDate, minutes: number, timeZone: string): number {
  const day = addDays(date, Math.floor(minutes / MINUTES_PER_DAY));
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return new TZDate(
    day.year,
    day.month - 1,
    day.day,
    Math.floor(inDay / 60),
    inDay % 60,
    timeZone,
  ).getTime();
}

/** The special day covering `iso`, if any; the earliest listed wins. */
function specialOn(specialHours: readonly SpecialHours[], iso: string): SpecialHours | undefined {
  return specialHours.find((special) => special.from <= iso && iso <= special.to);
}

/**
 * Open and close of one day in minutes after its midnight; close past midnight counts on
 * (6:00 PM – 2:00 AM is [1080, 1560)), and close equal to open is a full day. Null when
 * the day is Closed or only half filled in.
 */
export function dayInterval(
  row: Pick<HoursRow, "open" | "close"> | undefined,
): [number, number] | null {
  if (!row || row.open === CLOSED || row.close === CLOSED) return null;
  const open = timeToMinutes(row.open);
  const close = timeToMinutes(row.close);
  if (open === null || close === null) return null;
  return [open, close <= open ? close + MINUTES_PER_DAY : close];
}

export function hoursOn(schedule: OpeningSchedule, date: LocalDate) {
  return specialOn(schedule.specialHours, isoDate(date)) ?? schedule.hours[weekdayIndex(date)];
}

/** True when every day of the week is Closed and no special day is set: the site keeps no hours. */
export function keepsNoHours(schedule: Pick<OpeningSchedule, "hours" | "specialHours">): boolean {
  return schedule.specialHours.length === 0 && schedule.hours.every((row) => row.open === CLOSED);
}

/**
 * Opening intervals in minutes from today's midnight, from yesterday (its hours may run
 * past midnight) on, merged where one ends as the next begins, up to the first that
 * starts after `from`.
 */
function intervalsAround(
  schedule: OpeningSchedule,
  today: LocalDate,
  from: number,
): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (let offset = -1; offset <= LOOKAHEAD_DAYS; offset++) {
    const interval = dayInterval(hoursOn(schedule, addDays(today, offset)));
    if (!interval) continue;
    const start = offset * MINUTES_PER_DAY + interval[0];
    const end = offset * MINUTES_PER_DAY + interval[1];
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else {
      // The interval after the one that matters is known not to join it: stop.
      if (last && last[0] > from) break;
      merged.push([start, end]);
    }
  }
  return merged;
}

/** "today", "tomorrow", "Monday" (within the week) or "on Jan 5", in the status line's words. */
function opensText(today: LocalDate, offset: number, minutes: number, page: PageLanguage): string {
  const { words } = page;
  const time = clockText(minutes, page);
  if (offset === 0) return fill(words.closedOpensToday, { time });
  if (offset === 1) return fill(words.closedOpensTomorrow, { time });
  const date = addDays(today, offset);
  return offset < 7
    ? fill(words.closedOpensOnDay, { day: weekdayName(weekdayIndex(date), page), time })
    : fill(words.closedOpensOnDate, { date: monthDayText(date, page), time });
}

/**
 * Everything a public page says about being open at `now`: the status line, today's
 * weekday, the special days coming up, and when any of it next changes.
 */
export function openingFacts(
  schedule: OpeningSchedule,
  now: Date,
  page: PageLanguage,
): OpeningFacts {
  const { words } = page;
  if (!isKnownTimeZone(schedule.timeZone)) {
    return { status: null, today: null, upcomingSpecial: [], changesAt: null };
  }
  const { timeZone } = schedule;
  const { date: today, minutes: nowMinutes } = localNow(now, timeZone);
  const nextMidnight = momentAt(today, MINUTES_PER_DAY, timeZone);
  const upcomingSpecial = upcomingSpecialHours(schedule.specialHours, today, page);
  const base = { today: DAYS[weekdayIndex(today)]!, upcomingSpecial };
  if (keepsNoHours(schedule)) return { ...base, status: null, changesAt: nextMidnight };

  const intervals = intervalsAround(schedule, today, nowMinutes);
  const current = intervals.find(([start, end]) => start <= nowMinutes && nowMinutes < end);
  const nowMs = now.getTime();
  if (current) {
    const closesAt = momentAt(today, current[1], timeZone);
    const minutesLeft = (closesAt - nowMs) / MS_PER_MINUTE;
    // Open around the clock for more than a day: no closing time worth saying yet.
    if (minutesLeft > MINUTES_PER_DAY) {
      return {
        ...base,
        status: { tone: "open", text: words.openNow },
        changesAt: Math.min(nextMidnight, closesAt - MINUTES_PER_DAY * MS_PER_MINUTE),
      };
    }
    const time = clockText(current[1], page);
    const closingSoonAt = closesAt - CLOSING_SOON_MINUTES * MS_PER_MINUTE;
    const closingSoon = nowMs >= closingSoonAt;
    return {
      ...base,
      status: closingSoon
        ? { tone: "closing-soon", text: fill(words.closingSoonUntil, { time }) }
        : { tone: "open", text: fill(words.openUntil, { time }) },
      changesAt: Math.min(nextMidnight, closingSoon ? closesAt : closingSoonAt),
    };
  }
  const next = intervals.find(([start]) => start > nowMinutes);
  if (!next)
    return { ...base, status: { tone: "closed", text: words.closed }, changesAt: nextMidnight };
  const offset = Math.floor(next[0] / MINUTES_PER_DAY);
  return {
    ...base,
    status: { tone: "closed", text: opensText(today, offset, next[0], page) },
    // "opens tomorrow" becomes "opens today" at midnight.
    changesAt: Math.min(nextMidnight, momentAt(today, next[0], timeZone)),
  };
}

/** Special days that touch today or the next 13 days, soonest first. */
function upcomingSpecialHours(
  specialHours: readonly SpecialHours[],
  today: LocalDate,
  page: PageLanguage,
): UpcomingSpecialHours[] {
  const first = isoDate(today);
  const last = isoDate(addDays(today, UPCOMING_SPECIAL_DAYS - 1));
  return specialHours
    .filter((special) => special.to >= first && special.from <= last)
    .sort((a, b) => a.from.localeCompare(b.from))
    .flatMap((special) => {
      const from = parseIsoDate(special.from);
      const to = parseIsoDate(special.to);
      if (!from || !to) return [];
      const dates =
        special.from === special.to
          ? shortDateText(from, page)
          : `${shortDateText(from, page)} \u2013 ${shortDateText(to, page)}`;
      return [
        {
          dates,
          hours: formatHoursRow({ day: "", open: special.open, close: special.close }, page),
          note: special.note,
          from: special.from,
        },
      ];
    });
}

/** Today's date where the site is, YYYY-MM-DD (special days that ended before it are dropped on save). */
export function todayIn(timeZone: string, now: Date): string | null {
  return isKnownTimeZone(timeZone) ? isoDate(localNow(now, timeZone).date) : null;
}

/** What a public page shows about its hours: the status, today's row, special days coming. */
export interface PublicOpening {
  status: OpenStatus | null;
  today: string | null;
  upcomingSpecial: UpcomingSpecialHours[];
  /** False when every day is Closed and no special day is set: the page shows no hours. */
  keepsHours: boolean;
}

/**
 * A public page's opening facts at `now`, and until when the page that shows them stays
 * right (ms since the epoch; null: until the site changes).
 */
export function publicOpening(
  schedule: OpeningSchedule,
  now: Date,
  page: PageLanguage,
): { opening: PublicOpening; freshUntil: number | null } {
  const { changesAt, ...facts } = openingFacts(schedule, now, page);
  return { opening: { ...facts, keepsHours: !keepsNoHours(schedule) }, freshUntil: changesAt };
}

/**
 * When something sold out "for today" is back: the first opening that starts on a later day
 * than the business day under way at `now`, where the site is (ms since the epoch). The
 * business day is the day the opening in progress began (a bar open 6:00 PM – 2:00 AM is
 * still in Monday's at 1:00 AM on Tuesday), or today's date when the site is closed: tapped
 * at 9:00 AM before an 11:00 AM opening, or at 3:00 PM before a 5:00 PM one, it lasts
 * through today's service. Without hours (or open around the clock) it is the next local midnight; a
 * site without a known zone is read in UTC.
 */
export function soldOutTodayUntil(schedule: OpeningSchedule, now: Date): number {
  const timeZone = isKnownTimeZone(schedule.timeZone) ? schedule.timeZone : "UTC";
  const { date: today, minutes: nowMinutes } = localNow(now, timeZone);
  const nextMidnight = momentAt(today, MINUTES_PER_DAY, timeZone);
  if (keepsNoHours(schedule)) return nextMidnight;
  // Every opening from yesterday's up to the first that starts tomorrow or later.
  const intervals = intervalsAround(schedule, today, MINUTES_PER_DAY - 1);
  const current = intervals.find(([start, end]) => start <= nowMinutes && nowMinutes < end);
  const businessDay = current ? Math.floor(current[0] / MINUTES_PER_DAY) : 0;
  const next = intervals.find(([start]) => start >= (businessDay + 1) * MINUTES_PER_DAY);
  return next ? momentAt(today, next[0], timeZone) : nextMidnight;
}
