/**
 * Card payments' rules shared by the server and the pages: how an order is paid, where its
 * money stands, what the owner chose, and the amounts a payment provider is asked for.
 *
 * Prices are kept in hundredths of the currency's unit whatever the currency (./currency.ts);
 * providers count in the currency's own minor units (cents, but whole yen). A card is charged
 * exactly the total the customer's page showed, which for a zero-decimal currency is the total
 * rounded as `formatPrice` rounds it, never the sum of lines rounded one by one.
 */
import { fractionDigitsOf } from "./currency";
import { choicesText, type PricedLine } from "./order-cart";

/** How a customer pays an order: at pickup or delivery (or by a PayPal/Venmo link), or by card. */
export type OrderPayment = "in-person" | "card";

/**
 * A card order's money: awaiting the customer on the provider's page; paid; a refund asked
 * for and not yet confirmed; refunded; a refund the provider refused (retried, and the owner
 * may retry); or a payment whose amount did not match the order (never counted as paid).
 */
export const PAYMENT_STATES = [
  "awaiting",
  "paid",
  "refunding",
  "refunded",
  "refund-failed",
  "amount-mismatch",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the owner chose: no cards, cards or pay at pickup/delivery, or cards only. */
export const CARD_PAYMENTS_CHOICES = ["off", "optional", "required"] as const;
export type CardPaymentsChoice = (typeof CARD_PAYMENTS_CHOICES)[number];

export function isCardPaymentsChoice(value: unknown): value is CardPaymentsChoice {
  return typeof value === "string" && (CARD_PAYMENTS_CHOICES as readonly string[]).includes(value);
}

/** What an account's provider says of it, in the owner's words' terms. */
export type PaymentAccountStatus = "not-connected" | "details-needed" | "ready";

export function paymentAccountStatus(
  account: { chargesEnabled: boolean; detailsSubmitted: boolean } | null,
): PaymentAccountStatus {
  if (!account) return "not-connected";
  return account.chargesEnabled && account.detailsSubmitted ? "ready" : "details-needed";
}

/** Hundredths (as prices are stored) in the currency's minor units, rounded half up as shown. */
export function toMinorUnits(cents: number, currency: string): number {
  if (fractionDigitsOf(currency) === 2) return cents;
  return Math.floor((cents + 50) / 100);
}

/** The provider's minor units back in hundredths. */
export function fromMinorUnits(amount: number, currency: string): number {
  return fractionDigitsOf(currency) === 2 ? amount : amount * 100;
}

/** One line of the provider's checkout, in minor units. */
export interface CheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
}

/**
 * The checkout's lines for an order's snapshotted lines and delivery fee: each line at its
 * unit price, the fee as a line. Where rounding a zero-decimal currency's lines one by one
 * would not add up to the total the customer saw, the order is one line for that total.
 */
export function checkoutLines(
  order: {
    lines: ReadonlyArray<Pick<PricedLine, "name" | "choices" | "quantity" | "unitCents">>;
    deliveryFeeCents: number;
    totalCents: number;
    currency: string;
  },
  words: { deliveryFee: string; wholeOrder: string },
): CheckoutLine[] {
  const minor = (cents: number) => toMinorUnits(cents, order.currency);
  const lines: CheckoutLine[] = order.lines.map((line) => ({
    name: line.choices.length > 0 ? `${line.name} (${choicesText(line.choices)})` : line.name,
    unitAmount: minor(line.unitCents),
    quantity: line.quantity,
  }));
  if (order.deliveryFeeCents > 0) {
    lines.push({ name: words.deliveryFee, unitAmount: minor(order.deliveryFeeCents), quantity: 1 });
  }
  const total = minor(order.totalCents);
  const sum = lines.reduce((amount, line) => amount + line.unitAmount * line.quantity, 0);
  if (sum === total) return lines;
  return [{ name: words.wholeOrder, unitAmount: total, quantity: 1 }];
}

/** The platform's fee on a payment, in minor units, rounded down: never more than it said. */
export function platformFee(amount: number, percent: number): number {
  return Math.floor((amount * Math.round(percent * 100)) / 10_000);
}

/**
 * What the status page's script compares to see whether to reload: it grows with every move
 * of the order and with every change in its money (a refund going through moves nothing else).
 */
export function orderVersion(order: {
  history: readonly unknown[];
  paymentState: PaymentState | null;
}): number {
  return (
    order.history.length * 10 +
    (order.paymentState ? PAYMENT_STATES.indexOf(order.paymentState) + 1 : 0)
  );
}

/** Whether the status page should keep watching: the order is open, or its refund is on its way. */
export function stillMoving(closed: boolean, paymentState: PaymentState | null): boolean {
  return !closed || paymentState === "refunding" || paymentState === "refund-failed";
}

/** What the customer reads of an order's money, as a key of the page's words, or null. */
export type CustomerPaymentLine =
  | { kind: "paid" | "refunded" | "refund-pending"; cents: number }
  | { kind: "not-completed" }
  | null;

export function customerPaymentLine(order: {
  payment: OrderPayment;
  state: string;
  paymentState: PaymentState | null;
  paidCents: number | null;
}): CustomerPaymentLine {
  if (order.payment !== "card") return null;
  const cents = order.paidCents ?? 0;
  switch (order.paymentState) {
    case "paid":
      return { kind: "paid", cents };
    case "refunded":
      return { kind: "refunded", cents };
    case "refunding":
    case "refund-failed":
      return { kind: "refund-pending", cents };
    case "awaiting":
      return order.state === "cancelled" ? { kind: "not-completed" } : null;
    default:
      // A paid amount that did not match is the owner's to sort out; it is never "paid".
      return null;
  }
}
