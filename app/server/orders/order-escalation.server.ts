/**
 * No order left unseen: an order still new (neither accepted nor rejected) `remindMinutes`
 * after it came in mails its owner once more, and one still new `giveUpMinutes` after is
 * turned down with "The restaurant did not confirm your order in time", as the owner would
 * reject it (order-changes): the customer's status page and mail say so, and a paid card order
 * is refunded. An order's clock starts when it became new: when it was placed, or for a card
 * order when its payment was confirmed (`paid_at`); orders awaiting payment are not counted.
 *
 * The clock is the database's rows, not this process's timers: every server process sweeps
 * every ORDER_SWEEP_SECONDS, so restarts lose nothing. Each step happens once however many
 * processes sweep at once: a reminder is claimed with `for update skip locked` and marked in
 * `orders.reminded_at` in the transaction that queues its mail (in the outbox, order-mail);
 * turning down locks the order and goes ahead only while it is still new.
 */
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type Column,
  type SQL,
} from "drizzle-orm";
import { en } from "~/lib/i18n/words/en";
import { siteOf } from "~/sites";
import { createId } from "../db/ids.server";
import { orderMail, orderSettings, orders, products } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";
import { logger } from "../http/log.server";
import { remindBookingsDue } from "../bookings/booking-reminders.server";
import { changeOrder } from "./order-changes.server";
import { PUSH_REMINDER_KIND, queueOrderPush } from "../push/order-push.server";

export const ORDER_REMINDER_KIND = "owner-reminder";
export const ORDER_SWEEP_INTERVAL_MS = 20_000;
/** Orders handled per step and sweep: short locks; the rest wait for the next sweep. */
const BATCH = 100;

/** When the order became new: placed, or paid for a card order. */
const newSince = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;

/** `minutes` after the order became new is at or before `at`. */
function passed(minutes: Column, at: Date): SQL {
  return sql`${newSince} + ${minutes} * interval '1 minute' <= ${at.toISOString()}::timestamptz`;
}

/** An order due a reminder: its site, and the site's owner. */
export interface OrderToRemind {
  id: string;
  productId: string;
  ownerUid: string;
}

/**
 * Inside the transaction that marks the order reminded: everything that reminds its owner.
 * The one place a reminder is queued, so that other ways of telling the owner join it here.
 */
export async function queueReminder(tx: Transaction, order: OrderToRemind): Promise<void> {
  await tx
    .insert(orderMail)
    .values({ id: createId(), orderId: order.id, kind: ORDER_REMINDER_KIND });
  await queueOrderPush(tx, { orderId: order.id, productId: order.productId }, PUSH_REMINDER_KIND);
}

/** Reminds the owners of orders due a reminder at `now`; resolves to how many. */
async function remindDue(events: Events, at: Date): Promise<number> {
  return events.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, productId: orders.productId, ownerUid: products.ownerUid })
      .from(orders)
      .innerJoin(orderSettings, eq(orderSettings.productId, orders.productId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          eq(orders.state, "new"),
          isNull(orders.remindedAt),
          passed(orderSettings.remindMinutes, at),
          // One about to be turned down is not worth a reminder (a server down for a while).
          or(isNull(orderSettings.giveUpMinutes), not(passed(orderSettings.giveUpMinutes, at))),
        ),
      )
      .limit(BATCH)
      .for("update", { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(orders)
      .set({ remindedAt: at })
      .where(
        inArray(
          orders.id,
          due.map((order) => order.id),
        ),
      );
    for (const order of due) await queueReminder(tx, order);
    return due.length;
  });
}

/** Turns down the orders due to be at `now`; resolves to how many, and how many refunds. */
async function giveUpDue(
  events: Events,
  at: Date,
): Promise<{ gaveUp: number; refundsQueued: number }> {
  const due = await events.transaction((tx) =>
    tx
      .select({ id: orders.id, type: products.type })
      .from(orders)
      .innerJoin(orderSettings, eq(orderSettings.productId, orders.productId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          eq(orders.state, "new"),
          isNotNull(orderSettings.giveUpMinutes),
          passed(orderSettings.giveUpMinutes, at),
        ),
      )
      .limit(BATCH),
  );
  let gaveUp = 0;
  let refundsQueued = 0;
  for (const order of due) {
    // Under the order's lock, and only while it is new: the owner may have answered meanwhile,
    // or another process turned it down first.
    const result = await changeOrder(
      events,
      order.id,
      {
        action: "reject",
        reason:
          siteOf(order.type).items?.orders.notConfirmedReason ??
          en.rejectReasonNotConfirmedRestaurant,
      },
      at.getTime(),
      { onlyFrom: "new" },
    );
    if (!result.changed) continue;
    gaveUp += 1;
    if (result.refundQueued) refundsQueued += 1;
    logger.info(
      { orderId: order.id, refundQueued: result.refundQueued },
      "Unanswered order turned down",
    );
  }
  return { gaveUp, refundsQueued };
}

export interface SweepResult {
  reminded: number;
  /** Table bookings whose day-before reminder was queued (bookings/booking-reminders). */
  bookingsReminded: number;
  gaveUp: number;
  refundsQueued: number;
}

/**
 * One sweep at `now`: the orders past their give-up time are turned down first, then the
 * owners of those past their reminder time are reminded, and the guests of tomorrow's bookings. What it queued is in the outbox.
 */
export async function sweepUnansweredOrders(events: Events, now: number): Promise<SweepResult> {
  const at = new Date(now);
  const { gaveUp, refundsQueued } = await giveUpDue(events, at);
  const reminded = await remindDue(events, at);
  if (reminded > 0) logger.info({ orders: reminded }, "Reminded owners of unanswered orders");
  const bookingsReminded = await remindBookingsDue(events, now);
  if (bookingsReminded > 0)
    logger.info({ bookings: bookingsReminded }, "Reminded guests of bookings");
  return { reminded, gaveUp, refundsQueued, bookingsReminded };
}

export interface OrderEscalation {
  /** Sweeps now; resolves when done (a sweep already running is waited for instead). */
  runOnce(): Promise<SweepResult | null>;
  /** Stops the timer and waits for a sweep in flight. */
  close(): Promise<void>;
}

/** Sweeps now and every `intervalMs` until closed; what a sweep queued is sent at once. */
export function startOrderEscalation(options: {
  events: Events;
  /** The outbox's sender: kicked after a sweep that queued mail or a refund. */
  outbox: { kick(): void };
  /** The clock (ms): the public pages', so that tests can set it. */
  now: () => number;
  intervalMs?: number;
}): OrderEscalation {
  let running: Promise<SweepResult | null> | null = null;
  let closed = false;

  const tick = (): Promise<SweepResult | null> => {
    if (closed) return Promise.resolve(null);
    running ??= sweepUnansweredOrders(options.events, options.now())
      .then((result) => {
        if (result.reminded > 0 || result.gaveUp > 0 || result.bookingsReminded > 0) {
          options.outbox.kick();
        }
        return result;
      })
      .catch((error: unknown) => {
        // The next sweep tries again; nothing was half done (each step is one transaction).
        logger.error({ err: error }, "Could not sweep unanswered orders");
        return null;
      })
      .finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => void tick(), options.intervalMs ?? ORDER_SWEEP_INTERVAL_MS);
  timer.unref();
  void tick();
  return {
    runOnce: tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
