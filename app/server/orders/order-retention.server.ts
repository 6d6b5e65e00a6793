/**
 * Customers' personal data on orders is kept `ORDER_DATA_DAYS` (90 by default) and then
 * removed: the name, phone, email, delivery address and note are emptied, and the order
 * says when (`personal_data_removed_at`). The lines, totals, state and times stay for the
 * owner's books. An order's days count from when it closed (completed, rejected or
 * cancelled); one never closed counts from its pickup or delivery time, so an order the
 * owner never answered does not keep its customer's data for ever.
 *
 * Table bookings' guest data goes the same way (bookings/booking-retention.server.ts).
 * Every server process runs the removal once at start and then every hour; running it
 * twice, or in two processes at once, removes nothing more.
 */
import { and, isNotNull, isNull, lt, or } from "drizzle-orm";
import { updateInBatches } from "../db/batched-update.server";
import type { Database } from "../db/client.server";
import { orders } from "../db/schema";
import { removeExpiredBookingData } from "../bookings/booking-retention.server";
import { logger } from "../http/log.server";

const DAY_MS = 24 * 60 * 60_000;
export const ORDER_RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Empties the personal data of the orders past `days`: closed more than `days` ago, or never
 * closed and due more than `days` ago. Resolves to how many orders were emptied.
 */
export async function removeExpiredPersonalData(
  db: Database,
  now: Date,
  days: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const expired = and(
    isNull(orders.personalDataRemovedAt),
    or(
      and(isNotNull(orders.closedAt), lt(orders.closedAt, cutoff)),
      and(isNull(orders.closedAt), lt(orders.slotAt, cutoff)),
    ),
  );
  return updateInBatches(db, orders, orders.id, expired, {
    customerName: "",
    customerPhone: "",
    customerEmail: "",
    deliveryAddress: "",
    note: "",
    personalDataRemovedAt: now,
  });
}

export interface OrderRetention {
  /** Stops the timer and waits for a removal in flight. */
  close(): Promise<void>;
}

/** Runs the removal now and then every hour, until closed. */
export function startOrderRetention(options: {
  db: Database;
  days: number;
  intervalMs?: number;
  now?: () => Date;
}): OrderRetention {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let closed = false;

  const tick = () => {
    if (closed) return;
    const at = now();
    running ??= removeExpiredPersonalData(options.db, at, options.days)
      .then(async (removed) => {
        if (removed > 0) {
          logger.info(
            { orders: removed, days: options.days },
            `Removed customers' personal data from ${removed} orders older than ${options.days} days`,
          );
        }
        const bookingsEmptied = await removeExpiredBookingData(options.db, at, options.days);
        if (bookingsEmptied > 0) {
          logger.info(
            { bookings: bookingsEmptied, days: options.days },
            `Removed guests' personal data from ${bookingsEmptied} bookings older than ${options.days} days`,
          );
        }
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "Could not remove personal data from old orders and bookings");
      })
      .finally(() => (running = null));
  };

  const timer = setInterval(tick, options.intervalMs ?? ORDER_RETENTION_INTERVAL_MS);
  timer.unref();
  tick();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
