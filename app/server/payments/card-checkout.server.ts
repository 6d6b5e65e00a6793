/**
 * An order paid by card: placed awaiting payment (it holds its slot, and no one is told of it
 * yet), then a checkout at the provider made from the order's own lines, then settled by
 * whichever comes first of the provider's webhook and the customer's return to the status
 * page. Paid with the order's exact total in its currency, it becomes new and paid: it
 * reaches the inbox, its mail is queued and the owner's pages hear of it, exactly once however
 * often either path runs (the order's row is locked and its state checked; each event's id is
 * recorded in the same transaction). Paid with any other amount, it reaches the inbox flagged,
 * never as paid. A checkout that expires or that the customer gives up cancels the order and
 * frees its slot.
 */
import { and, eq, isNull } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { checkoutLines, fromMinorUnits, platformFee, toMinorUnits } from "~/lib/card-payments";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { fill } from "~/lib/i18n/text";
import { nextStateOnPayment, type OrderHistoryEntry } from "~/lib/order-states";
import { formatPrice } from "~/lib/price";
import { createId } from "../db/ids.server";
import { orderMail, orders, paymentEvents, productInfo, products } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";
import { logger } from "../http/log.server";
import type { Metrics } from "../metrics/metrics.server";
import type { Database } from "../db/client.server";
import type { CheckoutFacts, PaymentProvider } from "./payments.server";
import { queueRefund } from "./card-refunds.server";
import { PUSH_NEW_ORDER_KIND, queueOrderPush } from "../push/order-push.server";

/** How long a checkout stays open: Stripe's shortest. */
export const CHECKOUT_OPEN_MINUTES = 30;
/**
 * A minute more than the shortest, asked for: the provider counts from when the request
 * arrives, and a checkout a few seconds shorter than its minimum is refused.
 */
const CHECKOUT_MARGIN_MS = 60_000;

export interface CheckoutServices {
  db: Database;
  events: Events;
  payments: PaymentProvider;
  metrics: Pick<Metrics, "cardPayment"> | null;
  /** The portal's address, for the status page the provider sends the customer back to. */
  publicUrl: string;
  /** The platform's share of each payment (STRIPE_PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
}

/** What the checkout needs of the running services; null while card payments are off. */
export function checkoutServices(services: {
  db: Database;
  events: Events;
  payments: PaymentProvider | null;
  metrics: CheckoutServices["metrics"];
  env: { publicUrl: string; payments: { platformFeePercent: number } | null };
  orderMail: { kick(): void };
}): (CheckoutServices & { kickOutbox(): void }) | null {
  if (!services.payments || !services.env.payments) return null;
  return {
    db: services.db,
    events: services.events,
    payments: services.payments,
    metrics: services.metrics,
    publicUrl: services.env.publicUrl,
    platformFeePercent: services.env.payments.platformFeePercent,
    kickOutbox: () => services.orderMail.kick(),
  };
}

/** The status page's address; the provider puts the checkout's id in `{CHECKOUT_SESSION_ID}`. */
export function statusUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/o/${token}`;
}

/**
 * Where the customer pays an order awaiting payment: its checkout, made on the first call
 * (the same one on every later call, and at the provider for the same key). Null when the
 * order no longer awaits payment. When the provider cannot make it, the order is cancelled
 * (its slot freed) and the error is thrown for the page to say so.
 */
export async function checkoutUrlFor(
  services: CheckoutServices,
  orderId: string,
  now: number,
): Promise<string | null> {
  const [row] = await services.db
    .select({ order: orders, siteName: productInfo.name })
    .from(orders)
    .innerJoin(productInfo, eq(productInfo.productId, orders.productId))
    .where(eq(orders.id, orderId));
  const order = row?.order;
  const accountId = order?.paymentAccountId;
  if (!row || !order || order.state !== "awaiting-payment" || !accountId) return null;
  if (order.checkoutUrl) return order.checkoutUrl;

  const { words } = pageLanguage(order.language);
  const description = fill(words.checkoutOrder, { number: order.number, name: row.siteName });
  const lines = checkoutLines(order, {
    deliveryFee: words.checkoutDeliveryFee,
    wholeOrder: description,
  });
  const total = toMinorUnits(order.totalCents, order.currency);
  const status = statusUrl(services.publicUrl, order.token);
  try {
    const checkout = await services.payments.startCheckout({
      accountId,
      orderId: order.id,
      description,
      lines,
      currency: order.currency,
      customerEmail: order.customerEmail,
      successUrl: `${status}?checkout={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${status}/checkout-cancelled`,
      expiresAt: new Date(now + CHECKOUT_OPEN_MINUTES * 60_000 + CHECKOUT_MARGIN_MS),
      platformFee: platformFee(total, services.platformFeePercent),
      idempotencyKey: `checkout-${order.id}`,
    });
    await services.db
      .update(orders)
      .set({ checkoutId: checkout.checkoutId, checkoutUrl: checkout.url })
      .where(and(eq(orders.id, order.id), isNull(orders.checkoutId)));
    services.metrics?.cardPayment("started");
    return checkout.url;
  } catch (error) {
    logger.error(
      { orderId: order.id, error: error instanceof Error ? error.message : String(error) },
      "Could not start a card payment",
    );
    await endAwaitingOrder(services.events, order.id, now);
    throw error;
  }
}

/**
 * Cancels an order still awaiting payment (its checkout never made, expired or given up):
 * "ended" when this call did, "already-cancelled" when it was found cancelled, else "moved-on".
 */
async function endAwaitingOrder(
  events: Events,
  orderId: string,
  now: number,
): Promise<"ended" | "already-cancelled" | "moved-on"> {
  return events.transaction(async (tx) => {
    const [order] = await tx
      .select({ state: orders.state, history: orders.history })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return "moved-on";
    if (await cancelAwaiting(tx, orderId, order, now)) return "ended";
    return order.state === "cancelled" ? "already-cancelled" : "moved-on";
  });
}

async function cancelAwaiting(
  tx: Transaction,
  orderId: string,
  order: { state: typeof orders.$inferSelect.state; history: OrderHistoryEntry[] },
  now: number,
): Promise<boolean> {
  const state = nextStateOnPayment(order.state, "checkout-ended");
  if (!state) return false;
  const at = new Date(now);
  await tx
    .update(orders)
    .set({ state, closedAt: at, history: [...order.history, { state, at: at.toISOString() }] })
    .where(eq(orders.id, orderId));
  return true;
}

/** What settling a checkout did. */
export type SettleOutcome =
  /** The checkout was made on another account than the event came from: nothing written. */
  | { kind: "refused"; reason: string }
  /** This event was acted on before. */
  | { kind: "duplicate" }
  /** No order has this checkout, or it is still open, or the order has moved on. */
  | { kind: "unchanged" }
  | { kind: "paid"; orderId: string }
  | { kind: "amount-mismatch"; orderId: string }
  | { kind: "ended"; orderId: string }
  /** Paid after the order was cancelled: the money goes back. */
  | { kind: "refund-queued"; orderId: string };

/** "$26.90", in the owner's words (the inbox and the flag are the owner's). */
function amountText(cents: number, currency: string): string {
  return formatPrice(cents, currency);
}

/**
 * Acts on what the provider says of a checkout made on `accountId`: from a signed event
 * (`eventId`, acted on once) or read on the customer's return (no event). Atomic: either
 * everything it decides is written, with the event's id, or nothing is.
 */
export async function settleCheckout(
  events: Events,
  input: { accountId: string; checkout: CheckoutFacts; eventId: string | null; eventType?: string },
  now: number,
): Promise<SettleOutcome> {
  const { checkout } = input;
  return events.transaction(async (tx, changes): Promise<SettleOutcome> => {
    const [row] = await tx
      .select({ order: orders, ownerUid: products.ownerUid })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.checkoutId, checkout.checkoutId))
      .for("update", { of: orders });
    if (row && row.order.paymentAccountId !== input.accountId) {
      return { kind: "refused", reason: "The checkout belongs to another account." };
    }
    if (input.eventId) {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: input.eventId, type: input.eventType ?? "checkout" })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { kind: "duplicate" };
    }
    if (!row) return { kind: "unchanged" };
    const { order } = row;
    const at = new Date(now);

    if (checkout.status === "ended") {
      const ended = await cancelAwaiting(tx, order.id, order, now);
      if (!ended) return { kind: "unchanged" };
      return { kind: "ended", orderId: order.id };
    }
    if (checkout.status !== "paid" || order.paymentState !== "awaiting") {
      return { kind: "unchanged" };
    }

    const paid = {
      paymentId: checkout.paymentId,
      paidAt: at,
      paidCents:
        checkout.currency === order.currency
          ? fromMinorUnits(checkout.amount, order.currency)
          : null,
    };
    const expected = toMinorUnits(order.totalCents, order.currency);
    const exact = checkout.currency === order.currency && checkout.amount === expected;
    const state = nextStateOnPayment(order.state, "paid");
    if (!state) {
      // Paid for an order already cancelled (its checkout given up in another tab): refunded.
      await tx
        .update(orders)
        .set({ ...paid, paymentState: "paid" })
        .where(eq(orders.id, order.id));
      await queueRefund(tx, order.id);
      changes.owner(row.ownerUid);
      return { kind: "refund-queued", orderId: order.id };
    }
    await tx
      .update(orders)
      .set({
        ...paid,
        state,
        paymentState: exact ? "paid" : "amount-mismatch",
        paymentProblem: exact
          ? ""
          : `The payment provider reported ${checkout.amount} ${checkout.currency} (minor units) paid; the order's total is ${amountText(order.totalCents, order.currency)}. Check the payment in your Stripe dashboard before preparing this order.`,
        history: [...order.history, { state, at: at.toISOString() }],
      })
      .where(eq(orders.id, order.id));
    // Now, and only now, the owner hears of the order: by mail, and in the inbox at once.
    await tx.insert(orderMail).values({ id: createId(), orderId: order.id, kind: "owner-new" });
    await queueOrderPush(
      tx,
      { orderId: order.id, productId: order.productId },
      PUSH_NEW_ORDER_KIND,
    );
    changes.owner(row.ownerUid);
    return exact
      ? { kind: "paid", orderId: order.id }
      : { kind: "amount-mismatch", orderId: order.id };
  });
}

/**
 * The customer's return (or the status page's poll) while an order awaits payment: the
 * checkout read from the provider and settled, in case its webhook is late or lost.
 */
export async function settleOnReturn(
  services: CheckoutServices & { kickOutbox(): void },
  order: { id: string; state: string; paymentAccountId: string | null; checkoutId: string | null },
  now: number,
): Promise<SettleOutcome> {
  if (order.state !== "awaiting-payment" || !order.paymentAccountId || !order.checkoutId) {
    return { kind: "unchanged" };
  }
  let checkout: CheckoutFacts;
  try {
    checkout = await services.payments.readCheckout(order.paymentAccountId, order.checkoutId);
  } catch (error) {
    // The webhook will come; the page says it is confirming meanwhile.
    logger.warn(
      { orderId: order.id, error: error instanceof Error ? error.message : String(error) },
      "Could not read a checkout on the customer's return",
    );
    return { kind: "unchanged" };
  }
  const outcome = await settleCheckout(
    services.events,
    { accountId: order.paymentAccountId, checkout, eventId: null },
    now,
  );
  afterSettling(services, outcome);
  return outcome;
}

/** What follows a settled checkout, after its commit: mail sent, refunds asked, counts kept. */
export function afterSettling(
  services: Pick<CheckoutServices, "metrics"> & { kickOutbox(): void },
  outcome: SettleOutcome,
): void {
  switch (outcome.kind) {
    case "paid":
    case "amount-mismatch":
      services.metrics?.cardPayment(outcome.kind === "paid" ? "completed" : "amount_mismatch");
      services.kickOutbox();
      return;
    case "refund-queued":
      services.kickOutbox();
      return;
    case "ended":
      services.metrics?.cardPayment("expired");
      return;
    default:
      return;
  }
}

/**
 * The status page polls every few seconds while an order awaits payment; the provider is asked
 * about an order's checkout at most this often. Its webhook settles the order sooner still.
 */
export const POLL_ASKS_PROVIDER_EVERY_MS = 15_000;

/** When each order awaiting payment last had its checkout read for a poll, newest orders kept. */
const lastAskedOnPoll = new LRUCache<string, number>({ max: 10_000 });

/**
 * A poll of the status page (`/o/{token}/state`) while the order awaits payment: settled from
 * the provider as on the customer's return, but no more than once per
 * `POLL_ASKS_PROVIDER_EVERY_MS` for an order, so that a page left open on a checkout never paid
 * does not read it from the provider every few seconds for half an hour.
 */
export async function settleOnPoll(
  services: CheckoutServices & { kickOutbox(): void },
  order: { id: string; state: string; paymentAccountId: string | null; checkoutId: string | null },
  now: number,
): Promise<SettleOutcome> {
  const asked = lastAskedOnPoll.get(order.id);
  if (asked !== undefined && now - asked < POLL_ASKS_PROVIDER_EVERY_MS && now >= asked) {
    return { kind: "unchanged" };
  }
  lastAskedOnPoll.set(order.id, now);
  return settleOnReturn(services, order, now);
}

/**
 * The customer gave up on the provider's page ("Back"): the checkout is ended there, so it
 * can no longer be paid, and the order cancelled here. A checkout paid meanwhile is settled
 * as paid instead. Returns what became of the order.
 */
export async function giveUpCheckout(
  services: CheckoutServices & { kickOutbox(): void },
  order: { id: string; state: string; paymentAccountId: string | null; checkoutId: string | null },
  now: number,
): Promise<SettleOutcome> {
  if (order.state !== "awaiting-payment") return { kind: "unchanged" };
  if (order.paymentAccountId && order.checkoutId) {
    try {
      await services.payments.endCheckout(order.paymentAccountId, order.checkoutId);
    } catch {
      // Already paid or already expired: what the provider says now decides.
      return settleOnReturn(services, order, now);
    }
  }
  const ended = await endAwaitingOrder(services.events, order.id, now);
  // Ending a checkout makes the provider send its "expired" event at once, and that may cancel
  // the order first (and count it). The customer still gave up on an unpaid order, and goes
  // back to it as if this request had ended it.
  if (ended === "moved-on") return { kind: "unchanged" };
  const outcome: SettleOutcome = { kind: "ended", orderId: order.id };
  if (ended === "ended") afterSettling(services, outcome);
  return outcome;
}
