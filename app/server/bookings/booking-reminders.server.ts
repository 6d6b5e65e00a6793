/**
 * The day-before reminder: a confirmed booking mails its guest once, a day before its time.
 * Bookings made less than a day ahead get none (their confirmation is fresh). The clock is the
 * database's rows, swept with the unanswered orders (orders/order-escalation.server.ts) by
 * every server process, so a restart loses nothing; each booking is claimed with
 * `for update skip locked` and marked `reminded_at` in the transaction that queues its mail, so
 * it is reminded once however many processes sweep at once.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { bookings } from "../db/schema";
import type { Events } from "../events/events.server";
import { queueBookingMail } from "./booking-mail-queue.server";

export const REMINDER_HOURS_BEFORE = 24;
const BATCH = 100;

/** Queues the reminders due at `now`; resolves to how many. */
export async function remindBookingsDue(events: Events, now: number): Promise<number> {
  const at = new Date(now);
  const dayBefore = sql`${bookings.startsAt} - interval '${sql.raw(String(REMINDER_HOURS_BEFORE))} hours'`;
  return events.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.state, "confirmed"),
          isNull(bookings.remindedAt),
          gt(bookings.startsAt, at),
          lte(dayBefore, at),
          // Booked within the last day before its time: the confirmation says it all.
          sql`${bookings.createdAt} < ${dayBefore}`,
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((booking) => booking.id);
    await tx.update(bookings).set({ remindedAt: at }).where(inArray(bookings.id, ids));
    for (const id of ids) await queueBookingMail(tx, id, "booking-reminder");
    return ids.length;
  });
}
