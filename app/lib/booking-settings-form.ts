/**
 * The Reservations tab's forms as the editor's first load needs them, without zod: their
 * intents, what the tab shows, the choices offered and the messages. The checks themselves are
 * ./booking-settings-schema.ts, fetched when the tab shows (app/components/form-validators.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
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
} from "./booking-settings";
import { bookingSettingsWords } from "./i18n/portal/bookings";
import { fill } from "./i18n/text";

export const SAVE_BOOKINGS_INTENT = "save-bookings";
export const ADD_CLOSURE_INTENT = "add-closure";
export const REMOVE_CLOSURE_INTENT = "remove-closure";

export type BookingsTabIntent =
  typeof SAVE_BOOKINGS_INTENT | typeof ADD_CLOSURE_INTENT | typeof REMOVE_CLOSURE_INTENT;

export function isBookingsTabIntent(value: unknown): value is BookingsTabIntent {
  return (
    value === SAVE_BOOKINGS_INTENT ||
    value === ADD_CLOSURE_INTENT ||
    value === REMOVE_CLOSURE_INTENT
  );
}

/** The editor action's answer to one of the tab's forms. */
export interface BookingsTabResult {
  intent: BookingsTabIntent;
  result: SubmissionResult<string[]>;
}

export function isBookingsTabResult(value: unknown): value is BookingsTabResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "intent" in value &&
    isBookingsTabIntent(value.intent)
  );
}

export interface BookingClosureView {
  id: string;
  /** "Sat, Mar 21 · whole day" or "Sat, Mar 21 · 6:00 PM – 11:00 PM", where the site is. */
  whenText: string;
  note: string;
}

/** What the Reservations tab shows (app/server/bookings/booking-settings-action.server.ts). */
export interface BookingsTabData {
  /** The stored settings as the form's starting values. */
  values: Record<string, string | boolean>;
  /** Whether bookings are on as stored (not as the unsaved form says). */
  enabled: boolean;
  closures: BookingClosureView[];
  /** The closure form's date field starts at today, where the restaurant is. */
  today: string;
}

/** The choices of "Confirmation": bookings confirmed while there is room, or each by the owner. */
export const CONFIRMATION_CHOICES = ["automatic", "each"] as const;

/** The notice and cancel cutoff offered, in minutes: none, then up to two days. */
export const NOTICE_CHOICES = [0, 30, 60, 90, 120, 180, 240, 360, 720, 1440, 2880] as const;

export const BOOKING_SETTINGS_MESSAGES = Object.freeze({
  failed: bookingSettingsWords.failed,
  saved: bookingSettingsWords.saved,
  maxPartySize: /* @__PURE__ */ fill(bookingSettingsWords.maxPartySizeRange, {
    max: MAX_PARTY_SIZE,
  }),
  partyOverCapacity: bookingSettingsWords.partyOverCapacity,
  slotMinutes: /* @__PURE__ */ fill(bookingSettingsWords.slotMinutesChoice, {
    lengths: BOOKING_SLOT_LENGTHS.join(", "),
  }),
  holdMinutes: /* @__PURE__ */ fill(bookingSettingsWords.holdMinutesRange, {
    min: MIN_HOLD_MINUTES,
    max: MAX_HOLD_MINUTES,
  }),
  lastSeatingMinutes: /* @__PURE__ */ fill(bookingSettingsWords.lastSeatingRange, {
    max: MAX_LAST_SEATING_MINUTES,
  }),
  noticeMinutes: /* @__PURE__ */ fill(bookingSettingsWords.noticeRange, {
    max: MAX_NOTICE_MINUTES / 60,
  }),
  daysAhead: /* @__PURE__ */ fill(bookingSettingsWords.daysAheadRange, {
    max: MAX_BOOKING_DAYS_AHEAD,
  }),
  capacity: /* @__PURE__ */ fill(bookingSettingsWords.capacityRange, { max: MAX_CAPACITY }),
  confirmation: bookingSettingsWords.confirmationChoice,
  cancelCutoffMinutes: /* @__PURE__ */ fill(bookingSettingsWords.cancelCutoffRange, {
    max: MAX_NOTICE_MINUTES / 60,
  }),
  closureDate: bookingSettingsWords.closureDateInvalid,
  closureTime: bookingSettingsWords.closureTimeInvalid,
  closureBackwards: bookingSettingsWords.closureBackwards,
  closureNote: /* @__PURE__ */ fill(bookingSettingsWords.closureNoteTooLong, {
    max: CLOSURE_NOTE_MAX_LENGTH,
  }),
  closureAdded: bookingSettingsWords.closureAdded,
  closureRemoved: bookingSettingsWords.closureRemoved,
  closureNotFound: bookingSettingsWords.closureNotFound,
});
