/**
 * Table bookings: which times a party may book on a day, and whether one chosen time may be
 * booked. The times are the orders' slot grid (order-slots.ts: opening hours, special days,
 * late hours, the site's zone and daylight saving), cut by the booking rules: the last seating
 * before closing, the minimum notice, how far ahead, the owner's booking closures, and the
 * room's capacity in covers.
 *
 * A booking holds its covers from its start for the table's whole hold; overlapping bookings
 * share the capacity, so a time is offered to a party only if, at every moment of the hold it
 * would start, the covers already held plus the party's stay within the capacity. A time
 * accepted is always one offered: `bookingRefusal` is `bookingTimes` asked about one time.
 */
import type { LocalDate, OpeningSchedule } from "./opening-status";
import { slotTimesOn } from "./order-slots";
import { ENGLISH, type PageLanguage } from "./i18n/page-language";

export interface BookingRules {
  /** 15 or 30: bookable times are this far apart, from each day's opening. */
  slotMinutes: number;
  /** How long a table is held, in minutes (90 unless the owner says otherwise). */
  holdMinutes: number;
  /** The last seating is this many minutes before closing (60 unless the owner says otherwise). */
  lastSeatingMinutes: number;
  /** A booking starts at least this many minutes after it is made (120 unless set). */
  noticeMinutes: number;
  /** How many days after today may be booked (30 unless set, at most 90). */
  daysAhead: number;
  /** The covers the room takes at once for online bookings. */
  capacity: number;
  /** The largest party taken online; bigger ones are asked to call. */
  maxPartySize: number;
}

/** A stretch of time (ms since the epoch, end excluded) that holds covers or takes no bookings. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** A booking that holds its covers: requested or confirmed, not declined or cancelled. */
export interface HeldBooking extends TimeSpan {
  covers: number;
}

/** What is already known about the day: the bookings that hold covers, and the closures. */
export interface BookingBook {
  held: readonly HeldBooking[];
  /** The owner's booking closures (a private event): no booking may overlap one. */
  closures: readonly TimeSpan[];
}

export interface BookingTime {
  start: number;
  /** "7:00 PM", where the restaurant is. */
  time: string;
  /** The covers held at the busiest moment of the hold a booking at this time would have. */
  peakCovers: number;
}

/** Why a party may not book a time. */
export type BookingRefusal =
  "party-size" | "not-a-time" | "too-soon" | "too-far" | "closed" | "full";

const MINUTE = 60_000;

/**
 * The most covers held at any moment of [start, end): the covers change only where a booking
 * starts or ends, so the busiest moment is `start` or a later booking's start inside the span.
 */
export function peakCovers(held: readonly HeldBooking[], span: TimeSpan): number {
  const overlapping = held.filter(
    (booking) => booking.start < span.end && booking.end > span.start,
  );
  let peak = 0;
  for (const at of [span.start, ...overlapping.map((booking) => booking.start)]) {
    if (at < span.start || at >= span.end) continue;
    let covers = 0;
    for (const booking of overlapping) {
      if (booking.start <= at && at < booking.end) covers += booking.covers;
    }
    peak = Math.max(peak, covers);
  }
  return peak;
}

function overlapsClosure(closures: readonly TimeSpan[], span: TimeSpan): boolean {
  return closures.some((closure) => closure.start < span.end && closure.end > span.start);
}

/** Whether a party of `party` may book at all online: a whole number from 1 to the maximum. */
export function partySizeTaken(rules: BookingRules, party: number): boolean {
  return Number.isInteger(party) && party >= 1 && party <= rules.maxPartySize;
}

/**
 * Every time on `date` (the restaurant's calendar day) that the day's hours, the last seating,
 * the notice, the days ahead and the closures allow, with the covers its hold would meet;
 * `forParty` keeps only those with room for that party (all when left out, as the owner's day
 * view shows them).
 */
export function bookingTimes(
  schedule: OpeningSchedule,
  rules: BookingRules,
  date: LocalDate,
  book: BookingBook,
  now: Date,
  options: { forParty?: number; page?: PageLanguage } = {},
): BookingTime[] {
  const { forParty, page = ENGLISH } = options;
  if (forParty !== undefined && !partySizeTaken(rules, forParty)) return [];
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE;
  const times: BookingTime[] = [];
  for (const slot of slotTimesOn(
    schedule,
    date,
    rules.slotMinutes,
    rules.lastSeatingMinutes,
    now,
    page,
  )) {
    if (slot.day < 0 || slot.day > rules.daysAhead || slot.start < earliest) continue;
    const hold = { start: slot.start, end: slot.start + rules.holdMinutes * MINUTE };
    if (overlapsClosure(book.closures, hold)) continue;
    const peak = peakCovers(book.held, hold);
    if (forParty !== undefined && peak + forParty > rules.capacity) continue;
    times.push({ start: slot.start, time: slot.time, peakCovers: peak });
  }
  return times;
}

/**
 * Whether a party of `party` may book `start` on `date` at `now`: null when it may (exactly
 * when `bookingTimes` offers that time to that party), else the first reason it may not.
 */
export function bookingRefusal(
  schedule: OpeningSchedule,
  rules: BookingRules,
  date: LocalDate,
  start: number,
  party: number,
  book: BookingBook,
  now: Date,
): BookingRefusal | null {
  if (!partySizeTaken(rules, party)) return "party-size";
  const slot = slotTimesOn(schedule, date, rules.slotMinutes, rules.lastSeatingMinutes, now).find(
    (each) => each.start === start,
  );
  if (!slot) return "not-a-time";
  if (slot.start < now.getTime() + rules.noticeMinutes * MINUTE || slot.day < 0) return "too-soon";
  if (slot.day > rules.daysAhead) return "too-far";
  const hold = { start, end: start + rules.holdMinutes * MINUTE };
  if (overlapsClosure(book.closures, hold)) return "closed";
  if (peakCovers(book.held, hold) + party > rules.capacity) return "full";
  return null;
}
