/**
 * The bookings/ folder owns table bookings: a restaurant's booking settings and closures
 * (here), the times a party may book and booking one under the site's lock (place-booking),
 * the guest's booking page and cancel (guest-bookings), what the restaurant does to a booking
 * (booking-changes), the portal's day view and its export and feed (booking-queries), the mail
 * about bookings and the day-before reminder (booking-mail, booking-reminders). The rules
 * shared with the browser are app/lib/booking-*.ts.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from "~/lib/booking-settings";
import type { TimeSpan } from "~/lib/booking-availability";
import type { Database } from "../db/client.server";
import { createId } from "../db/ids.server";
import { bookingClosures, bookingSettings } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";

/** What a site's booking settings are made from: its row, less its key, feed secret and time of change. */
export type BookingSettingsRow = Omit<
  typeof bookingSettings.$inferSelect,
  "productId" | "updatedAt" | "feedSecret"
>;

/** A site's booking settings from its row; the defaults (bookings off) when it has none. */
export function bookingSettingsFromRow(row: BookingSettingsRow | undefined): BookingSettings {
  if (!row) return { ...DEFAULT_BOOKING_SETTINGS };
  return {
    enabled: row.enabled,
    maxPartySize: row.maxPartySize,
    slotMinutes: row.slotMinutes === 15 ? 15 : 30,
    holdMinutes: row.holdMinutes,
    lastSeatingMinutes: row.lastSeatingMinutes,
    noticeMinutes: row.noticeMinutes,
    daysAhead: row.daysAhead,
    capacity: row.capacity,
    confirmEach: row.confirmEach,
    cancelCutoffMinutes: row.cancelCutoffMinutes,
  };
}

/** A site's booking settings; the defaults (bookings off) when its owner never saved any. */
export async function loadBookingSettings(
  db: Database | Transaction,
  productId: string,
): Promise<BookingSettings> {
  const [row] = await db
    .select()
    .from(bookingSettings)
    .where(eq(bookingSettings.productId, productId));
  return bookingSettingsFromRow(row);
}

/**
 * Saves the Reservations tab. The public pages say whether the site takes bookings (the
 * "Book a table" line, the search engines' ReserveAction), so they are dropped.
 */
export async function saveBookingSettings(
  events: Events,
  productId: string,
  settings: BookingSettings,
): Promise<void> {
  await events.transaction(async (tx, changes) => {
    await tx
      .insert(bookingSettings)
      .values({ productId, ...settings })
      .onConflictDoUpdate({ target: bookingSettings.productId, set: settings });
    changes.product(productId);
  });
}

/** The owner's booking closures that overlap `span`, earliest first. */
export async function closuresDuring(
  db: Database | Transaction,
  productId: string,
  span: TimeSpan,
) {
  return db
    .select()
    .from(bookingClosures)
    .where(
      and(
        eq(bookingClosures.productId, productId),
        lt(bookingClosures.startsAt, new Date(span.end)),
        gt(bookingClosures.endsAt, new Date(span.start)),
      ),
    )
    .orderBy(asc(bookingClosures.startsAt));
}

/** Closes bookings for `span` (a private event); the site's pages stay as they are. */
export async function addBookingClosure(
  db: Database,
  productId: string,
  span: TimeSpan,
  note: string,
): Promise<string> {
  const id = createId();
  await db.insert(bookingClosures).values({
    id,
    productId,
    startsAt: new Date(span.start),
    endsAt: new Date(span.end),
    note,
  });
  return id;
}

/** Opens bookings again where a closure was; false when the site has no such closure. */
export async function removeBookingClosure(
  db: Database,
  productId: string,
  closureId: string,
): Promise<boolean> {
  const removed = await db
    .delete(bookingClosures)
    .where(and(eq(bookingClosures.id, closureId), eq(bookingClosures.productId, productId)))
    .returning({ id: bookingClosures.id });
  return removed.length > 0;
}

/** 32 letters and digits from 24 random bytes, like an order's token. */
export function newBookingSecret(): string {
  return randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);
}

/**
 * The site's calendar feed secret, made on first asking; `renew` replaces it, so the old
 * address stops working at once.
 */
export async function calendarFeedSecret(
  db: Database,
  productId: string,
  { renew = false }: { renew?: boolean } = {},
): Promise<string> {
  const [row] = await db
    .select({ feedSecret: bookingSettings.feedSecret })
    .from(bookingSettings)
    .where(eq(bookingSettings.productId, productId));
  if (row?.feedSecret && !renew) return row.feedSecret;
  const secret = newBookingSecret();
  await db
    .insert(bookingSettings)
    .values({ productId, feedSecret: secret })
    .onConflictDoUpdate({ target: bookingSettings.productId, set: { feedSecret: secret } });
  return secret;
}
