/**
 * Booking a table: every rule checked against the site as it is now, in one transaction that
 * holds the site's row locked, so the room's capacity holds however many guests press "Book"
 * at once (200 parties of 2 sent together into a time with room for 20 give exactly 10), and
 * the same form sent twice gives the one booking. A refused booking writes nothing. The mail to
 * the guest is queued in the same transaction and sent after the commit (booking-mail).
 */
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import {
  bookingRefusal,
  bookingTimes,
  type BookingBook,
  type BookingRefusal,
  type BookingTime,
  type TimeSpan,
} from "~/lib/booking-availability";
import { bookingRules, type BookingSettings } from "~/lib/booking-settings";
import { BOOKING_STATES_HOLDING_COVERS, type BookingState } from "~/lib/booking-states";
import { normalizeHours } from "~/lib/hours";
import type { PageLanguage } from "~/lib/i18n/page-language";
import type { LocalDate, OpeningSchedule } from "~/lib/opening-status";
import { storedSpecialHours } from "~/lib/special-hours";
import type { Database } from "../db/client.server";
import { createId } from "../db/ids.server";
import { bookings, productInfo, products } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";
import { siteLimitWait } from "../http/write-limits.server";
import { queueBookingMail } from "./booking-mail-queue.server";
import { closuresDuring, loadBookingSettings, newBookingSecret } from "./booking-settings.server";

const MINUTE = 60_000;

/** Why a booking was refused: the availability's reasons, and the site's own. */
export type PlaceBookingRefusal = BookingRefusal | "not-taking-bookings" | "site-limit";

export interface PlaceBookingInput {
  /** The booking form's key: the same form sent twice gives the one booking. */
  placeKey: string;
  partySize: number;
  /** The restaurant's calendar day the time was chosen on. */
  date: LocalDate;
  /** The chosen time, ms since the epoch. */
  start: number;
  name: string;
  phone: string;
  email: string;
  note: string;
  /** The booking page's language (a code): the guest's page and mails speak it. */
  language: string;
}

export type PlaceBookingResult =
  | { booked: true; token: string; bookingId: string; state: BookingState; existing: boolean }
  | {
      booked: false;
      reason: PlaceBookingRefusal;
      /** For "site-limit": when the site may take another booking. */
      retryAfterSeconds?: number;
    };

/** A restaurant as its bookings need it: its schedule, its owner and its settings. */
export interface BookingSite extends OpeningSchedule {
  id: string;
  ownerUid: string;
  settings: BookingSettings;
}

/** The live restaurant `productId` with its booking settings; its row locked when `forUpdate`. */
export async function loadBookingSite(
  db: Database | Transaction,
  productId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<BookingSite | null> {
  const query = db
    .select({
      id: products.id,
      ownerUid: products.ownerUid,
      hours: productInfo.hours,
      specialHours: productInfo.specialHours,
      timeZone: productInfo.timeZone,
    })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(eq(products.id, productId), eq(products.exists, true), eq(products.type, "restaurant")),
    );
  const [row] = forUpdate ? await query.for("update", { of: products }) : await query;
  if (!row) return null;
  return {
    ...row,
    hours: normalizeHours(row.hours),
    specialHours: storedSpecialHours(row.specialHours),
    settings: await loadBookingSettings(db, productId),
  };
}

/** The bookings holding covers during `span`, and the closures overlapping it. */
export async function bookingBook(
  db: Database | Transaction,
  productId: string,
  span: TimeSpan,
): Promise<BookingBook> {
  const held = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, covers: bookings.partySize })
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        inArray(bookings.state, BOOKING_STATES_HOLDING_COVERS),
        lt(bookings.startsAt, new Date(span.end)),
        gt(bookings.endsAt, new Date(span.start)),
      ),
    );
  const closures = await closuresDuring(db, productId, span);
  return {
    held: held.map((row) => ({
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
      covers: row.covers,
    })),
    closures: closures.map((row) => ({ start: row.startsAt.getTime(), end: row.endsAt.getTime() })),
  };
}

/**
 * The span a day's bookings may touch: from a day before its midnight (late hours of the day
 * before run into it) to two days after, wide enough for any hold; read once, filtered in memory.
 */
function daySpan(date: LocalDate): TimeSpan {
  const midnight = Date.UTC(date.year, date.month - 1, date.day);
  return { start: midnight - 24 * 60 * MINUTE, end: midnight + 72 * 60 * MINUTE };
}

/**
 * The times of `date` a party of `forParty` may book at `now` (all times, with the covers each
 * would meet, when left out: the owner's day view), for a site that takes bookings.
 */
export async function availableTimes(
  db: Database,
  site: BookingSite,
  date: LocalDate,
  now: Date,
  options: { forParty?: number; page?: PageLanguage } = {},
): Promise<BookingTime[]> {
  const book = await bookingBook(db, site.id, daySpan(date));
  return bookingTimes(site, bookingRules(site.settings), date, book, now, options);
}

/**
 * Books a table at the site `productId` at `now`. The fields come checked by the booking
 * form's schema; everything about the time and the room is read again here, under the site's
 * row lock. A booking that would be made is refused ("site-limit") when the site has taken
 * `perSite` bookings in the last 10 minutes; the same form sent again is answered with its
 * booking before that, and so never counts twice.
 */
export async function placeBooking(
  events: Events,
  productId: string,
  input: PlaceBookingInput,
  now: number,
  limits: { perSite?: number } = {},
): Promise<PlaceBookingResult> {
  return events.transaction(async (tx, changes) => {
    const site = await loadBookingSite(tx, productId, { forUpdate: true });
    if (!site || !site.settings.enabled) return { booked: false, reason: "not-taking-bookings" };
    const [already] = await tx
      .select({ id: bookings.id, token: bookings.token, state: bookings.state })
      .from(bookings)
      .where(and(eq(bookings.productId, productId), eq(bookings.placeKey, input.placeKey)));
    if (already) {
      return {
        booked: true,
        token: already.token,
        bookingId: already.id,
        state: already.state,
        existing: true,
      };
    }

    const rules = bookingRules(site.settings);
    const hold = { start: input.start, end: input.start + rules.holdMinutes * MINUTE };
    const book = await bookingBook(tx, productId, hold);
    const refusal = bookingRefusal(
      site,
      rules,
      input.date,
      input.start,
      input.partySize,
      book,
      new Date(now),
    );
    if (refusal) return { booked: false, reason: refusal };

    if (limits.perSite !== undefined) {
      const wait = await siteLimitWait(
        tx,
        { table: bookings, productId: bookings.productId, createdAt: bookings.createdAt },
        productId,
        limits.perSite,
        now,
      );
      if (wait !== null) return { booked: false, reason: "site-limit", retryAfterSeconds: wait };
    }

    const id = createId();
    const token = newBookingSecret();
    const state: BookingState = site.settings.confirmEach ? "requested" : "confirmed";
    const at = new Date(now);
    await tx.insert(bookings).values({
      id,
      productId,
      token,
      placeKey: input.placeKey,
      state,
      startsAt: new Date(hold.start),
      endsAt: new Date(hold.end),
      partySize: input.partySize,
      guestName: input.name,
      guestPhone: input.phone,
      guestEmail: input.email,
      note: input.note,
      language: input.language,
      history: [{ state, at: at.toISOString() }],
      createdAt: at,
    });
    await queueBookingMail(
      tx,
      id,
      state === "requested" ? "booking-requested" : "booking-confirmed",
    );
    // A request waits on the owner: they are mailed, as for a new order.
    if (state === "requested") await queueBookingMail(tx, id, "booking-owner-request");
    // The portal's bookings, wherever they are open, hear of it.
    changes.owner(site.ownerUid);
    return { booked: true, token, bookingId: id, state, existing: false };
  });
}
