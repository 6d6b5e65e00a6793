/**
 * Times, days, dates, numbers and lists as a page's language writes them, through `Intl`.
 * No catalogue here: only the language (its tag), so that code the portal shares with the
 * public pages does not carry any page's words.
 */
import { siteLanguage, type SiteLanguage } from "./languages";

/** What these formats need of a page's language. */
export interface FormatLanguage {
  language: Pick<SiteLanguage, "code" | "tag">;
}

const ENGLISH_FORMAT: FormatLanguage = { language: siteLanguage("en") };

const MINUTES_PER_DAY = 24 * 60;
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day, minutes after some midnight (wrapping past it): "10:00 PM" in English, as
 * the owner picked it from the hours' choices; "22:00" or "10:00 م" as the language writes it.
 */
export function clockText(minutes: number, page: FormatLanguage = ENGLISH_FORMAT): string {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour24 = Math.floor(inDay / 60);
  const minute = inDay % 60;
  if (page.language.code === "en") {
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    return `${hour12}:${String(minute).padStart(2, "0")} ${hour24 < 12 ? "AM" : "PM"}`;
  }
  const tag = page.language.tag;
  let format = clockFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    clockFormats.set(tag, format);
  }
  return format.format(Date.UTC(1970, 0, 1, hour24, minute));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(page: FormatLanguage, kind: string, options: Intl.DateTimeFormatOptions) {
  const key = `${page.language.tag} ${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(page.language.tag, { ...options, timeZone: "UTC" });
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date: `month` is 1–12. */
interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const utcOf = (date: CalendarDate) => Date.UTC(date.year, date.month - 1, date.day);

/**
 * Each language's seven day names, Monday first: a menu's hours table names every day on every
 * render, and formatting a date costs more than the rest of its row.
 */
const weekdayNames = new Map<string, string[]>();

/** "Monday" for 0 … "Sunday" for 6 (Monday first, as the week's hours are kept). */
export function weekdayName(index: number, page: FormatLanguage = ENGLISH_FORMAT): string {
  let names = weekdayNames.get(page.language.tag);
  if (!names) {
    const format = dateFormat(page, "weekday", { weekday: "long" });
    // 2024-01-01 was a Monday.
    names = Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
    weekdayNames.set(page.language.tag, names);
  }
  return names[((index % 7) + 7) % 7]!;
}

/** "Thu, Dec 24", "jue, 24 dic", "12月24日(木)". */
export function shortDateText(date: CalendarDate, page: FormatLanguage = ENGLISH_FORMAT): string {
  return dateFormat(page, "short", { weekday: "short", month: "short", day: "numeric" }).format(
    utcOf(date),
  );
}

/** "Jan 5", "5 ene", "1月5日". */
export function monthDayText(date: CalendarDate, page: FormatLanguage = ENGLISH_FORMAT): string {
  return dateFormat(page, "month-day", { month: "short", day: "numeric" }).format(utcOf(date));
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * "milk, eggs, and fish", "Milch, Eier und Fisch", "牛奶、鸡蛋和鱼"; with `"disjunction"`,
 * "Pickup or Delivery".
 */
export function listText(
  items: readonly string[],
  page: FormatLanguage = ENGLISH_FORMAT,
  type: "conjunction" | "disjunction" = "conjunction",
): string {
  // Most dishes have one label of a kind: nothing to join.
  if (items.length < 2) return items[0] ?? "";
  const key = `${page.language.tag} ${type}`;
  const textKey = `${key}\u0000${items.join("\u0000")}`;
  const known = joinedLists.get(textKey);
  if (known !== undefined) return known;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(page.language.tag, { type });
    listFormats.set(key, format);
  }
  const text = format.format(items);
  if (joinedLists.size >= JOINED_LISTS_LIMIT) joinedLists.clear();
  joinedLists.set(textKey, text);
  return text;
}

/**
 * Lists already joined, by language, type and items: a menu's dishes share a few sets of
 * labels, and `Intl.ListFormat` takes longer to join two words than a lookup. The items are
 * told apart by a NUL, which no stored text holds (PostgreSQL refuses one). Emptied when full,
 * as the few sets a page uses are soon back.
 */
const joinedLists = new Map<string, string>();
const JOINED_LISTS_LIMIT = 2_000;
