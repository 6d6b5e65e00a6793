/**
 * The mails about orders: to the owner when an order comes in (and again when it is still
 * unanswered a few minutes later), and to the customer when it is accepted, rejected or
 * ready. Like the portal's other mails (mail/templates.server.tsx), each has a subject, a
 * plain-text part and an HTML part with the same words and link; the HTML is rendered by
 * React, so every value in it (a customer's note, an item's name) is escaped, and styled
 * inline, as mail programs need.
 *
 * Times are written where the site is: "Thu, Dec 24, 6:15 PM". The owner's mail is in English,
 * as the portal is; the customer's are in the language of the order page the order was placed
 * from (its `language`, else the site's main one).
 */
import { TZDate } from "@date-fns/tz";
import { rejectReasonForCustomer } from "~/lib/order-not-confirmed";
import { PRODUCT_NAME } from "~/lib/brand";
import { clockText, shortDateText, type FormatLanguage } from "~/lib/i18n/formats";
import { ENGLISH, type PageLanguage } from "~/lib/i18n/page-language";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { fill } from "~/lib/i18n/text";
import { pagePrice } from "~/lib/item-options-display";
import { choicesText, type PricedLine } from "~/lib/order-cart";
import { isKnownTimeZone } from "~/lib/time-zones";
import type { Mail } from "../mail/mailer.server";
import { MailAction, mailDocument, MUTED_MAIL_TEXT } from "../mail/templates.server";
import { customerLanguage } from "./order-queries.server";

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
  /** The order page's language; null for the site's main one. */
  language: string | null;
  createdAt: Date;
}

/** What they need of the site. */
export interface SiteForMail {
  name: string;
  /** IANA zone, or "" while unknown (times are then given in UTC, and say so). */
  timeZone: string;
  /** Where a pickup order is collected; "" when the owner gave none. */
  address: string;
  /** The site's main language. */
  language: string;
}

/** "Rosa's Trattoria, through Site Builder", in the mail's language. */
export function customerSignature(site: SiteForMail, { words }: PageLanguage): string {
  return fill(words.mailSignature, { name: site.name, product: PRODUCT_NAME });
}

interface Moment {
  /** "Thu, Dec 24". */
  date: string;
  /** "6:15 PM", with " UTC" when the site's zone is unknown. */
  time: string;
}

function momentAt(at: Date, timeZone: string, page?: FormatLanguage): Moment {
  const known = isKnownTimeZone(timeZone);
  const local = new TZDate(at.getTime(), known ? timeZone : "UTC");
  return {
    date: shortDateText(
      { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() },
      page,
    ),
    time: `${clockText(local.getHours() * 60 + local.getMinutes(), page)}${known ? "" : " UTC"}`,
  };
}

/** "Thu, Dec 24, 6:15 PM", in the page's language when one is given. */
export function orderTimeText(at: Date, timeZone: string, page?: PageLanguage): string {
  const moment = momentAt(at, timeZone, page);
  return fill((page ?? ENGLISH).words.slotOnDate, { date: moment.date, time: moment.time });
}

/** "6:15 PM" on the day the order was placed, "Thu, Dec 24, 6:15 PM" on another. */
export function shortTimeText(at: Date, placedAt: Date, timeZone: string): string {
  const moment = momentAt(at, timeZone);
  return momentAt(placedAt, timeZone).date === moment.date
    ? moment.time
    : `${moment.date}, ${moment.time}`;
}

/** "2 × Pizza (Large · Bacon)". */
function lineText(line: PricedLine): string {
  const choices = choicesText(line.choices);
  return `${line.quantity} × ${line.name}${choices ? ` (${choices})` : ""}`;
}

/** The order's lines and sums, as label and amount, in the mail's language. */
function receiptRows(order: OrderForMail, page: PageLanguage): Array<[string, string]> {
  const { words } = page;
  const price = (cents: number) => pagePrice(cents, order.currency, page);
  const rows: Array<[string, string]> = order.lines.map((line) => [
    lineText(line),
    price(line.lineCents),
  ]);
  if (order.deliveryFeeCents > 0) {
    rows.push([words.subtotal, price(order.subtotalCents)]);
    rows.push([words.mailDeliveryFee, price(order.deliveryFeeCents)]);
  }
  rows.push([words.total, price(order.totalCents)]);
  return rows;
}

export interface MailParts {
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
  /** The line under the button, in the mail's language (the owner's: English). */
  actionFallback?: string;
  /** Paragraphs after the button. */
  outro: string[];
  signature: string;
}

const muted = MUTED_MAIL_TEXT;

/** A mail about an order or a booking: the words, the details, the button, the signature. */
export function composeMail(parts: MailParts): Mail {
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
      <MailAction action={action} fallback={parts.actionFallback} />
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
  const pickup = order.fulfilment === "pickup";
  const named = {
    number: order.number,
    name: site.name,
    time: shortTimeText(order.slotAt, order.createdAt, site.timeZone),
  };
  return composeMail({
    to,
    subject: fill(pickup ? ordersWords.mailSubjectPickup : ordersWords.mailSubjectDelivery, named),
    heading: PRODUCT_NAME,
    intro: [fill(ordersWords.mailNewOrder, named)],
    details: [
      [
        pickup ? ordersWords.pickup : ordersWords.delivery,
        orderTimeText(order.slotAt, site.timeZone),
      ],
      [ordersWords.mailCustomer, order.customerName],
      [ordersWords.mailPhone, order.customerPhone],
      [ordersWords.mailEmail, order.customerEmail],
      [ordersWords.mailDeliverTo, pickup ? "" : order.deliveryAddress],
      [ordersWords.mailNote, order.note],
    ],
    receipt: receiptRows(order, ENGLISH),
    action: { label: ordersWords.mailOpenOrders, url: ordersUrl },
    outro: [ordersWords.mailAcceptOrReject],
    signature: PRODUCT_NAME,
  });
}

/**
 * To the owner again when an order is still new `remindMinutes` after it came in (the Orders
 * tab's setting), saying when it will be turned down unless they answer.
 */
export function ownerReminderMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  ordersUrl: string,
  /** When the order became new (paid, for a card order), and when it is turned down (or never). */
  times: { newAt: Date; giveUpAt: Date | null },
): Mail {
  const pickup = order.fulfilment === "pickup";
  const named = {
    number: order.number,
    name: site.name,
    time: shortTimeText(order.slotAt, times.newAt, site.timeZone),
  };
  return composeMail({
    to,
    subject: fill(
      pickup ? ordersWords.mailReminderSubjectPickup : ordersWords.mailReminderSubjectDelivery,
      named,
    ),
    heading: PRODUCT_NAME,
    intro: [
      fill(ordersWords.mailReminderIntro, {
        ...named,
        time: shortTimeText(times.newAt, times.newAt, site.timeZone),
      }),
    ],
    details: [
      [
        pickup ? ordersWords.pickup : ordersWords.delivery,
        orderTimeText(order.slotAt, site.timeZone),
      ],
      [ordersWords.mailCustomer, order.customerName],
      [ordersWords.mailPhone, order.customerPhone],
    ],
    receipt: receiptRows(order, ENGLISH),
    action: { label: ordersWords.mailOpenOrders, url: ordersUrl },
    outro: times.giveUpAt
      ? [
          fill(ordersWords.mailReminderGiveUp, {
            time: shortTimeText(times.giveUpAt, times.newAt, site.timeZone),
          }),
        ]
      : [ordersWords.mailAcceptOrReject],
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
  const page = customerLanguage(order, site.language);
  const { words } = page;
  const named = { number: order.number, name: site.name };
  const when = orderTimeText(order.readyAt ?? order.slotAt, site.timeZone, page);
  return composeMail({
    to,
    subject: fill(words.mailAcceptedSubject, named),
    heading: site.name,
    intro: [
      fill(words.mailAccepted, named),
      fill(order.fulfilment === "pickup" ? words.mailReadyForPickupAt : words.mailDeliveredAbout, {
        time: when,
      }),
    ],
    details: [
      [words.mailPickUpAt, order.fulfilment === "pickup" ? site.address : ""],
      [words.mailDeliverTo, order.fulfilment === "delivery" ? order.deliveryAddress : ""],
    ],
    receipt: receiptRows(order, page),
    action: { label: words.mailSeeYourOrder, url: statusUrl },
    actionFallback: words.mailButtonFallback,
    outro: [words.mailPageShowsOrder],
    signature: customerSignature(site, page),
  });
}

/** To the customer when the owner rejected the order, with the owner's reason. */
export function customerRejectedMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  statusUrl: string,
): Mail {
  const page = customerLanguage(order, site.language);
  const { words } = page;
  const named = { number: order.number, name: site.name };
  return composeMail({
    to,
    subject: fill(words.mailRejectedSubject, named),
    heading: site.name,
    intro: [fill(words.mailRejected, named)],
    details: [[words.mailReason, rejectReasonForCustomer(order.rejectReason, words)]],
    receipt: null,
    action: { label: words.mailSeeYourOrder, url: statusUrl },
    actionFallback: words.mailButtonFallback,
    outro: [],
    signature: customerSignature(site, page),
  });
}

/** To the customer when the owner marked the order ready. */
export function customerReadyMail(
  to: string,
  order: OrderForMail,
  site: SiteForMail,
  statusUrl: string,
): Mail {
  const page = customerLanguage(order, site.language);
  const { words } = page;
  const named = { number: order.number, name: site.name };
  return composeMail({
    to,
    subject: fill(words.mailReadySubject, named),
    heading: site.name,
    intro: [
      fill(
        order.fulfilment === "pickup" ? words.mailReadyForPickup : words.mailReadyOnItsWay,
        named,
      ),
    ],
    details: [[words.mailPickUpAt, order.fulfilment === "pickup" ? site.address : ""]],
    receipt: null,
    action: { label: words.mailSeeYourOrder, url: statusUrl },
    actionFallback: words.mailButtonFallback,
    outro: [],
    signature: customerSignature(site, page),
  });
}
