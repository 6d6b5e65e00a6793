/** The zod field of the Info form's special days (./special-hours.ts), and what is stored of them. */
import { CLOSED, isHourChoice, type SpecialHours } from "./hours";
import { parseIsoDate } from "./opening-status";
import {
  SPECIAL_HOURS_MAX,
  SPECIAL_HOURS_MESSAGES,
  SPECIAL_NOTE_MAX_LENGTH,
  SPECIAL_PERIOD_MAX_DAYS,
} from "./special-hours";
import { z } from "./zod";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value ?? "");

const specialRow = z
  .object({
    from: text(10),
    to: text(10),
    open: text(16),
    close: text(16),
    note: z
      .string()
      .trim()
      .max(SPECIAL_NOTE_MAX_LENGTH, { error: SPECIAL_HOURS_MESSAGES.noteTooLong })
      .optional()
      .transform((value) => value ?? ""),
  })
  .optional();

export type SpecialRowInput = z.infer<typeof specialRow>;

/** A row the owner left empty: the form's spare row, or one they cleared to remove it. */
function isBlank(row: SpecialRowInput): boolean {
  return !row || (!row.from && !row.to && !row.open && !row.close && !row.note);
}

const MS_PER_DAY = 86_400_000;

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY;
}

/**
 * The Info form's `specialHours[i].from|to|open|close|note`: each filled row needs a real
 * first day, a last day on or after it (or none: one day), and Closed or both times.
 */
export const specialHoursField = z
  .array(specialRow)
  .max(SPECIAL_HOURS_MAX + 5)
  .optional()
  .superRefine((rows, ctx) => {
    if (!rows) return;
    const taken: Array<{ from: string; to: string }> = [];
    rows.forEach((row, index) => {
      if (!row || isBlank(row)) return;
      const issue = (field: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [index, field], message });
      if (!parseIsoDate(row.from)) return issue("from", SPECIAL_HOURS_MESSAGES.dateRequired);
      const to = row.to || row.from;
      if (!parseIsoDate(to) || to < row.from)
        return issue("to", SPECIAL_HOURS_MESSAGES.endBeforeStart);
      if (daysBetween(row.from, to) >= SPECIAL_PERIOD_MAX_DAYS) {
        return issue("to", SPECIAL_HOURS_MESSAGES.periodTooLong);
      }
      const closed = row.open === CLOSED || row.close === CLOSED;
      if (!closed && !(isHourChoice(row.open) && isHourChoice(row.close))) {
        return issue(row.open ? "close" : "open", SPECIAL_HOURS_MESSAGES.hoursRequired);
      }
      if (taken.some((other) => row.from <= other.to && other.from <= to)) {
        return issue("from", SPECIAL_HOURS_MESSAGES.overlaps);
      }
      taken.push({ from: row.from, to });
    });
    if (taken.length > SPECIAL_HOURS_MAX) {
      ctx.addIssue({ code: "custom", path: [], message: SPECIAL_HOURS_MESSAGES.tooMany });
    }
  });

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
