/**
 * What happens to an order after it is placed: the owner accepts it (with a ready time),
 * rejects it (with a reason), marks it ready and completed; the customer cancels it while it
 * is still new. Each move is checked against the order's current state under a row lock
 * (app/lib/order-states.ts), kept in its history with its time, and, where the customer gave
 * an email, queues the mail that tells them. Rejecting or cancelling an order paid by card
 * queues its full refund in the same transaction (payments/card-refunds.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { isClosed, nextState, type OrderAction, type OrderState } from "~/lib/order-states";
import { createId } from "../db/ids.server";
import { orderMail, orders, products } from "../db/schema";
import type { Events } from "../events/events.server";
import { queueRefund } from "../payments/card-refunds.server";

/** The customer mail each move sends, when the customer gave an email. */
const CUSTOMER_MAIL: Partial<Record<OrderState, string>> = {
  accepted: "customer-accepted",
  rejected: "customer-rejected",
  ready: "customer-ready",
};

export type OrderChange =
  | { action: "accept"; delayMinutes: number }
  | { action: "reject"; reason: string }
  | { action: Exclude<OrderAction, "accept" | "reject"> };

export type ChangeOrderResult =
  | { changed: true; state: OrderState; refundQueued: boolean }
  | { changed: false; state: OrderState | null };

/**
 * Applies `change` to the order `orderId` at `now`. The caller has checked who may: the
 * owner (`requireSiteOrder`) or, for "cancel", the holder of the order's token.
 */
export async function changeOrder(
  events: Events,
  orderId: string,
  change: OrderChange,
  now: number,
  {
    onlyFrom,
    by,
  }: {
    /** Only from this state: a change decided on what was read before (order-escalation). */
    onlyFrom?: OrderState;
    /** Who made the move in the portal (the owner or one of the site's staff), for its history. */
    by?: { id: string; name: string };
  } = {},
): Promise<ChangeOrderResult> {
  return events.transaction(async (tx, changes) => {
    const [row] = await tx
      .select({
        state: orders.state,
        slotAt: orders.slotAt,
        history: orders.history,
        customerEmail: orders.customerEmail,
        productId: orders.productId,
        ownerUid: products.ownerUid,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, orderId))
      .for("update", { of: orders });
    if (!row) return { changed: false, state: null };
    if (onlyFrom && row.state !== onlyFrom) return { changed: false, state: row.state };
    const state = nextState(row.state, change.action);
    if (!state) return { changed: false, state: row.state };

    const at = new Date(now);
    const update: Partial<typeof orders.$inferInsert> = {
      state,
      history: [...row.history, { state, at: at.toISOString(), ...(by ? { by } : {}) }],
    };
    if (change.action === "accept") {
      // "As asked" is the asked time, or now plus the delay if that time has already passed.
      const asked = Math.max(row.slotAt.getTime(), now);
      update.readyAt = new Date(asked + change.delayMinutes * 60_000);
    }
    if (change.action === "reject") update.rejectReason = change.reason;
    if (isClosed(state)) update.closedAt = at;
    await tx
      .update(orders)
      .set(update)
      .where(and(eq(orders.id, orderId), eq(orders.state, row.state)));

    const mailKind = CUSTOMER_MAIL[state];
    if (mailKind && row.customerEmail) {
      await tx.insert(orderMail).values({ id: createId(), orderId, kind: mailKind });
    }
    const refundQueued =
      (state === "rejected" || state === "cancelled") && (await queueRefund(tx, orderId));
    changes.owner(row.ownerUid);
    return { changed: true, state, refundQueued };
  });
}
