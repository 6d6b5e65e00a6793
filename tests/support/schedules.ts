/** Opening schedules for the unit tests of hours, ordering slots, bookings and sold out. */
import { DAYS, type HoursRow, type SpecialHours } from "../../app/lib/hours";
import type { OpeningSchedule } from "../../app/lib/opening-status";

/** The same hours every day of the week. */
export const week = (open: string, close: string): HoursRow[] =>
  DAYS.map((day) => ({ day, open, close }));

/** `hours` with some days' hours changed: `{ Friday: ["5:00 PM", "2:00 AM"] }`. */
export const withDays = (hours: HoursRow[], days: Partial<Record<string, [string, string]>>) =>
  hours.map((row) => {
    const change = days[row.day];
    return change ? { ...row, open: change[0], close: change[1] } : row;
  });

/** A site's schedule, in New York unless another zone is given. */
export function schedule(
  hours: readonly HoursRow[],
  timeZone = "America/New_York",
  specialHours: SpecialHours[] = [],
): OpeningSchedule {
  return { hours, specialHours, timeZone };
}
