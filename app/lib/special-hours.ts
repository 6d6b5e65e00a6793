/**
 * Special days: dated exceptions to the week ("Dec 24: 11:00 AM – 3:00 PM", "Dec 25 – 26:
 * Closed · Christmas"), as the Info form sends them and as they are stored; the form's zod
 * field is in ./special-hours-schema.ts. Blank rows (the form's spare row) are dropped, and
 * so are days that ended before the site's today, when it is known.
 */
import { CLOSED, isHourChoice, type SpecialHours } from "./hours";
import { parseIsoDate } from "./opening-status";
import type { SpecialRowInput } from "./special-hours-schema";

/** How many special days a site may keep at once. */
export const SPECIAL_HOURS_MAX = 30;
/** The longest special period, in days (a month's holiday, a season). */
export const SPECIAL_PERIOD_MAX_DAYS = 92;
export const SPECIAL_NOTE_MAX_LENGTH = 60;

export const SPECIAL_HOURS_MESSAGES = Object.freeze({
  dateRequired: "Choose the day.",
  endBeforeStart: "The last day must be on or after the first.",
  periodTooLong: `A special period can be at most ${SPECIAL_PERIOD_MAX_DAYS} days.`,
  hoursRequired: "Choose both times, or Closed.",
  overlaps: "This overlaps another special day.",
  tooMany: `At most ${SPECIAL_HOURS_MAX} special days.`,
  noteTooLong: `Keep the note to ${SPECIAL_NOTE_MAX_LENGTH} characters.`,
});

/** A row the owner left empty: the form's spare row, or one they cleared to remove it. */
export function isBlank(row: SpecialRowInput): boolean {
  return !row || (!row.from && !row.to && !row.open && !row.close && !row.note);
}

/**
 * The special days to store from a checked form: filled rows only, in date order, Closed on
 * both sides when either is, without those that ended before `today` (YYYY-MM-DD) if given.
 */
export function toSpecialHours(
  rows: ReadonlyArray<SpecialRowInput> | undefined,
  today: string | null,
): SpecialHours[] {
  return (rows ?? [])
    .flatMap((row): SpecialHours[] => {
      if (!row || isBlank(row)) return [];
      const to = row.to || row.from;
      const closed = row.open === CLOSED || row.close === CLOSED;
      return [
        {
          from: row.from,
          to,
          open: closed ? CLOSED : row.open,
          close: closed ? CLOSED : row.close,
          note: row.note,
        },
      ];
    })
    .filter((special) => today === null || special.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from));
}

/**
 * Stored special days as the public page may trust them: well-formed rows only (the column
 * is JSON; an older or hand-edited row must not break a page).
 */
export function storedSpecialHours(value: unknown): SpecialHours[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): SpecialHours[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const { from, to, open, close, note } = entry as Record<string, unknown>;
    if (typeof from !== "string" || typeof to !== "string") return [];
    if (!parseIsoDate(from) || !parseIsoDate(to) || to < from) return [];
    if (!isHourChoice(open) || !isHourChoice(close)) return [];
    return [{ from, to, open, close, note: typeof note === "string" ? note : "" }];
  });
}
