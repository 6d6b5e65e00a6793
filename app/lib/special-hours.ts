/**
 * Special days: dated exceptions to the week ("Dec 24: 11:00 AM – 3:00 PM", "Dec 25 – 26:
 * Closed · Christmas"), as they are stored. The Info form's zod field for them is in
 * ./special-hours-schema.ts, which drops blank rows (the form's spare row) and days that
 * ended before the site's today, when it is known.
 */
import { isHourChoice, type SpecialHours } from "./hours";
import { parseIsoDate } from "./opening-status";

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
