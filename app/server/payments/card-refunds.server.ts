/**
 * Refunds of card orders: rejecting or cancelling a paid order queues its full refund in the
 * same transaction (a `card-refund` row in the orders' outbox, order-mail.server.ts), and the
 * outbox asks the provider after the commit, retrying with backoff as it does mail. A refund
 * the provider refuses is shown on the order at once ("refund failed", with the provider's
 * words) and the owner may ask again by hand. Each attempt has its own idempotency key; one
 * that already went through (its answer lost to a crash) is recognised by the provider's
 * "already refunded" and recorded as done, never made twice.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { toMinorUnits } from "~/lib/card-payments";
import { createId } from "../db/ids.server";
import { orderMail, orders, products } from "../db/schema";
import type { Database } from "../db/client.server";
import type { Events, Transaction } from "../events/events.server";
import type { Metrics } from "../metrics/metrics.server";
import type { PaymentProvider } from "./payments.server";

export const CARD_REFUND_KIND = "card-refund";

/** Orders whose money can be sent back: paid, or paid with an amount that did not match. */
const REFUNDABLE = ["paid", "amount-mismatch"] as const;

/**
 * Inside the transaction that rejects or cancels an order: when it was paid by card, its
 * refund is queued. Returns whether one was.
 */
export async function queueRefund(tx: Transaction, orderId: string): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ paymentState: "refunding", paymentProblem: "" })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.payment, "card"),
        inArray(orders.paymentState, [...REFUNDABLE]),
      ),
    )
    .returning({ id: orders.id });
  if (!order) return false;
  await tx.insert(orderMail).values({ id: createId(), orderId, kind: CARD_REFUND_KIND });
  return true;
}

/** What became of one refund attempt, in the outbox's terms. */
export type RefundOutcome =
  { done: true } | { skipped: string } | { failed: string; retry: boolean };

export interface RefundServices {
  db: Database;
  events: Events;
  payments: PaymentProvider | null;
  metrics: Pick<Metrics, "cardPayment"> | null;
}

/** Asks the provider to refund the order in full; `attemptKey` names this attempt. */
export async function attemptRefund(
  services: RefundServices,
  orderId: string,
  attemptKey: string,
): Promise<RefundOutcome> {
  const { db, events, payments } = services;
  const [row] = await db
    .select({ order: orders, ownerUid: products.ownerUid })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  if (!row) return { skipped: "The order no longer exists." };
  const { order } = row;
  if (order.paymentState !== "refunding" && order.paymentState !== "refund-failed") {
    return { skipped: "The order has no refund to make." };
  }
  if (!payments)
    return { failed: "Card payments are not configured (STRIPE_SECRET_KEY).", retry: true };
  if (!order.paymentAccountId || !order.paymentId || order.paidCents === null) {
    return { skipped: "The order has no card payment to refund." };
  }

  let outcome: { refundId: string } | { error: string; retry: boolean };
  try {
    const refund = await payments.refund({
      accountId: order.paymentAccountId,
      paymentId: order.paymentId,
      amount: toMinorUnits(order.paidCents, order.currency),
      idempotencyKey: `refund-${attemptKey}`,
    });
    outcome = { refundId: refund.refundId };
  } catch (error) {
    // Even a refusal may pass later (the account's balance topped up): every failure is
    // retried, with the outbox's backoff, and shown to the owner meanwhile.
    outcome = { error: error instanceof Error ? error.message : String(error), retry: true };
  }

  await events.transaction(async (tx, changes) => {
    const open = and(
      eq(orders.id, orderId),
      inArray(orders.paymentState, ["refunding", "refund-failed"]),
    );
    if ("refundId" in outcome) {
      await tx
        .update(orders)
        .set({ paymentState: "refunded", refundId: outcome.refundId || null, paymentProblem: "" })
        .where(open);
    } else {
      await tx
        .update(orders)
        .set({ paymentState: "refund-failed", paymentProblem: outcome.error.slice(0, 300) })
        .where(open);
    }
    changes.owner(row.ownerUid);
  });
  if ("refundId" in outcome) {
    services.metrics?.cardPayment("refunded");
    return { done: true };
  }
  services.metrics?.cardPayment("refund_failed");
  return { failed: outcome.error, retry: outcome.retry };
}

/**
 * The owner's "Retry refund": a refund that failed is asked again now. Returns false when the
 * order has no failed refund.
 */
export async function retryRefund(events: Events, orderId: string, now: number): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentState: "refunding" })
      .where(and(eq(orders.id, orderId), eq(orders.paymentState, "refund-failed")))
      .returning({ productId: orders.productId });
    if (!order) return false;
    // The waiting row, if retries are still under way, is due now; one given up is replaced.
    const due = await tx
      .update(orderMail)
      .set({ nextAttemptAt: new Date(now) })
      .where(
        and(
          eq(orderMail.orderId, orderId),
          eq(orderMail.kind, CARD_REFUND_KIND),
          isNull(orderMail.sentAt),
          isNull(orderMail.failedAt),
        ),
      )
      .returning({ id: orderMail.id });
    if (due.length === 0) {
      await tx.insert(orderMail).values({ id: createId(), orderId, kind: CARD_REFUND_KIND });
    }
    const [site] = await tx
      .select({ ownerUid: products.ownerUid })
      .from(products)
      .where(eq(products.id, order.productId));
    if (site) changes.owner(site.ownerUid);
    return true;
  });
}
