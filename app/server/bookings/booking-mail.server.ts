/**
 * The mail about a table booking, built when the outbox sends it (orders/order-mail.server.ts
 * claims the row and calls `bookingMailFor`): to the guest when the booking is confirmed or
 * requested, declined, cancelled, and the day before; to the restaurant when a request waits
 * for its answer. The guest's mails are in the language of the page they booked from; the
 * restaurant's in English, as the portal is. Built from the booking as it is when sent, so a
 * mail whose booking has moved on (a reminder for a booking cancelled since) is not sent.
 */
import { eq } from "drizzle-orm";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { bookingMailWords } from "~/lib/i18n/portal/booking-mail";
import { fill, pluralText } from "~/lib/i18n/text";
import type { Database } from "../db/client.server";
import { bookings, orderSettings, productInfo, products, users } from "../db/schema";
import type { Mail } from "../mail/mailer.server";
import {
  composeMail,
  customerSignature,
  orderTimeText,
  shortTimeText,
  type MailParts,
} from "../orders/order-mail-templates.server";
import { isBookingMailKind, type BookingMailKind } from "./booking-mail-queue.server";

type BookingRow = typeof bookings.$inferSelect;

interface SiteForBookingMail {
  name: string;
  timeZone: string;
  address: string;
  phone: string;
  language: string;
}

type GuestMailKind = Exclude<BookingMailKind, "booking-owner-request">;

/**
 * Sent only while the booking is in this state: a later move makes the mail stale (a reminder
 * for a booking cancelled since).
 */
const STILL_DUE_WHILE: Record<GuestMailKind, BookingRow["state"]> = {
  "booking-confirmed": "confirmed",
  "booking-requested": "requested",
  "booking-declined": "declined",
  "booking-cancelled": "cancelled",
  "booking-reminder": "confirmed",
};

/** A guest mail's subject and first line, in the mail's language. */
function guestMailWords(kind: GuestMailKind, { words }: PageLanguage) {
  switch (kind) {
    case "booking-confirmed":
      return { subject: words.mailBookingConfirmedSubject, intro: words.mailBookingConfirmed };
    case "booking-requested":
      return { subject: words.mailBookingRequestedSubject, intro: words.mailBookingRequested };
    case "booking-declined":
      return { subject: words.mailBookingDeclinedSubject, intro: words.mailBookingDeclined };
    case "booking-cancelled":
      return { subject: words.mailBookingCancelledSubject, intro: words.mailBookingCancelled };
    case "booking-reminder":
      return { subject: words.mailBookingReminderSubject, intro: words.mailBookingReminder };
  }
}

/** To the guest, in their page's language. */
export function guestBookingMail(
  kind: GuestMailKind,
  booking: BookingRow,
  site: SiteForBookingMail,
  bookingUrl: string,
): Mail {
  const page = pageLanguage(booking.language);
  const { words } = page;
  const { subject, intro } = guestMailWords(kind, page);
  const named = { name: site.name };
  const parts: MailParts = {
    to: booking.guestEmail,
    subject: fill(subject, named),
    heading: site.name,
    intro: [fill(intro, named)],
    details: [
      [words.bookingWhen, orderTimeText(booking.startsAt, site.timeZone, page)],
      [words.bookingParty, pluralText(words.partyOf, page.language.tag, booking.partySize)],
      [words.bookingWhere, site.address],
      [words.phone, site.phone],
      [
        words.mailReason,
        kind === "booking-declined" && booking.declineReason ? booking.declineReason : "",
      ],
    ],
    receipt: null,
    action: { label: words.mailViewBooking, url: bookingUrl },
    actionFallback: words.mailButtonFallback,
    outro:
      kind === "booking-cancelled" || kind === "booking-declined" ? [] : [words.mailBookingPage],
    signature: customerSignature(site, page),
  };
  return composeMail(parts);
}

/** To the restaurant, when a request waits for its confirmation. */
export function ownerBookingRequestMail(
  to: string,
  booking: BookingRow,
  site: SiteForBookingMail,
  bookingsUrl: string,
): Mail {
  const party = pluralText(pageLanguage("en").words.partyOf, "en", booking.partySize);
  return composeMail({
    to,
    subject: fill(bookingMailWords.requestSubject, {
      party,
      time: shortTimeText(booking.startsAt, booking.createdAt, site.timeZone),
      name: site.name,
    }),
    heading: site.name,
    intro: [fill(bookingMailWords.requestIntro, { guest: booking.guestName, name: site.name })],
    details: [
      [bookingMailWords.when, orderTimeText(booking.startsAt, site.timeZone)],
      [bookingMailWords.party, party],
      [bookingMailWords.guest, booking.guestName],
      [bookingMailWords.phone, booking.guestPhone],
      [bookingMailWords.email, booking.guestEmail],
      [bookingMailWords.note, booking.note],
    ],
    receipt: null,
    action: { label: bookingMailWords.openBookings, url: bookingsUrl },
    outro: [],
    signature: site.name,
  });
}

/** The mail to send for an outbox row about the booking `bookingId`, or why none is sent. */
export async function bookingMailFor(
  db: Database,
  bookingId: string,
  kind: string,
  publicUrl: string,
): Promise<{ mail: Mail } | { skipped: string }> {
  if (!isBookingMailKind(kind)) return { skipped: "Unknown kind of mail." };
  const [row] = await db
    .select({
      booking: bookings,
      siteExists: products.exists,
      site: {
        name: productInfo.name,
        timeZone: productInfo.timeZone,
        address: productInfo.address,
        contact: productInfo.contact,
        language: productInfo.language,
      },
      accountEmail: users.email,
      settingsEmail: orderSettings.email,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .innerJoin(users, eq(users.id, products.ownerUid))
    .leftJoin(orderSettings, eq(orderSettings.productId, products.id))
    .where(eq(bookings.id, bookingId));
  if (!row) return { skipped: "The booking no longer exists." };
  if (!row.siteExists) return { skipped: "The site was deleted." };
  const { booking } = row;
  const site = { ...row.site, phone: row.site.contact.phone };
  if (booking.personalDataRemovedAt) return { skipped: "The booking's personal data was removed." };
  if (kind === "booking-owner-request") {
    if (booking.state !== "requested") return { skipped: "The request was answered." };
    const to = row.settingsEmail?.trim() || row.accountEmail;
    return { mail: ownerBookingRequestMail(to, booking, site, `${publicUrl}/user/bookings`) };
  }
  if (booking.state !== STILL_DUE_WHILE[kind]) {
    return { skipped: "The booking has moved on." };
  }
  if (!booking.guestEmail.trim()) return { skipped: "The guest gave no email." };
  return { mail: guestBookingMail(kind, booking, site, `${publicUrl}/b/${booking.token}`) };
}
