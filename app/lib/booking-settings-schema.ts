/**
 * The Reservations tab's two forms around the rules of ./booking-settings.ts: the settings
 * (zod schema, the stored settings as the form's starting values, the settings a valid form
 * gives) and a booking closure (a date, the whole day or a from–to time, and a note). The
 * browser checks each form with the schema the server uses; the server refuses anything else
 * with a 400 and writes nothing.
 */
import {
  BOOKING_SLOT_LENGTHS,
  CLOSURE_NOTE_MAX_LENGTH,
  MAX_BOOKING_DAYS_AHEAD,
  MAX_CAPACITY,
  MAX_HOLD_MINUTES,
  MAX_LAST_SEATING_MINUTES,
  MAX_NOTICE_MINUTES,
  MAX_PARTY_SIZE,
  MIN_HOLD_MINUTES,
  type BookingSettings,
} from "./booking-settings";
import { BOOKING_SETTINGS_MESSAGES, CONFIRMATION_CHOICES } from "./booking-settings-form";
import { parseIsoDate, type LocalDate } from "./opening-status";
import { checkbox, z } from "./zod";

/** A whole number from `min` to `max`, typed in a field; words, parts and blanks refused. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error: message });

/** The Reservations tab's settings form. */
export const bookingSettingsSchema = z
  .object({
    enabled: checkbox,
    maxPartySize: wholeNumber(1, MAX_PARTY_SIZE, BOOKING_SETTINGS_MESSAGES.maxPartySize),
    slotMinutes: wholeNumber(1, 60, BOOKING_SETTINGS_MESSAGES.slotMinutes).refine(
      (value) => (BOOKING_SLOT_LENGTHS as readonly number[]).includes(value),
      { error: BOOKING_SETTINGS_MESSAGES.slotMinutes },
    ),
    holdMinutes: wholeNumber(
      MIN_HOLD_MINUTES,
      MAX_HOLD_MINUTES,
      BOOKING_SETTINGS_MESSAGES.holdMinutes,
    ),
    lastSeatingMinutes: wholeNumber(
      0,
      MAX_LAST_SEATING_MINUTES,
      BOOKING_SETTINGS_MESSAGES.lastSeatingMinutes,
    ),
    noticeMinutes: wholeNumber(0, MAX_NOTICE_MINUTES, BOOKING_SETTINGS_MESSAGES.noticeMinutes),
    daysAhead: wholeNumber(0, MAX_BOOKING_DAYS_AHEAD, BOOKING_SETTINGS_MESSAGES.daysAhead),
    capacity: wholeNumber(1, MAX_CAPACITY, BOOKING_SETTINGS_MESSAGES.capacity),
    confirmation: z.enum(CONFIRMATION_CHOICES, { error: BOOKING_SETTINGS_MESSAGES.confirmation }),
    cancelCutoffMinutes: wholeNumber(
      0,
      MAX_NOTICE_MINUTES,
      BOOKING_SETTINGS_MESSAGES.cancelCutoffMinutes,
    ),
  })
  .superRefine((value, context) => {
    // A party larger than the room could never be seated: the form would offer it no time.
    if (value.maxPartySize > value.capacity) {
      context.addIssue({
        code: "custom",
        path: ["maxPartySize"],
        message: BOOKING_SETTINGS_MESSAGES.partyOverCapacity,
      });
    }
  });

export type BookingSettingsInput = z.output<typeof bookingSettingsSchema>;

/** The form's values as stored settings. */
export function bookingSettingsFromForm(input: BookingSettingsInput): BookingSettings {
  return {
    enabled: input.enabled,
    maxPartySize: input.maxPartySize,
    slotMinutes: input.slotMinutes === 15 ? 15 : 30,
    holdMinutes: input.holdMinutes,
    lastSeatingMinutes: input.lastSeatingMinutes,
    noticeMinutes: input.noticeMinutes,
    daysAhead: input.daysAhead,
    capacity: input.capacity,
    confirmEach: input.confirmation === "each",
    cancelCutoffMinutes: input.cancelCutoffMinutes,
  };
}

/** The form's fields as they start: what is stored. */
export function bookingSettingsFormValues(
  settings: BookingSettings,
): Record<string, string | boolean> {
  return {
    enabled: settings.enabled,
    maxPartySize: String(settings.maxPartySize),
    slotMinutes: String(settings.slotMinutes),
    holdMinutes: String(settings.holdMinutes),
    lastSeatingMinutes: String(settings.lastSeatingMinutes),
    noticeMinutes: String(settings.noticeMinutes),
    daysAhead: String(settings.daysAhead),
    capacity: String(settings.capacity),
    confirmation: settings.confirmEach ? "each" : "automatic",
    cancelCutoffMinutes: String(settings.cancelCutoffMinutes),
  };
}

/** "18:30" as minutes since midnight; null for anything else. */
export function clockMinutes(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const clockField = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || clockMinutes(value) !== null, {
    error: BOOKING_SETTINGS_MESSAGES.closureTime,
  });

/**
 * A closure: a date where the restaurant is, and either the whole day or a from–to time of
 * it (the end on the same day; "00:00" as the end is that night's midnight).
 */
export const bookingClosureSchema = z
  .object({
    date: z
      .string({ error: BOOKING_SETTINGS_MESSAGES.closureDate })
      .trim()
      .refine((value) => parseIsoDate(value) !== null, {
        error: BOOKING_SETTINGS_MESSAGES.closureDate,
      }),
    wholeDay: checkbox,
    from: clockField,
    to: clockField,
    note: z
      .string()
      .trim()
      .max(CLOSURE_NOTE_MAX_LENGTH, { error: BOOKING_SETTINGS_MESSAGES.closureNote })
      .optional()
      .transform((value) => value ?? ""),
  })
  .superRefine((value, context) => {
    if (value.wholeDay) return;
    if (value.from === "") {
      context.addIssue({
        code: "custom",
        path: ["from"],
        message: BOOKING_SETTINGS_MESSAGES.closureTime,
      });
    }
    if (value.to === "") {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: BOOKING_SETTINGS_MESSAGES.closureTime,
      });
    }
    const from = clockMinutes(value.from);
    const to = clockMinutes(value.to);
    if (from !== null && to !== null && closureEndMinutes(to) <= from) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: BOOKING_SETTINGS_MESSAGES.closureBackwards,
      });
    }
  });

export type BookingClosureInput = z.output<typeof bookingClosureSchema>;

/** The end of a closure in minutes since its day's midnight: "00:00" is the night's end. */
export function closureEndMinutes(to: number): number {
  return to === 0 ? 24 * 60 : to;
}

/** A valid closure form's day and minutes of it, for the server to turn into moments. */
export function closureWallTimes(input: BookingClosureInput): {
  date: LocalDate;
  fromMinutes: number;
  toMinutes: number;
} {
  const date = parseIsoDate(input.date)!;
  if (input.wholeDay) return { date, fromMinutes: 0, toMinutes: 24 * 60 };
  return {
    date,
    fromMinutes: clockMinutes(input.from)!,
    toMinutes: closureEndMinutes(clockMinutes(input.to)!),
  };
}
