/**
 * What happens to a booking after it is made: the restaurant confirms or declines a request,
 * marks a guest seated or a no-show, or cancels; the guest cancels until the cutoff. Each move
 * is checked against the booking's current state under a row lock (app/lib/booking-states.ts),
 * kept in its history with its time, and queues the mail that tells the guest.
 */
import { and, eq } from "drizzle-orm";
import {
  bookingIsClosed,
  guestMayCancel,
  nextBookingState,
  type BookingAction,
  type BookingState,
} from "~/lib/booking-states";
import { cancelDeadline } from "~/lib/booking-settings";
import { bookingSettings, bookings, products } from "../db/schema";
import type { Events } from "../events/events.server";
import { queueBookingMail, type BookingMailKind } from "./booking-mail-queue.server";

/** The guest mail each move sends. */
const GUEST_MAIL: Partial<Record<BookingState, BookingMailKind>> = {
  confirmed: "booking-confirmed",
  declined: "booking-declined",
  cancelled: "booking-cancelled",
};

export type BookingChange =
  { action: "decline"; reason: string } | { action: Exclude<BookingAction, "decline"> };

export type ChangeBookingResult =
  { changed: true; state: BookingState } | { changed: false; state: BookingState | null };

/**
 * Applies `change` to the booking `bookingId` at `now`. The caller has checked who may
 * (`requireSiteBooking`).
 */
export async function changeBooking(
  events: Events,
  bookingId: string,
  change: BookingChange,
  now: number,
  { by }: { by?: { id: string; name: string } } = {},
): Promise<ChangeBookingResult> {
  return events.transaction(async (tx, changes) => {
    const [row] = await tx
      .select({ state: bookings.state, history: bookings.history, ownerUid: products.ownerUid })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, bookingId))
      .for("update", { of: bookings });
    if (!row) return { changed: false, state: null };
    const state = nextBookingState(row.state, change.action);
    if (!state) return { changed: false, state: row.state };
    const at = new Date(now);
    await tx
      .update(bookings)
      .set({
        state,
        history: [...row.history, { state, at: at.toISOString(), ...(by ? { by } : {}) }],
        ...(change.action === "decline" ? { declineReason: change.reason } : {}),
        closedAt: bookingIsClosed(state) ? at : null,
      })
      .where(and(eq(bookings.id, bookingId), eq(bookings.state, row.state)));
    const mail = GUEST_MAIL[state];
    if (mail) await queueBookingMail(tx, bookingId, mail);
    changes.owner(row.ownerUid);
    return { changed: true, state };
  });
}

export type GuestCancelResult =
  { cancelled: true } | { cancelled: false; reason: "not-found" | "moved-on" | "past-cutoff" };

/**
 * The guest cancels the booking of `token` at `now`: while it is requested or confirmed, and
 * no later than the site's cutoff before its time.
 */
export async function cancelBookingAsGuest(
  events: Events,
  token: string,
  now: number,
): Promise<GuestCancelResult> {
  return events.transaction(async (tx, changes) => {
    const [row] = await tx
      .select({
        id: bookings.id,
        state: bookings.state,
        startsAt: bookings.startsAt,
        history: bookings.history,
        ownerUid: products.ownerUid,
        cutoffMinutes: bookingSettings.cancelCutoffMinutes,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .leftJoin(bookingSettings, eq(bookingSettings.productId, bookings.productId))
      .where(and(eq(bookings.token, token), eq(products.exists, true)))
      .for("update", { of: bookings });
    if (!row) return { cancelled: false, reason: "not-found" };
    if (!guestMayCancel(row.state)) return { cancelled: false, reason: "moved-on" };
    if (now > cancelDeadline(row.startsAt.getTime(), row.cutoffMinutes)) {
      return { cancelled: false, reason: "past-cutoff" };
    }
    const at = new Date(now);
    await tx
      .update(bookings)
      .set({
        state: "cancelled",
        history: [...row.history, { state: "cancelled", at: at.toISOString() }],
        closedAt: at,
      })
      .where(and(eq(bookings.id, row.id), eq(bookings.state, row.state)));
    await queueBookingMail(tx, row.id, "booking-cancelled");
    changes.owner(row.ownerUid);
    return { cancelled: true };
  });
}
