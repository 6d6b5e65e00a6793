/**
 * The portal's side of table bookings: the bookings page (/user/bookings), one restaurant's
 * day of bookings by time with its covers per time against the room's capacity and each
 * guest's earlier no-shows; its actions (confirm, decline with a reason, seated, no-show,
 * cancel; a new calendar address); the day sheet to print; the CSV for a range of days; and
 * the private calendar feed. Every booking action begins with `requireSiteBooking`, every
 * site's page with `requireSite`; a booking that has moved on answers 409.
 */
import { TZDate } from "@date-fns/tz";
import { and, asc, eq, gt, gte, inArray, lt } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { DECLINE_REASON_MAX_LENGTH } from "~/lib/booking-settings";
import {
  BOOKING_STATES_HOLDING_COVERS,
  nextBookingState,
  type BookingAction,
  type BookingHistoryEntry,
  type BookingState,
} from "~/lib/booking-states";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { isoDate, parseIsoDate, type LocalDate } from "~/lib/opening-status";
import { roleMay } from "~/lib/site-access";
import { isKnownTimeZone } from "~/lib/time-zones";
import { takesBookings } from "~/sites";
import { requireSite, requireSiteBooking } from "../access/site-access.server";
import { roleColumn, siteReachableBy } from "../access/site-reach.server";
import type { Database } from "../db/client.server";
import { bookings, bookingSettings, productInfo, products } from "../db/schema";
import { formText } from "../http/forms.server";
import { clockAt, localDate, localDateTime } from "../orders/order-inbox.server";
import { csvFile } from "../orders/order-export.server";
import { publicPagesNow } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";
import { changeBooking, type BookingChange } from "./booking-changes.server";
import { calendarFeedSecret } from "./booking-settings.server";
import { availableTimes, loadBookingSite } from "./place-booking.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The calendar feed holds the bookings from this many days back, and all those to come. */
export const FEED_PAST_DAYS = 30;

function zoneOf(timeZone: string): string {
  return isKnownTimeZone(timeZone) ? timeZone : "UTC";
}

/** The moments a restaurant's calendar day runs between, daylight saving and all. */
export function dayBounds(date: LocalDate, timeZone: string): { start: number; end: number } {
  const zone = zoneOf(timeZone);
  return {
    start: new TZDate(date.year, date.month - 1, date.day, zone).getTime(),
    end: new TZDate(date.year, date.month - 1, date.day + 1, zone).getTime(),
  };
}

function shiftDate(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const shortDate = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Saturday, March 14, 2026": the date itself, wherever the server runs. */
export function longDateText(date: LocalDate): string {
  return longDate.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

function shortDateText(date: LocalDate): string {
  return shortDate.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  requested: bookingsWords.stateRequested,
  confirmed: bookingsWords.stateConfirmed,
  seated: bookingsWords.stateSeated,
  "no-show": bookingsWords.stateNoShow,
  declined: bookingsWords.stateDeclined,
  cancelled: bookingsWords.stateCancelled,
};

/** Digits of a phone number alone: "+1 (555) 0142" and "1-555-0142" are the same guest. */
function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "");
}

// The sites ------------------------------------------------------------------------------

/** The restaurants `userId` may see the bookings of, by name. */
export async function bookingSitesFor(db: Database, userId: string) {
  const rows = await db
    .select({
      id: products.id,
      type: products.type,
      name: products.name,
      role: roleColumn(userId),
      timeZone: productInfo.timeZone,
    })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(
        siteReachableBy(userId, "bookings"),
        eq(products.exists, true),
        eq(products.type, "restaurant"),
      ),
    )
    .orderBy(asc(products.name));
  // Never null here: the condition above is what gives a role.
  return rows.map((row) => ({ ...row, role: row.role ?? "orders" }));
}

// The day --------------------------------------------------------------------------------

export interface DayBooking {
  id: string;
  /** "7:00 PM" where the restaurant is. */
  timeText: string;
  partySize: number;
  name: string;
  phone: string;
  email: string;
  note: string;
  state: BookingState;
  stateLabel: string;
  /** The guest's no-shows at this restaurant before this booking (same phone or email). */
  noShows: number;
  declineReason: string;
  /** "Confirmed by Sam": who last moved it in the portal. */
  handledBy: string | null;
  can: Record<"confirm" | "decline" | "seat" | "noShow" | "cancel", boolean>;
}

export interface DaySlot {
  time: string;
  covers: number;
}

type BookingRow = typeof bookings.$inferSelect;

/** The site's bookings starting within `span`, earliest first. */
async function bookingsStarting(
  db: Database,
  productId: string,
  span: { start: number; end: number },
  states?: readonly BookingState[],
): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, productId),
        gte(bookings.startsAt, new Date(span.start)),
        lt(bookings.startsAt, new Date(span.end)),
        states ? inArray(bookings.state, [...states]) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.createdAt));
}

/**
 * How often each of `rows`' guests did not come to an earlier booking at the site: by the
 * phone's digits or the email in lower case, whichever they gave.
 */
export async function noShowCounts(
  db: Database,
  productId: string,
  rows: readonly Pick<BookingRow, "id" | "guestPhone" | "guestEmail" | "startsAt">[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (rows.length === 0) return counts;
  // No-shows are few against all bookings: read them all and match here.
  const missed = await db
    .select({
      phone: bookings.guestPhone,
      email: bookings.guestEmail,
      startsAt: bookings.startsAt,
    })
    .from(bookings)
    .where(and(eq(bookings.productId, productId), eq(bookings.state, "no-show")));
  for (const row of rows) {
    const phone = phoneKey(row.guestPhone);
    const email = row.guestEmail.trim().toLowerCase();
    counts.set(
      row.id,
      missed.filter(
        (earlier) =>
          earlier.startsAt < row.startsAt &&
          ((phone !== "" && phoneKey(earlier.phone) === phone) ||
            (email !== "" && earlier.email.trim().toLowerCase() === email)),
      ).length,
    );
  }
  return counts;
}

const HANDLED_WORDS: Partial<Record<BookingState, string>> = {
  confirmed: bookingsWords.confirmedBy,
  declined: bookingsWords.declinedBy,
  seated: bookingsWords.seatedBy,
  "no-show": bookingsWords.noShowBy,
  cancelled: bookingsWords.cancelledBy,
};

function handledByText(history: readonly BookingHistoryEntry[]): string | null {
  const last = history[history.length - 1];
  const words = last ? HANDLED_WORDS[last.state] : undefined;
  if (!last?.by || !words) return null;
  return fill(words, { name: last.by.name });
}

function dayBooking(row: BookingRow, timeZone: string, noShows: number): DayBooking {
  const may = (action: BookingAction) => nextBookingState(row.state, action) !== null;
  return {
    id: row.id,
    timeText: clockAt(row.startsAt.getTime(), timeZone),
    partySize: row.partySize,
    name: row.guestName,
    phone: row.guestPhone,
    email: row.guestEmail,
    note: row.note,
    state: row.state,
    stateLabel: BOOKING_STATE_LABELS[row.state],
    noShows,
    declineReason: row.declineReason,
    handledBy: handledByText(row.history),
    can: {
      confirm: may("confirm"),
      decline: may("decline"),
      seat: may("seat"),
      noShow: may("no-show"),
      cancel: may("cancel"),
    },
  };
}

/** A request still waiting for the restaurant, by site and day, for the page's links to it. */
export interface WaitingDay {
  siteId: string;
  siteName: string;
  date: string;
  dateText: string;
  count: number;
}

/** The requests not yet answered, of every site the person sees, whose time has not passed. */
async function waitingRequests(
  db: Database,
  sites: Awaited<ReturnType<typeof bookingSitesFor>>,
  now: number,
): Promise<WaitingDay[]> {
  if (sites.length === 0) return [];
  const rows = await db
    .select({ productId: bookings.productId, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.productId,
          sites.map((site) => site.id),
        ),
        eq(bookings.state, "requested"),
        gt(bookings.endsAt, new Date(now)),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  const byId = new Map(sites.map((site) => [site.id, site]));
  const days = new Map<string, WaitingDay>();
  for (const row of rows) {
    const site = byId.get(row.productId)!;
    const date = localDate(row.startsAt.getTime(), zoneOf(site.timeZone));
    const key = `${site.id} ${date}`;
    const found = days.get(key);
    if (found) found.count += 1;
    else {
      days.set(key, {
        siteId: site.id,
        siteName: site.name,
        date,
        dateText: shortDateText(parseIsoDate(date)!),
        count: 1,
      });
    }
  }
  return [...days.values()];
}

/**
 * Everything the bookings page shows: the person's restaurants, the one chosen (`pid`, else
 * the first), its day (`date`, else today where it is), the day's bookings and covers, the
 * requests waiting anywhere, and the calendar feed's address.
 */
export async function loadBookingDay(
  services: Pick<AppServices, "db" | "env">,
  userId: string,
  query: URLSearchParams,
) {
  const { db, env } = services;
  const now = publicPagesNow(env).getTime();
  const sites = await bookingSitesFor(db, userId);
  const asked = query.get("pid");
  const waiting = await waitingRequests(db, sites, now);
  const siteList = sites.map((site) => ({ id: site.id, name: site.name, role: site.role }));
  // Anyone else's site, or one not a restaurant, is the same 404 as one that does not exist.
  const site = asked ? sites.find((found) => found.id === asked) : sites[0];
  if (asked && !site) throw data({ message: MESSAGES.invalidProduct }, { status: 404 });
  if (!site) return { sites: siteList, waiting, requestsWaiting: 0, site: null, day: null };
  const zone = zoneOf(site.timeZone);
  const today = parseIsoDate(localDate(now, zone))!;
  const date = parseIsoDate(query.get("date") ?? "") ?? today;

  const bookingSite = await loadBookingSite(db, site.id);
  const settings = bookingSite?.settings;
  const rows = await bookingsStarting(db, site.id, dayBounds(date, zone));
  const noShows = await noShowCounts(db, site.id, rows);
  const slots: DaySlot[] =
    bookingSite && settings?.enabled
      ? (await availableTimes(db, bookingSite, date, new Date(now))).map((time) => ({
          time: time.time,
          covers: time.peakCovers,
        }))
      : [];
  const dayBookings = rows.map((row) => dayBooking(row, zone, noShows.get(row.id) ?? 0));
  const holding = rows.filter((row) => BOOKING_STATES_HOLDING_COVERS.includes(row.state));
  const mayEdit = roleMay(site.role, "site.edit");

  return {
    sites: siteList,
    waiting,
    requestsWaiting: waiting.reduce((sum, day) => sum + day.count, 0),
    site: {
      id: site.id,
      name: site.name,
      role: site.role,
      enabled: settings?.enabled ?? false,
      capacity: settings?.capacity ?? 0,
      editorPath: mayEdit ? `/user/restaurant/setup/${site.id}?tab=bookings` : null,
      feedUrl: calendarFeedUrl(env.publicUrl, await calendarFeedSecret(db, site.id)),
      // A new address cuts off everyone holding the old one: for those who edit the site.
      mayRenewFeed: mayEdit,
    },
    day: {
      date: isoDate(date),
      label: longDateText(date),
      isToday: isoDate(date) === isoDate(today),
      today: isoDate(today),
      previous: isoDate(shiftDate(date, -1)),
      next: isoDate(shiftDate(date, 1)),
      bookings: dayBookings,
      covers: holding.reduce((sum, row) => sum + row.partySize, 0),
      slots,
    },
  };
}

export function calendarFeedUrl(publicUrl: string, secret: string): string {
  return `${publicUrl}/calendar/${secret}.ics`;
}

// The actions ----------------------------------------------------------------------------

export type BookingIntent = BookingAction | "renew-feed";

export type BookingActionResult =
  | { ok: true; intent: BookingIntent; id: string; message: string }
  | { ok: false; intent: BookingIntent | null; id: string | null; error: string };

function refuse(intent: BookingIntent | null, id: string | null, error: string, status: number) {
  return data<BookingActionResult>({ ok: false, intent, id, error }, { status });
}

const DONE_MESSAGES: Record<BookingAction, string> = {
  confirm: bookingsWords.bookingConfirmed,
  decline: bookingsWords.bookingDeclined,
  seat: bookingsWords.bookingSeated,
  "no-show": bookingsWords.bookingNoShow,
  cancel: bookingsWords.bookingCancelled,
};

function isBookingIntent(value: string): value is BookingAction {
  return value in DONE_MESSAGES;
}

/** The reason a decline form gives, or why it cannot be one. */
export function declineReasonOf(form: FormData): { reason: string } | { error: string } {
  const reason = formText(form, "reason").trim();
  if (reason === "") return { error: bookingsWords.reasonRequired };
  if (reason.length > DECLINE_REASON_MAX_LENGTH) {
    return { error: fill(bookingsWords.reasonTooLong, { max: DECLINE_REASON_MAX_LENGTH }) };
  }
  return { reason };
}

/** Runs one of the bookings page's intents for the signed-in person. */
export async function runBookingIntent(
  context: Readonly<RouterContextProvider>,
  services: Pick<AppServices, "db" | "events" | "env" | "orderMail">,
  form: FormData,
) {
  const intent = formText(form, "intent");
  const now = publicPagesNow(services.env).getTime();

  if (intent === "renew-feed") {
    // The feed's address is a key to the guests' names and phones: making a new one (and so
    // cutting off whoever holds the old) is for those who edit the site, `site.edit`, not for
    // the orders staff who read it.
    const { product } = await requireSite(context, formText(form, "productId"), "site.edit");
    if (!takesBookings(product.type)) {
      return refuse(intent, product.id, bookingsWords.notARestaurant, 400);
    }
    await calendarFeedSecret(services.db, product.id, { renew: true });
    return data<BookingActionResult>({
      ok: true,
      intent,
      id: product.id,
      message: bookingsWords.feedRenewed,
    });
  }

  if (!isBookingIntent(intent)) return refuse(null, null, bookingsWords.unknownIntent, 400);
  const { booking, user } = await requireSiteBooking(
    context,
    formText(form, "bookingId"),
    "bookings",
  );
  let change: BookingChange;
  if (intent === "decline") {
    const reason = declineReasonOf(form);
    if ("error" in reason) return refuse(intent, booking.id, reason.error, 400);
    change = { action: "decline", reason: reason.reason };
  } else {
    change = { action: intent };
  }
  const result = await changeBooking(services.events, booking.id, change, now, {
    by: { id: user.id, name: user.username },
  });
  if (!result.changed) return refuse(intent, booking.id, bookingsWords.notAllowed, 409);
  // The guest's mail was queued with the change; the outbox sends it now.
  services.orderMail.kick();
  return data<BookingActionResult>({
    ok: true,
    intent,
    id: booking.id,
    message: fill(DONE_MESSAGES[intent], { name: booking.guestName }),
  });
}

// The day sheet --------------------------------------------------------------------------

/** The day sheet of the restaurant `pid` for `date`: the bookings that hold a table. */
export async function loadDaySheet(
  context: Readonly<RouterContextProvider>,
  db: Database,
  pid: string | undefined,
  dateText: string | undefined,
) {
  const { product } = await requireSite(context, pid, "bookings");
  const date = parseIsoDate(dateText ?? "");
  if (!takesBookings(product.type) || !date) {
    throw data({ message: bookingsWords.noSuchDay }, { status: 404 });
  }
  const [info] = await db
    .select({ timeZone: productInfo.timeZone })
    .from(productInfo)
    .where(eq(productInfo.productId, product.id));
  const zone = zoneOf(info?.timeZone ?? "");
  const rows = await bookingsStarting(
    db,
    product.id,
    dayBounds(date, zone),
    BOOKING_STATES_HOLDING_COVERS,
  );
  return {
    siteId: product.id,
    siteName: product.name,
    date: isoDate(date),
    dateText: longDateText(date),
    covers: rows.reduce((sum, row) => sum + row.partySize, 0),
    bookings: rows.map((row) => ({
      id: row.id,
      timeText: clockAt(row.startsAt.getTime(), zone),
      partySize: row.partySize,
      name: row.guestName,
      phone: row.guestPhone,
      note: row.note,
      requested: row.state === "requested",
    })),
  };
}

// The CSV --------------------------------------------------------------------------------

export const BOOKING_EXPORT_COLUMNS = [
  "date",
  "time",
  "party_size",
  "name",
  "phone",
  "email",
  "note",
  "state",
  "decline_reason",
  "booked_at",
] as const;

/** The site's bookings whose day (where it is) is from `range.from` to `range.to`, by time. */
export async function bookingsCsv(
  db: Database,
  site: { id: string; timeZone: string },
  range: { from: string; to: string; fromAt: number; toAt: number },
): Promise<string> {
  const zone = zoneOf(site.timeZone);
  // A day longer on each side covers every time zone; each booking is then kept by its own date.
  const rows = await bookingsStarting(db, site.id, {
    start: range.fromAt - DAY,
    end: range.toAt + 2 * DAY,
  });
  const records = rows
    .filter((row) => {
      const day = localDate(row.startsAt.getTime(), zone);
      return day >= range.from && day <= range.to;
    })
    .map((row) => {
      const [day, time] = localDateTime(row.startsAt.getTime(), zone).split(" ");
      return [
        day!,
        time!,
        String(row.partySize),
        row.guestName,
        row.guestPhone,
        row.guestEmail,
        row.note,
        BOOKING_STATE_LABELS[row.state],
        row.declineReason,
        localDateTime(row.createdAt.getTime(), zone),
      ];
    });
  return csvFile(BOOKING_EXPORT_COLUMNS, records);
}

/** The site's time zone, for the export. */
export async function siteTimeZone(db: Database, productId: string): Promise<string> {
  const [info] = await db
    .select({ timeZone: productInfo.timeZone })
    .from(productInfo)
    .where(eq(productInfo.productId, productId));
  return zoneOf(info?.timeZone ?? "");
}

// The calendar feed ----------------------------------------------------------------------

/** One event of the feed: a booking that holds a table. */
export interface FeedBooking {
  id: string;
  start: number;
  end: number;
  partySize: number;
  name: string;
  phone: string;
  note: string;
  state: BookingState;
  createdAt: number;
}

/**
 * The feed of the secret `secret`: its restaurant's name and zone and the bookings that hold a
 * table from `FEED_PAST_DAYS` ago on; null for a secret no live restaurant has.
 */
export async function calendarFeed(db: Database, secret: string, now: number) {
  if (!/^[A-Za-z0-9]{32}$/.test(secret)) return null;
  const [site] = await db
    .select({ id: products.id, name: products.name, timeZone: productInfo.timeZone })
    .from(bookingSettings)
    .innerJoin(products, eq(products.id, bookingSettings.productId))
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(and(eq(bookingSettings.feedSecret, secret), eq(products.exists, true)));
  if (!site) return null;
  const rows = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.productId, site.id),
        inArray(bookings.state, BOOKING_STATES_HOLDING_COVERS),
        gte(bookings.startsAt, new Date(now - FEED_PAST_DAYS * DAY)),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return {
    siteId: site.id,
    siteName: site.name,
    timeZone: zoneOf(site.timeZone),
    bookings: rows.map((row): FeedBooking => ({
      id: row.id,
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
      partySize: row.partySize,
      name: row.guestName,
      phone: row.guestPhone,
      note: row.note,
      state: row.state,
      createdAt: row.createdAt.getTime(),
    })),
  };
}
