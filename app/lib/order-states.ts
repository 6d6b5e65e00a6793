/**
 * An order's life: new → accepted (with a ready time) → ready → completed; or rejected (with
 * a reason) by the owner, or cancelled by the customer while it is still new. An order paid
 * by card begins awaiting payment: it holds its slot but reaches no inbox until the payment
 * provider confirms it (→ new), and is cancelled when the customer's checkout expires or is
 * given up. Every change is kept with its time. The server checks each move here before it
 * writes it.
 */
import { ordersWords } from "~/lib/i18n/portal/orders";
import type { PageLanguage } from "./i18n/page-language";
import { fill } from "./i18n/text";

export const ORDER_STATES = [
  "awaiting-payment",
  "new",
  "accepted",
  "ready",
  "completed",
  "rejected",
  "cancelled",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What someone does to an order, and who may. */
export type OrderAction = "accept" | "reject" | "ready" | "complete" | "cancel";

/** What the payment provider does to an order awaiting payment. */
export type PaymentMove = "paid" | "checkout-ended";

const PAYMENT_MOVES: Record<PaymentMove, { from: readonly OrderState[]; to: OrderState }> = {
  paid: { from: ["awaiting-payment"], to: "new" },
  "checkout-ended": { from: ["awaiting-payment"], to: "cancelled" },
};

/** The state a payment move leads to from `state`, or null when the order has moved on. */
export function nextStateOnPayment(state: OrderState, move: PaymentMove): OrderState | null {
  const { from, to } = PAYMENT_MOVES[move];
  return from.includes(state) ? to : null;
}

const MOVES: Record<OrderAction, { from: readonly OrderState[]; to: OrderState }> = {
  accept: { from: ["new"], to: "accepted" },
  reject: { from: ["new", "accepted"], to: "rejected" },
  ready: { from: ["accepted"], to: "ready" },
  complete: { from: ["ready", "accepted"], to: "completed" },
  cancel: { from: ["new"], to: "cancelled" },
};

/** The state an action leads to from `state`, or null when it is not allowed from there. */
export function nextState(state: OrderState, action: OrderAction): OrderState | null {
  const move = MOVES[action];
  return move.from.includes(state) ? move.to : null;
}

/** Orders in these states are over: nothing more happens to them, and their data ages out. */
export function isClosed(state: OrderState): boolean {
  return state === "completed" || state === "rejected" || state === "cancelled";
}

/** Still counts against its slot's cap. */
export function holdsItsSlot(state: OrderState): boolean {
  return state !== "rejected" && state !== "cancelled";
}

/** The status page's heading for the order's state, in the page's language. */
export function stateForCustomer(
  state: OrderState,
  siteName: string,
  fulfilment: "pickup" | "delivery",
  { words }: PageLanguage,
): string {
  switch (state) {
    case "awaiting-payment":
      return words.customerStateAwaitingPayment;
    case "new":
      return fill(words.customerStateNew, { name: siteName });
    case "accepted":
      return words.customerStateAccepted;
    case "ready":
      return fulfilment === "delivery"
        ? words.customerStateReadyOnItsWay
        : words.customerStateReadyForPickup;
    case "completed":
      return words.customerStateCompleted;
    case "rejected":
      return fill(words.customerStateRejected, { name: siteName });
    case "cancelled":
      return words.customerStateCancelled;
  }
}

/** Extra minutes the owner may add to the asked time when accepting. */
export const ACCEPT_DELAYS = [0, 10, 20, 30] as const;

export const REJECT_REASON_MAX_LENGTH = 120;

export interface OrderHistoryEntry {
  state: OrderState;
  /** ISO moment. */
  at: string;
  /** Who moved it there in the portal (the owner or one of the site's staff), by name. */
  by?: { id: string; name: string };
}

/** What the owner is told when an order action cannot be done. */
export const ORDER_ACTION_MESSAGES = Object.freeze({
  notAllowed: ordersWords.orderMovedOn,
  notFound: ordersWords.orderNotFound,
  reasonRequired: ordersWords.reasonRequired,
  // Pure: a page that only reads an order's state leaves the owner's words out.
  reasonTooLong: /* @__PURE__ */ fill(ordersWords.reasonTooLong, { max: REJECT_REASON_MAX_LENGTH }),
});
