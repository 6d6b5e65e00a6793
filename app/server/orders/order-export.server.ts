/**
 * An owner's orders as a CSV file, for their books: one row per order placed between two
 * dates (each order's own site's dates), at most a year. The customer's name and phone are
 * in it while the order keeps them (order-retention removes them some time after it closed).
 * A card order its owner was never told of (never paid) is not in it.
 */
import Papa from "papaparse";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { fill } from "~/lib/i18n/text";
import { priceAmount } from "~/lib/price";
import type { Database } from "../db/client.server";
import {
  localDate,
  localDateTime,
  paymentLineOf,
  STATE_LABELS,
  type PaymentLine,
} from "./order-inbox.server";
import { ordersPlacedBetween, orderingSitesFor, type OrderRow } from "./order-queries.server";

/** The longest range one file covers, both days counted. */
export const MAX_EXPORT_DAYS = 366;
const DAY = 24 * 60 * 60_000;
const BOM = "\uFEFF";

export const EXPORT_MESSAGES = Object.freeze({
  badDate: ordersWords.exportBadDate,
  backwards: ordersWords.exportBackwards,
  tooLong: fill(ordersWords.exportTooLong, { days: MAX_EXPORT_DAYS }),
});

export const EXPORT_COLUMNS = [
  "number",
  "site",
  "placed_at",
  "state",
  "fulfilment",
  "time",
  "lines",
  "subtotal",
  "delivery_fee",
  "total",
  "currency",
  "customer_name",
  "customer_phone",
] as const;

/**
 * How each order was paid, after the columns above: in person or by card, where a card
 * payment's money stands, and the provider's payment id to find it in the Stripe dashboard.
 * Only in files that could hold a card order: while the operator set up card payments, or
 * when one of the file's orders was paid by card.
 */
export const PAYMENT_COLUMNS = ["payment", "payment_status", "stripe_payment_id"] as const;

const PAYMENT_METHOD: Record<OrderRow["payment"], string> = {
  card: "card",
  "in-person": "in person",
};

const PAYMENT_STATUS: Record<PaymentLine, string> = {
  "in-person": "",
  awaiting: "",
  paid: "paid",
  "refund-pending": "refund pending",
  refunded: "refunded",
  "refund-failed": "refund failed",
  "amount-mismatch": "amount mismatch",
};

function parseDay(text: string | null): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text) return null;
  return at;
}

/** The two dates of an export, or why they cannot be one. */
export function parseExportRange(
  from: string | null,
  to: string | null,
): { from: string; to: string; fromAt: number; toAt: number } | { error: string } {
  const fromAt = parseDay(from);
  const toAt = parseDay(to);
  if (fromAt === null || toAt === null) return { error: EXPORT_MESSAGES.badDate };
  if (fromAt > toAt) return { error: EXPORT_MESSAGES.backwards };
  if ((toAt - fromAt) / DAY + 1 > MAX_EXPORT_DAYS) return { error: EXPORT_MESSAGES.tooLong };
  return { from: from!, to: to!, fromAt, toAt };
}

/** The inbox's export form starts at the last 30 days (UTC dates). */
export function exportRangeDefaults(now: number): { from: string; to: string } {
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { from: day(now - 29 * DAY), to: day(now) };
}

/**
 * The orders of every site `userId` may see the orders of, placed from `from` to `to` (both included, each site's own dates); with
 * how each was paid when `cardPayments` (the operator set them up) or any of them was by card.
 */
export async function ordersCsv(
  db: Database,
  userId: string,
  range: { from: string; to: string; fromAt: number; toAt: number },
  options: { cardPayments: boolean } = { cardPayments: false },
): Promise<string> {
  const sites = await orderingSitesFor(db, userId);
  const byId = new Map(sites.map((site) => [site.id, site]));
  // A day longer on each side covers every time zone; each order is then kept by its own date.
  const rows = await ordersPlacedBetween(
    db,
    sites.map((site) => site.id),
    new Date(range.fromAt - DAY),
    new Date(range.toAt + 2 * DAY),
  );
  const kept = rows.filter((order) => {
    const site = byId.get(order.productId);
    if (!site) return false;
    const day = localDate(order.createdAt.getTime(), site.timeZone);
    return day >= range.from && day <= range.to;
  });
  const withPayment = options.cardPayments || kept.some((order) => order.payment === "card");
  const records: string[][] = [];
  for (const order of kept) {
    const site = byId.get(order.productId)!;
    const placed = order.createdAt.getTime();
    const record = [
      String(order.number),
      site.name,
      localDateTime(placed, site.timeZone),
      STATE_LABELS[order.state],
      order.fulfilment,
      localDateTime(order.slotAt.getTime(), site.timeZone),
      order.lines
        .map((line) => {
          const choices = line.choices.map((choice) => choice.name).join(", ");
          return `${line.quantity} x ${line.name}${choices ? ` (${choices})` : ""}`;
        })
        .join("; "),
      priceAmount(order.subtotalCents, order.currency),
      priceAmount(order.deliveryFeeCents, order.currency),
      priceAmount(order.totalCents, order.currency),
      order.currency,
      order.personalDataRemovedAt ? "" : order.customerName,
      order.personalDataRemovedAt ? "" : order.customerPhone,
    ];
    if (withPayment) {
      record.push(
        PAYMENT_METHOD[order.payment],
        PAYMENT_STATUS[paymentLineOf(order)],
        order.paymentId ?? "",
      );
    }
    records.push(record);
  }
  const fields: string[] = withPayment
    ? [...EXPORT_COLUMNS, ...PAYMENT_COLUMNS]
    : [...EXPORT_COLUMNS];
  return csvFile(fields, records);
}

/**
 * A CSV file as spreadsheets open it: a byte-order mark (Excel reads UTF-8), CRLF lines, and
 * any cell that would start a formula (=, +, -, @) escaped, so a guest's or customer's text
 * never runs as one. The bookings' export uses it too.
 */
export function csvFile(fields: readonly string[], records: string[][]): string {
  return (
    BOM +
    Papa.unparse(
      { fields: [...fields], data: records },
      { newline: "\r\n", escapeFormulae: true, quotes: false },
    ) +
    "\r\n"
  );
}
