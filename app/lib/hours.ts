// Opening hours (SPEC sections 3, 4 and 9). Values are the display strings themselves
// ('Closed', '9:00 AM', ...), which is how they are stored in hours [{day, open, close}].
// A public page in another language writes them in its own words (`formatHoursRow`).

import { clockText } from "./i18n/formats";
import type { PageLanguage } from "./i18n/page-language";
import { fill } from "./i18n/text";

export const CLOSED = "Closed";

/** The "nothing chosen yet" value of an open or close select. */
export const NOT_CHOSEN = "";

function buildTimeChoices(): string[] {
  const times: string[] = [];
  for (let slot = 0; slot < 48; slot++) {
    const hour24 = Math.floor(slot / 2);
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    const minutes = slot % 2 === 0 ? "00" : "30";
    times.push(`${hour12}:${minutes} ${hour24 < 12 ? "AM" : "PM"}`);
  }
  return times;
}

/** Every 30 minutes across 24 hours, 12-hour format: '12:00 AM' … '11:30 PM' (48). */
export const TIME_CHOICES: readonly string[] = Object.freeze(buildTimeChoices());

/** SPEC section 9: "Closed plus every 30 minutes across 24 hours" (49). */
export const HOUR_CHOICES: readonly string[] = Object.freeze([CLOSED, ...TIME_CHOICES]);

export const DAYS = Object.freeze([
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const);

export type HoursRow = { day: string; open: string; close: string };

const HOUR_CHOICE_SET: ReadonlySet<string> = new Set(HOUR_CHOICES);
const TIME_CHOICE_SET: ReadonlySet<string> = new Set(TIME_CHOICES);

export function isHourChoice(value: unknown): value is string {
  return typeof value === "string" && HOUR_CHOICE_SET.has(value);
}

function isTimeChoice(value: unknown): value is string {
  return typeof value === "string" && TIME_CHOICE_SET.has(value);
}

/**
 * A product's hours before the owner sets any: every day Closed. A new site starts with
 * empty hours, and Closed is the only honest reading of "no hours given" in the editor
 * and on the public page.
 */
export function defaultHours(): HoursRow[] {
  return DAYS.map((day) => ({ day, open: CLOSED, close: CLOSED }));
}

/**
 * SPEC section 4: "choosing Closed for open or close sets both to Closed; choosing a real
 * time clears a Closed partner". Clearing sets the partner to NOT_CHOSEN ('') so the owner
 * picks it next. Choosing NOT_CHOSEN just clears that field; any other value is ignored.
 * Returns a new row.
 */
export function applyHoursChange(row: HoursRow, field: "open" | "close", value: string): HoursRow {
  if (value === CLOSED) return { ...row, open: CLOSED, close: CLOSED };
  if (value === NOT_CHOSEN) return { ...row, [field]: NOT_CHOSEN };
  if (!isTimeChoice(value)) return { ...row };
  const partner = field === "open" ? "close" : "open";
  const next: HoursRow = { ...row, [field]: value };
  if (next[partner] === CLOSED) next[partner] = NOT_CHOSEN;
  return next;
}

/**
 * A row as the owner left it on a form that showed `shown`: each side that differs from
 * what was shown is a choice, applied with applyHoursChange, open first (the form's order).
 * A row the page's script already kept to the rule comes back unchanged. A form sent
 * without JavaScript, or before its script ran, can hold a time beside the Closed it
 * showed: the time is kept and the Closed gives way, as it would have with JavaScript.
 */
export function applyHoursChoices(shown: HoursRow, chosen: HoursRow): HoursRow {
  let row: HoursRow = { ...shown, day: chosen.day };
  for (const field of ["open", "close"] as const) {
    if (chosen[field] !== shown[field]) row = applyHoursChange(row, field, chosen[field]);
  }
  return row;
}

/**
 * Server-side sanitiser for submitted or stored hours. Always 7 rows in DAYS order.
 * - A day missing from the input (or no usable input at all) is Closed.
 * - Day names match ignoring case and surrounding spaces; the first row for a day wins.
 * - A value that is not one of HOUR_CHOICES becomes NOT_CHOSEN ('').
 * - The Closed-partner rule holds: if either side is Closed, both are.
 * - A row with neither side chosen is Closed, like a missing day.
 */
export function normalizeHours(input: unknown): HoursRow[] {
  const byDay = new Map<string, { open: unknown; close: unknown }>();
  if (Array.isArray(input)) {
    for (const entry of input) {
      if (typeof entry !== "object" || entry === null) continue;
      const { day, open, close } = entry as Record<string, unknown>;
      if (typeof day !== "string" || day.length > 32) continue;
      const key = day.trim().toLowerCase();
      if (!byDay.has(key)) byDay.set(key, { open, close });
    }
  }
  return DAYS.map((day) => {
    const given = byDay.get(day.toLowerCase());
    if (!given) return { day, open: CLOSED, close: CLOSED };
    const open = isHourChoice(given.open) ? given.open : NOT_CHOSEN;
    const close = isHourChoice(given.close) ? given.close : NOT_CHOSEN;
    if (open === CLOSED || close === CLOSED || (open === NOT_CHOSEN && close === NOT_CHOSEN)) {
      return { day, open: CLOSED, close: CLOSED };
    }
    return { day, open, close };
  });
}

// Any 12-hour time in the choices' shape (minutes other than :00/:30 are accepted too).
const TWELVE_HOUR_TIME = /^(1[0-2]|[1-9]):([0-5][0-9]) (AM|PM)$/;

/** Minutes since midnight: '1:30 PM' -> 810, '12:00 AM' -> 0. Null for anything else. */
export function timeToMinutes(time: string): number | null {
  if (typeof time !== "string" || time.length > 16) return null;
  const match = TWELVE_HOUR_TIME.exec(time.trim());
  if (!match) return null;
  const hour12 = Number(match[1]);
  const minutes = Number(match[2]);
  const hour24 = (hour12 % 12) + (match[3] === "PM" ? 12 : 0);
  return hour24 * 60 + minutes;
}

/** 'HH:MM' for schema.org openingHoursSpecification: '1:30 PM' -> '13:30'. Null if invalid. */
export function toIso24(time: string): string | null {
  const total = timeToMinutes(time);
  if (total === null) return null;
  const hours = String(Math.floor(total / 60)).padStart(2, "0");
  const minutes = String(total % 60).padStart(2, "0");
  return `${hours}:${minutes}`;
}

/**
 * One row for display: 'Closed', '9:00 AM – 5:00 PM' (en dash), or, while only one side is
 * chosen, 'Opens 9:00 AM' / 'Closes 5:00 PM'; in another language, its words and its way of
 * writing a time ('09:00 – 17:00'). A close earlier than open is shown as is (open past midnight).
 */
export function formatHoursRow(row: HoursRow, page: PageLanguage): string {
  const { words } = page;
  const time = (value: string) =>
    isTimeChoice(value) ? clockText(timeToMinutes(value)!, page) : null;
  const open = time(row.open);
  const close = time(row.close);
  if (row.open === CLOSED || row.close === CLOSED) return words.closed;
  if (open && close) return `${open} \u2013 ${close}`;
  if (open) return fill(words.opensAt, { time: open });
  if (close) return fill(words.closesAt, { time: close });
  return words.closed;
}

/**
 * A dated exception to the week: from `from` to `to` (inclusive, YYYY-MM-DD in the site's
 * time zone) the site keeps these hours instead, or is Closed; `note` says why ("Christmas").
 */
export interface SpecialHours {
  from: string;
  to: string;
  open: string;
  close: string;
  note: string;
}
