/**
 * Guests' personal data on table bookings is kept `ORDER_DATA_DAYS`, as customers' on orders
 * (orders/order-retention.server.ts, which runs this with its own removal): the name, phone,
 * email and note are emptied and the booking says when. A booking's days count from when it
 * closed (seated, no-show, declined, cancelled); one never closed counts from its time. The
 * time, party size and state stay for the restaurant's records.
 */
import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import { updateInBatches } from "../db/batched-update.server";
import type { Database } from "../db/client.server";
import { bookings } from "../db/schema";

const DAY_MS = 24 * 60 * 60_000;

/** Empties the personal data of the bookings past `days`; resolves to how many. */
export async function removeExpiredBookingData(
  db: Database,
  now: Date,
  days: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const expired = and(
    isNull(bookings.personalDataRemovedAt),
    or(
      and(isNotNull(bookings.closedAt), lt(bookings.closedAt, cutoff)),
      and(isNull(bookings.closedAt), lt(bookings.startsAt, cutoff)),
    ),
  );
  return updateInBatches(db, bookings, bookings.id, expired, {
    guestName: "",
    guestPhone: "",
    guestEmail: "",
    note: "",
    personalDataRemovedAt: now,
  });
}
