/**
 * How a restaurant takes table bookings: on or off, the party sizes taken online, the times
 * (slot length, how long a table is held, the last seating, the notice, how far ahead), the
 * room's capacity in covers, whether each request waits for the owner, and until when a guest
 * may cancel. The Reservations tab edits them; the server enforces every one when a booking is
 * made or cancelled (app/server/bookings/).
 */
import type { BookingRules } from "./booking-availability";

export const BOOKING_SLOT_LENGTHS = [15, 30] as const;
export const MAX_PARTY_SIZE = 50;
export const MIN_HOLD_MINUTES = 30;
export const MAX_HOLD_MINUTES = 360;
export const MAX_LAST_SEATING_MINUTES = 240;
/** Notice and cancel cutoff: up to two days. */
export const MAX_NOTICE_MINUTES = 48 * 60;
export const MAX_BOOKING_DAYS_AHEAD = 90;
export const MAX_CAPACITY = 1000;
export const BOOKING_NOTE_MAX_LENGTH = 300;
export const DECLINE_REASON_MAX_LENGTH = 120;
export const CLOSURE_NOTE_MAX_LENGTH = 80;

export interface BookingSettings {
  enabled: boolean;
  /** The largest party taken online; bigger ones are asked to call. */
  maxPartySize: number;
  slotMinutes: (typeof BOOKING_SLOT_LENGTHS)[number];
  holdMinutes: number;
  lastSeatingMinutes: number;
  noticeMinutes: number;
  daysAhead: number;
  /** Covers the room takes at once for online bookings. */
  capacity: number;
  /** Each request waits for the owner's confirmation; otherwise confirmed while there is room. */
  confirmEach: boolean;
  /** A guest may cancel until this many minutes before the booking. */
  cancelCutoffMinutes: number;
}

/** A site's settings before its owner has opened the Reservations tab: bookings off. */
export const DEFAULT_BOOKING_SETTINGS: Readonly<BookingSettings> = Object.freeze({
  enabled: false,
  maxPartySize: 8,
  slotMinutes: 30,
  holdMinutes: 90,
  lastSeatingMinutes: 60,
  noticeMinutes: 120,
  daysAhead: 30,
  capacity: 20,
  confirmEach: false,
  cancelCutoffMinutes: 120,
});

/** The availability engine's rules (./booking-availability.ts) from a site's settings. */
export function bookingRules(settings: BookingSettings): BookingRules {
  return {
    slotMinutes: settings.slotMinutes,
    holdMinutes: settings.holdMinutes,
    lastSeatingMinutes: settings.lastSeatingMinutes,
    noticeMinutes: settings.noticeMinutes,
    daysAhead: settings.daysAhead,
    capacity: settings.capacity,
    maxPartySize: settings.maxPartySize,
  };
}

/** The booking form's party sizes: 1 up to the largest taken online. */
export function partySizes(settings: Pick<BookingSettings, "maxPartySize">): number[] {
  return Array.from({ length: settings.maxPartySize }, (_, index) => index + 1);
}

/** The last moment a guest may cancel a booking starting at `start` (ms). */
export function cancelDeadline(start: number, cutoffMinutes: number | null): number {
  return start - (cutoffMinutes ?? DEFAULT_BOOKING_SETTINGS.cancelCutoffMinutes) * 60_000;
}
