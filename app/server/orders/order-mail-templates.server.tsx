/**
 * The mails about orders: to the owner when an order comes in, and to the customer when it
 * is accepted, rejected or ready. Like the portal's other mails (mail/templates.server.tsx),
 * each has a subject, a plain-text part and an HTML part with the same words and link; the
 * HTML is rendered by React, so every value in it (a customer's note, an item's name) is
 * escaped, and styled inline, as mail programs need.
 *
 * Times are written where the site is: "Thu, Dec 24, 6:15 PM".
 */
import { TZDate } from "@date-fns/tz";
import { PRODUCT_NAME } from "~/lib/brand";
import { clockText, shortDateText } from "~/lib/i18n/formats";
import { choicesText, type PricedLine } from "~/lib/order-cart";
import { formatPrice } from "~/lib/price";
import { isKnownTimeZone } from "~/lib/time-zones";
import type { Mail } from "../mail/mailer.server";
import { MailAction, mailDocument, MUTED_MAIL_TEXT } from "../mail/templates.server";

/** What the mails need of an order, as it is stored. */
export interface OrderForMail {
  number: number;
  fulfilment: "pickup" | "delivery";
  slotAt: Date;
  readyAt: Date | null;
  rejectReason: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  deliveryAddress: string;
  note: string;
  lines: readonly PricedLine[];
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  currency: string;
  createdAt: Date;
}

/** What they need of the site. */
export interface SiteForMail {
  name: string;
  /** IANA zone, or "" while unknown (times are then given in UTC, and say so). */
  timeZone: string;
  /** Where a pickup order is collected; "" when the owner gave none. */
  address: string;
}

interface Moment {
  /** "Thu, Dec 24". */
  date: string;
  /** "6:15 PM", with " UTC" when the site's zone is unknown. */
  time: string;
}

function momentAt(at: Date, timeZone: string): Moment {
  const known = isKnownTimeZone(timeZone);
  const local = new TZDate(at.getTime(), known ? timeZone : "UTC");
  return {
    date: shortDateText({
      year: local.getFullYear(),
      month: local.getMonth() + 1,
      day: local.getDate(),
    }),
    time: `${clockText(local.getHours() * 60 + local.getMinutes())}${known ? "" : " UTC"}`,
  };
}

/** "Thu, Dec 24, 6:15 PM". */
export function orderTimeText(at: Date, timeZone: string): string {
  const moment = momentAt(at, timeZone);
  return `${moment.date}, ${moment.time}`;
}

/** "6:15 PM" on the day the order was placed, "Thu, Dec 24, 6:15 PM" on another. */
function shortTimeText(at: Date, placedAt: Date, timeZone: string): string {
  const moment = momentAt(at, timeZone);
  return momentAt(placedAt, timeZone).date === moment.date
    ? moment.time
    : `${moment.date}, ${moment.time}`;
}

const FULFILMENT_WORDS = { pickup: "Pickup", delivery: "Delivery" } as const;

/** "2 × Pizza (Large · Bacon)". */
function lineText(line: PricedLine): string {
  const choices = choicesText(line.choices);
  return `${line.quantity} × ${line.name}${choices ? ` (${choices})` : ""}`;
}

/** The order's lines and sums, as label and amount. */
function receiptRows(order: OrderForMail): Array<[string, string]> {
  const price = (cents: number) => formatPrice(cents, order.currency);
  const rows: Array<[string, string]> = order.lines.map((line) => [
    lineText(line),
    price(line.lineCents),
  ]);
  if (order.deliveryFeeCents > 0) {
    rows.push(["Subtotal", price(order.subtotalCents)]);
    rows.push(["Delivery fee", price(order.deliveryFeeCents)]);
  }
  rows.push(["Total", price(order.totalCents)]);
  return rows;
}

interface OrderMailParts {
  to: string;
  subject: string;
  /** The first line of the card: who the mail is from. */
  heading: string;
  /** Paragraphs before the details. */
  intro: string[];
  /** "Label: value" lines (pickup time, customer, …); empty values are left out. */
  details: Array<[string, string]>;
  /** The order's lines and total, when the mail shows them. */
  receipt: Array<[string, string]> | null;
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
  signature: string;
}

const muted = MUTED_MAIL_TEXT;

function orderMail(parts: OrderMailParts): Mail {
  const { to, subject, heading, intro, receipt, action, outro, signature } = parts;
  const details = parts.details.filter(([, value]) => value !== "");
  const text = [
    ...intro,
    ...(details.length ? [details.map(([label, value]) => `${label}: ${value}`).join("\n")] : []),
    ...(receipt ? [receipt.map(([label, amount]) => `${label}  ${amount}`).join("\n")] : []),
    `${action.label}: ${action.url}`,
    ...outro,
    `— ${signature}`,
  ].join("\n\n");
  const html = mailDocument(
    subject,
    heading,
    <>
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {details.length > 0 && (
        <p>
          {details.map(([label, value], index) => (
            <span key={label}>
              {index > 0 && <br />}
              <strong>{label}:</strong> <span style={{ whiteSpace: "pre-wrap" }}>{value}</span>
            </span>
          ))}
        </p>
      )}
      {receipt && (
        <table
          role="presentation"
          style={{ width: "100%", borderCollapse: "collapse", margin: "16px 0" }}
        >
          <tbody>
            {receipt.map(([label, amount], index) => {
              const last = index === receipt.length - 1;
              const cell = {
                padding: "6px 0",
                borderTop: last ? "2px solid #1f2937" : "1px solid #e5e7eb",
                fontWeight: last ? 700 : 400,
              };
              return (
                <tr key={`${index}-${label}`}>
                  <td style={cell}>{label}</td>
                  <td style={{ ...cell, textAlign: "right", whiteSpace: "nowrap" }}>{amount}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <MailAction action={action} />
      {outro.map((paragraph) => (
        <p key={paragraph} style={muted}>
          {paragraph}
        </p>
      ))}
      <p style={muted}>— {signature}</p>
    </>,
  );
  return { to, subject, text, html };
}

/** To the owner (or the address on their Orders tab) when an order comes in. */
export function ownerNewOrderMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  ordersUrl: string,
): Mail {
  const way = FULFILMENT_WORDS[order.fulfilment];
  const shortTime = shortTimeText(order.slotAt, order.createdAt, site.timeZone);
  return orderMail({
    to,
    subject: `New order ${order.number} · ${site.name} · ${way.toLowerCase()} ${shortTime}`,
    heading: PRODUCT_NAME,
    intro: [`New order ${order.number} for ${site.name}.`],
    details: [
      [way, orderTimeText(order.slotAt, site.timeZone)],
      ["Customer", order.customerName],
      ["Phone", order.customerPhone],
      ["Email", order.customerEmail],
      ["Deliver to", order.fulfilment === "delivery" ? order.deliveryAddress : ""],
      ["Note", order.note],
    ],
    receipt: receiptRows(order),
    action: { label: "Open your orders", url: ordersUrl },
    outro: [
      "Accept or reject it on your orders page. If the customer gave an email, they are told what you decide.",
    ],
    signature: PRODUCT_NAME,
  });
}

/** To the customer once the owner accepted the order, with the time it will be ready. */
export function customerAcceptedMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  statusUrl: string,
): Mail {
  const readyAt = order.readyAt ?? order.slotAt;
  const when = orderTimeText(readyAt, site.timeZone);
  return orderMail({
    to,
    subject: `Order ${order.number} accepted · ${site.name}`,
    heading: site.name,
    intro: [
      `${site.name} accepted your order ${order.number}.`,
      order.fulfilment === "pickup"
        ? `It will be ready for pickup at ${when}.`
        : `It will be delivered at about ${when}.`,
    ],
    details: [
      ["Pick up at", order.fulfilment === "pickup" ? site.address : ""],
      ["Deliver to", order.fulfilment === "delivery" ? order.deliveryAddress : ""],
    ],
    receipt: receiptRows(order),
    action: { label: "See your order", url: statusUrl },
    outro: ["The page shows where your order is at any time."],
    signature: `${site.name}, through ${PRODUCT_NAME}`,
  });
}

/** To the customer when the owner rejected the order, with the owner's reason. */
export function customerRejectedMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  statusUrl: string,
): Mail {
  return orderMail({
    to,
    subject: `Order ${order.number} not accepted · ${site.name}`,
    heading: site.name,
    intro: [`Sorry: ${site.name} could not accept your order ${order.number}.`],
    details: [["Reason", order.rejectReason]],
    receipt: null,
    action: { label: "See your order", url: statusUrl },
    outro: [],
    signature: `${site.name}, through ${PRODUCT_NAME}`,
  });
}

/** To the customer when the owner marked the order ready. */
export function customerReadyMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  statusUrl: string,
): Mail {
  return orderMail({
    to,
    subject: `Order ${order.number} is ready · ${site.name}`,
    heading: site.name,
    intro: [
      order.fulfilment === "pickup"
        ? `Your order ${order.number} at ${site.name} is ready for pickup.`
        : `Your order ${order.number} at ${site.name} is ready and on its way.`,
    ],
    details: [["Pick up at", order.fulfilment === "pickup" ? site.address : ""]],
    receipt: null,
    action: { label: "See your order", url: statusUrl },
    outro: [],
    signature: `${site.name}, through ${PRODUCT_NAME}`,
  });
}
