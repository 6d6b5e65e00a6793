/**
 * The kinds of mail about a table booking, queued in the outbox (`order_mail`, with the
 * booking's id) inside the transaction that made the change, and sent after the commit by the
 * orders' sender (orders/order-mail.server.ts), retries and all.
 */
import { createId } from "../db/ids.server";
import { orderMail } from "../db/schema";
import type { Transaction } from "../events/events.server";

export const BOOKING_MAIL_KINDS = [
  /** To the guest: booked and confirmed. */
  "booking-confirmed",
  /** To the guest: the request is received and waits for the restaurant. */
  "booking-requested",
  /** To the guest: the restaurant declined the request (with its reason). */
  "booking-declined",
  /** To the guest: the booking is cancelled (by them or by the restaurant). */
  "booking-cancelled",
  /** To the guest, the day before. */
  "booking-reminder",
  /** To the restaurant: a request waits for its answer. */
  "booking-owner-request",
] as const;
export type BookingMailKind = (typeof BOOKING_MAIL_KINDS)[number];

export function isBookingMailKind(kind: string): kind is BookingMailKind {
  return (BOOKING_MAIL_KINDS as readonly string[]).includes(kind);
}

export async function queueBookingMail(
  tx: Transaction,
  bookingId: string,
  kind: BookingMailKind,
): Promise<void> {
  await tx.insert(orderMail).values({ id: createId(), bookingId, kind });
}
