/**
 * The restaurant's side of table bookings on a real database, through the routes' own loaders
 * and actions: the Reservations tab's save (every rule refused at its field, nothing written)
 * and its closures; the bookings page's day (by time, the covers, the guests' earlier
 * no-shows) and its actions by the owner and by orders staff; the day sheet; the CSV; the
 * private calendar feed and its new address. Each is out of reach of a second owner and of a
 * visitor who is not signed in.
 */
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADD_CLOSURE_INTENT,
  BOOKING_SETTINGS_MESSAGES,
  REMOVE_CLOSURE_INTENT,
  SAVE_BOOKINGS_INTENT,
} from "~/lib/booking-settings-form";
import { DEFAULT_BOOKING_SETTINGS } from "~/lib/booking-settings";
import type { BookingState } from "~/lib/booking-states";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import * as bookingsRoute from "~/routes/portal/bookings";
import * as exportRoute from "~/routes/portal/bookings-export";
import * as setupRoute from "~/routes/portal/setup";
import * as sheetRoute from "~/routes/print/booking-sheet";
import { acceptInvitation, inviteStaff } from "~/server/access/staff.server";
import { createId } from "~/server/db/ids.server";
import { bookingClosures, bookings, productInfo } from "~/server/db/schema";
import { createProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import { OPEN_ALL_WEEK } from "../../../tests/support/ordering-site";
import { callRoute, ownerFor, type RouteOutcome } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import { BOOKING_EXPORT_COLUMNS } from "./booking-day.server";
import {
  calendarFeedSecret,
  loadBookingSettings,
  saveBookingSettings,
} from "./booking-settings.server";

/** Saturday 14 March 2026, 12:00 PM in New York (EDT, UTC−4). */
const NOW = new Date("2026-03-14T16:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = "America/New_York";
/** 7:00 PM that evening in New York. */
const EVENING = Date.parse("2026-03-14T23:00:00Z");

let services: RunningServices;
let app: TestHttpApp;
let stranger: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  services = await createTestServices({ publicPagesClock: NOW });
  app = await startHttpApp(services, { countRenders: false });
  stranger = await registerOwner(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

async function newSite(name = "Corner Bistro") {
  const { userId, cookie } = await registerOwner(services);
  const created = await createProduct(services.events, userId, {
    type: "restaurant",
    name,
    timeZone: ZONE,
  });
  if (!created.ok) throw new Error(created.reason);
  await services.db
    .update(productInfo)
    .set({ hours: OPEN_ALL_WEEK })
    .where(eq(productInfo.productId, created.productId));
  return { userId, cookie, productId: created.productId, type: "restaurant" as const };
}

/** A person who works on the site in the orders role. */
async function ordersStaff(productId: string) {
  const person = await registerOwner(services);
  const invited = await inviteStaff(services.events, {
    productId,
    email: person.owner.email,
    role: "orders",
    now: NOW.getTime(),
  });
  if (!invited.ok) throw new Error(invited.reason);
  const accepted = await acceptInvitation(services.events, {
    token: invited.token,
    user: { id: person.userId, email: person.owner.email },
    now: NOW.getTime(),
  });
  if (!accepted.ok) throw new Error(accepted.reason);
  return person;
}

async function newBooking(
  productId: string,
  values: Partial<typeof bookings.$inferInsert> & { state?: BookingState } = {},
) {
  const startsAt = values.startsAt ?? new Date(EVENING);
  const [row] = await services.db
    .insert(bookings)
    .values({
      id: createId(),
      productId,
      token: (createId() + createId()).slice(0, 32),
      placeKey: createId(),
      state: "requested",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 90 * MINUTE),
      partySize: 4,
      guestName: "Maria Lopez",
      guestPhone: "+1 555 0142",
      guestEmail: "maria@example.com",
      note: "Window table",
      language: "en",
      history: [{ state: values.state ?? "requested", at: NOW.toISOString() }],
      createdAt: new Date(NOW.getTime() - HOUR),
      ...values,
    })
    .returning();
  return row!;
}

async function bookingRow(id: string) {
  const [row] = await services.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

// The Reservations tab ----------------------------------------------------------------

type Fields = Record<string, string>;

const VALID: Fields = {
  intent: SAVE_BOOKINGS_INTENT,
  enabled: "on",
  maxPartySize: "6",
  slotMinutes: "15",
  holdMinutes: "120",
  lastSeatingMinutes: "45",
  noticeMinutes: "60",
  daysAhead: "60",
  capacity: "24",
  confirmation: "each",
  cancelCutoffMinutes: "240",
};

function editorPost(site: { productId: string }, userId: string, fields: Fields) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return callRoute(setupRoute.action, {
    services,
    owner: ownerFor(userId),
    params: { type: "restaurant", pid: site.productId },
    multipart: form,
  });
}

function replyOf(outcome: RouteOutcome) {
  return (outcome.body as { result: { status?: string; error?: Record<string, string[]> } }).result;
}

async function closuresOf(productId: string) {
  return services.db.select().from(bookingClosures).where(eq(bookingClosures.productId, productId));
}

describe("the Reservations tab", () => {
  it("stores the settings", async () => {
    const site = await newSite();
    const saved = await editorPost(site, site.userId, VALID);
    expect(saved.status).toBe(200);
    expect(replyOf(saved).status).toBe("success");
    expect(await loadBookingSettings(services.db, site.productId)).toEqual({
      enabled: true,
      maxPartySize: 6,
      slotMinutes: 15,
      holdMinutes: 120,
      lastSeatingMinutes: 45,
      noticeMinutes: 60,
      daysAhead: 60,
      capacity: 24,
      confirmEach: true,
      cancelCutoffMinutes: 240,
    });
  });

  const refusals: Array<[string, Fields, string, string]> = [
    ["a party of 0", { maxPartySize: "0" }, "maxPartySize", BOOKING_SETTINGS_MESSAGES.maxPartySize],
    [
      "a party of 51",
      { maxPartySize: "51" },
      "maxPartySize",
      BOOKING_SETTINGS_MESSAGES.maxPartySize,
    ],
    [
      "a party in words",
      { maxPartySize: "six" },
      "maxPartySize",
      BOOKING_SETTINGS_MESSAGES.maxPartySize,
    ],
    [
      "a party larger than the room",
      { maxPartySize: "10", capacity: "8" },
      "maxPartySize",
      BOOKING_SETTINGS_MESSAGES.partyOverCapacity,
    ],
    [
      "times every 20 minutes",
      { slotMinutes: "20" },
      "slotMinutes",
      BOOKING_SETTINGS_MESSAGES.slotMinutes,
    ],
    [
      "a hold of 10 minutes",
      { holdMinutes: "10" },
      "holdMinutes",
      BOOKING_SETTINGS_MESSAGES.holdMinutes,
    ],
    [
      "a last seating 5 hours before closing",
      { lastSeatingMinutes: "300" },
      "lastSeatingMinutes",
      BOOKING_SETTINGS_MESSAGES.lastSeatingMinutes,
    ],
    [
      "a notice of three days",
      { noticeMinutes: String(72 * 60) },
      "noticeMinutes",
      BOOKING_SETTINGS_MESSAGES.noticeMinutes,
    ],
    ["91 days ahead", { daysAhead: "91" }, "daysAhead", BOOKING_SETTINGS_MESSAGES.daysAhead],
    ["a capacity of 0", { capacity: "0" }, "capacity", BOOKING_SETTINGS_MESSAGES.capacity],
    ["part of a cover", { capacity: "20.5" }, "capacity", BOOKING_SETTINGS_MESSAGES.capacity],
    [
      "a confirmation not offered",
      { confirmation: "sometimes" },
      "confirmation",
      BOOKING_SETTINGS_MESSAGES.confirmation,
    ],
    [
      "no cancel cutoff",
      { cancelCutoffMinutes: "" },
      "cancelCutoffMinutes",
      BOOKING_SETTINGS_MESSAGES.cancelCutoffMinutes,
    ],
  ];

  it.each(refusals)(
    "refuses %s at its field, writing nothing",
    async (_, change, field, message) => {
      const site = await newSite();
      const fields = { ...VALID, ...change };
      for (const [key, value] of Object.entries(change)) if (value === "") delete fields[key];
      const refused = await editorPost(site, site.userId, fields);
      expect(refused.status).toBe(400);
      const reply = replyOf(refused);
      expect(reply.error?.[field]).toContain(message);
      expect(reply.error?.[""]).toEqual([BOOKING_SETTINGS_MESSAGES.failed]);
      expect(await loadBookingSettings(services.db, site.productId)).toEqual(
        DEFAULT_BOOKING_SETTINGS,
      );
    },
  );

  it("is out of reach of a second owner and of an anonymous visitor, and not on a shop", async () => {
    const site = await newSite();
    expect(await editorPost(site, stranger.userId, VALID)).toMatchObject({ status: 404 });
    const anonymous = await fetch(`${app.url}/user/restaurant/setup/${site.productId}`, {
      method: "POST",
      body: new URLSearchParams(VALID),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);
    expect(await loadBookingSettings(services.db, site.productId)).toEqual(
      DEFAULT_BOOKING_SETTINGS,
    );

    const { userId } = await registerOwner(services);
    const shop = await createProduct(services.events, userId, { type: "shoppy", name: "Shop" });
    if (!shop.ok) throw new Error(shop.reason);
    const form = new FormData();
    for (const [key, value] of Object.entries(VALID)) form.append(key, value);
    const onShop = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(userId),
      params: { type: "shoppy", pid: shop.productId },
      multipart: form,
    });
    expect(onShop.status).toBe(400);
    expect((await loadBookingSettings(services.db, shop.productId)).enabled).toBe(false);
  });

  it("shows the tab with what is stored, for a restaurant", async () => {
    const site = await newSite();
    await editorPost(site, site.userId, VALID);
    const page = await fetch(`${app.url}/user/restaurant/setup/${site.productId}?tab=bookings`, {
      headers: { cookie: site.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Taking table bookings online");
    expect(html).toContain('value="24"');
  });

  it("closes a whole day and part of one in the restaurant's time, lists and removes them", async () => {
    const site = await newSite();
    const whole = await editorPost(site, site.userId, {
      intent: ADD_CLOSURE_INTENT,
      date: "2026-03-20",
      wholeDay: "on",
      note: "Private event",
    });
    expect(whole.status).toBe(200);
    const evening = await editorPost(site, site.userId, {
      intent: ADD_CLOSURE_INTENT,
      date: "2026-03-21",
      from: "18:00",
      to: "23:30",
      note: "",
    });
    expect(evening.status).toBe(200);
    const rows = (await closuresOf(site.productId)).sort(
      (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
    );
    expect(
      rows.map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString(), row.note]),
    ).toEqual([
      ["2026-03-20T04:00:00.000Z", "2026-03-21T04:00:00.000Z", "Private event"],
      ["2026-03-21T22:00:00.000Z", "2026-03-22T03:30:00.000Z", ""],
    ]);

    const page = await fetch(`${app.url}/user/restaurant/setup/${site.productId}?tab=bookings`, {
      headers: { cookie: site.cookie },
    });
    const html = await page.text();
    expect(html).toContain("Fri, Mar 20 · whole day");
    expect(html).toContain("Sat, Mar 21 · 6:00 PM – 11:30 PM");
    expect(html).toContain("Private event");

    // Another owner cannot remove it; an unknown one is a 404; the owner's own goes.
    expect(
      await editorPost(site, stranger.userId, {
        intent: REMOVE_CLOSURE_INTENT,
        closureId: rows[0]!.id,
      }),
    ).toMatchObject({ status: 404 });
    const other = await newSite();
    expect(
      await editorPost(other, other.userId, {
        intent: REMOVE_CLOSURE_INTENT,
        closureId: rows[0]!.id,
      }),
    ).toMatchObject({ status: 404 });
    const removed = await editorPost(site, site.userId, {
      intent: REMOVE_CLOSURE_INTENT,
      closureId: rows[0]!.id,
    });
    expect(removed.status).toBe(200);
    expect((await closuresOf(site.productId)).map((row) => row.id)).toEqual([rows[1]!.id]);
  });

  const closureRefusals: Array<[string, Fields, string, string]> = [
    ["no date", { date: "" }, "date", BOOKING_SETTINGS_MESSAGES.closureDate],
    ["a date that is none", { date: "2026-02-30" }, "date", BOOKING_SETTINGS_MESSAGES.closureDate],
    ["no start time", { from: "" }, "from", BOOKING_SETTINGS_MESSAGES.closureTime],
    ["a time in words", { to: "late" }, "to", BOOKING_SETTINGS_MESSAGES.closureTime],
    [
      "an end before the start",
      { from: "20:00", to: "18:00" },
      "to",
      BOOKING_SETTINGS_MESSAGES.closureBackwards,
    ],
    ["a long note", { note: "x".repeat(81) }, "note", BOOKING_SETTINGS_MESSAGES.closureNote],
  ];

  it.each(closureRefusals)(
    "refuses a closure with %s, writing nothing",
    async (_, change, field, message) => {
      const site = await newSite();
      const fields: Fields = {
        intent: ADD_CLOSURE_INTENT,
        date: "2026-03-20",
        from: "18:00",
        to: "22:00",
        note: "",
        ...change,
      };
      for (const [key, value] of Object.entries(change)) if (value === "") delete fields[key];
      const refused = await editorPost(site, site.userId, fields);
      expect(refused.status).toBe(400);
      expect(replyOf(refused).error?.[field]).toContain(message);
      expect(await closuresOf(site.productId)).toEqual([]);
    },
  );
});

// The bookings page --------------------------------------------------------------------

function post(userId: string, form: Fields) {
  return callRoute(bookingsRoute.action, {
    services,
    owner: ownerFor(userId, { username: "Sam" }),
    url: "http://localhost/user/bookings",
    form,
  });
}

function day(userId: string, query = "") {
  return callRoute(bookingsRoute.loader, {
    services,
    owner: ownerFor(userId),
    url: `http://localhost/user/bookings${query}`,
  });
}

type DayData = Awaited<ReturnType<typeof bookingsRoute.loader>>;

async function enable(productId: string, settings: Partial<typeof DEFAULT_BOOKING_SETTINGS> = {}) {
  await saveBookingSettings(services.events, productId, {
    ...DEFAULT_BOOKING_SETTINGS,
    enabled: true,
    ...settings,
  });
}

describe("the bookings page", () => {
  it("shows the day's bookings by time, the covers per time and earlier no-shows", async () => {
    const site = await newSite();
    await enable(site.productId, { capacity: 20 });
    const late = await newBooking(site.productId, {
      state: "confirmed",
      startsAt: new Date(EVENING + HOUR),
      guestName: "Late Larry",
      guestPhone: "+1 555 0199",
      guestEmail: "",
    });
    const fresh = await newBooking(site.productId);
    // Maria did not come twice before: once by the same phone written otherwise, once by email.
    await newBooking(site.productId, {
      state: "no-show",
      startsAt: new Date(EVENING - 7 * DAY),
      guestPhone: "1 (555) 0142",
      guestEmail: "",
    });
    await newBooking(site.productId, {
      state: "no-show",
      startsAt: new Date(EVENING - 14 * DAY),
      guestPhone: "",
      guestEmail: "MARIA@example.com",
    });
    // Another restaurant's no-show of the same guest does not count here.
    const elsewhere = await newSite();
    await newBooking(elsewhere.productId, {
      state: "no-show",
      startsAt: new Date(EVENING - DAY),
    });
    // Tomorrow's booking is not today's.
    await newBooking(site.productId, { startsAt: new Date(EVENING + DAY) });

    const page = await day(site.userId);
    expect(page.status).toBe(200);
    const data = page.body as DayData;
    expect(data.site?.id).toBe(site.productId);
    expect(data.day?.date).toBe("2026-03-14");
    expect(data.day?.isToday).toBe(true);
    expect(data.day?.previous).toBe("2026-03-13");
    expect(data.day?.next).toBe("2026-03-15");
    expect(data.day?.bookings.map((b) => [b.id, b.timeText, b.noShows])).toEqual([
      [fresh.id, "7:00 PM", 2],
      [late.id, "8:00 PM", 0],
    ]);
    expect(data.day?.bookings[0]).toMatchObject({
      partySize: 4,
      name: "Maria Lopez",
      phone: "+1 555 0142",
      email: "maria@example.com",
      note: "Window table",
      state: "requested",
      can: { confirm: true, decline: true, seat: false, noShow: false, cancel: true },
    });
    expect(data.day?.covers).toBe(8);
    // The 7:30 PM table meets both bookings; 6:00 PM (held until 7:30) meets Maria's.
    const covers = new Map(data.day?.slots.map((slot) => [slot.time, slot.covers]));
    expect(covers.get("7:30 PM")).toBe(8);
    expect(covers.get("6:00 PM")).toBe(4);
    expect(covers.get("3:00 PM")).toBe(0);
    expect(data.site?.capacity).toBe(20);
    // Two requests wait: today's and tomorrow's.
    expect(data.requestsWaiting).toBe(2);

    // Another day, by the query.
    const tomorrow = (await day(site.userId, `?pid=${site.productId}&date=2026-03-15`))
      .body as DayData;
    expect(tomorrow.day?.bookings).toHaveLength(1);
  });

  it("is the same 404 for another's site, and sends a visitor to sign in", async () => {
    const site = await newSite();
    await newBooking(site.productId);
    expect(await day(stranger.userId, `?pid=${site.productId}`)).toMatchObject({ status: 404 });
    // Without a site named, a second owner sees only their own (none).
    const theirs = (await day(stranger.userId)).body as DayData;
    expect(theirs.site).toBeNull();
    const page = await fetch(`${app.url}/user/bookings`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?redirectTo=%2Fuser%2Fbookings");
  });

  it("renders on the server for the owner", async () => {
    const site = await newSite();
    await enable(site.productId);
    await newBooking(site.productId);
    const page = await fetch(`${app.url}/user/bookings`, { headers: { cookie: site.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Maria Lopez");
    expect(html).toContain('href="tel:+15550142"');
    expect(html).toContain(`/calendar/`);
  });

  const moves: Array<[string, BookingState, Fields, BookingState]> = [
    ["confirms a request", "requested", { intent: "confirm" }, "confirmed"],
    [
      "declines a request with a reason",
      "requested",
      { intent: "decline", reason: "Fully booked" },
      "declined",
    ],
    ["seats a confirmed guest", "confirmed", { intent: "seat" }, "seated"],
    ["marks a confirmed guest a no-show", "confirmed", { intent: "no-show" }, "no-show"],
    ["cancels a confirmed booking", "confirmed", { intent: "cancel" }, "cancelled"],
  ];

  for (const who of ["owner", "orders staff"] as const) {
    it.each(moves)(`${who}: %s`, async (_, from, form, to) => {
      const site = await newSite();
      const actor = who === "owner" ? site.userId : (await ordersStaff(site.productId)).userId;
      const booking = await newBooking(site.productId, { state: from });
      const done = await post(actor, { ...form, bookingId: booking.id });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ ok: true, id: booking.id });
      const row = await bookingRow(booking.id);
      expect(row.state).toBe(to);
      expect(row.history.at(-1)).toMatchObject({ state: to, by: { id: actor, name: "Sam" } });
      if (to === "declined") expect(row.declineReason).toBe("Fully booked");
    });
  }

  it("refuses a decline without a reason or with a long one, and a move not allowed", async () => {
    const site = await newSite();
    const booking = await newBooking(site.productId);
    const empty = await post(site.userId, {
      intent: "decline",
      bookingId: booking.id,
      reason: " ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, error: bookingsWords.reasonRequired });
    const long = await post(site.userId, {
      intent: "decline",
      bookingId: booking.id,
      reason: "x".repeat(121),
    });
    expect(long.status).toBe(400);
    const seat = await post(site.userId, { intent: "seat", bookingId: booking.id });
    expect(seat.status).toBe(409);
    expect(seat.body).toMatchObject({ ok: false, error: bookingsWords.notAllowed });
    const unknown = await post(site.userId, { intent: "eat", bookingId: booking.id });
    expect(unknown.status).toBe(400);
    expect((await bookingRow(booking.id)).state).toBe("requested");
  });

  it("keeps every action out of reach of a second owner and of a visitor", async () => {
    const site = await newSite();
    const booking = await newBooking(site.productId);
    for (const form of <Fields[]>[
      { intent: "confirm" },
      { intent: "decline", reason: "No" },
      { intent: "cancel" },
    ]) {
      const refused = await post(stranger.userId, { ...form, bookingId: booking.id });
      expect(refused).toMatchObject({ kind: "response", status: 404 });
    }
    const anonymous = await fetch(`${app.url}/user/bookings`, {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm", bookingId: booking.id }),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);
    expect((await bookingRow(booking.id)).state).toBe("requested");
  });
});

// The day sheet -----------------------------------------------------------------------

function sheet(userId: string, pid: string, date: string) {
  return callRoute(sheetRoute.loader, {
    services,
    owner: ownerFor(userId),
    params: { pid, date },
  });
}

describe("the day sheet", () => {
  it("lists the bookings that hold a table, by time, for those who may see them", async () => {
    const site = await newSite();
    await newBooking(site.productId, { state: "confirmed", guestName: "Ada" });
    await newBooking(site.productId, {
      state: "cancelled",
      guestName: "Gone",
      startsAt: new Date(EVENING - HOUR),
    });
    const staff = await ordersStaff(site.productId);
    for (const userId of [site.userId, staff.userId]) {
      const outcome = await sheet(userId, site.productId, "2026-03-14");
      expect(outcome.status).toBe(200);
      const body = outcome.body as Awaited<ReturnType<typeof sheetRoute.loader>>;
      expect(body.siteName).toBe("Corner Bistro");
      expect(body.dateText).toBe("Saturday, March 14, 2026");
      expect(body.bookings.map((b) => [b.timeText, b.name, b.partySize])).toEqual([
        ["7:00 PM", "Ada", 4],
      ]);
    }
    expect(await sheet(site.userId, site.productId, "2026-13-01")).toMatchObject({
      status: 404,
    });
    expect(await sheet(stranger.userId, site.productId, "2026-03-14")).toMatchObject({
      status: 404,
    });
    const anonymous = await fetch(`${app.url}/user/bookings/${site.productId}/sheet/2026-03-14`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
  });
});

// The CSV -------------------------------------------------------------------------------

function csv(userId: string, query: string) {
  return fetchAs(userId, `/user/bookings/export?${query}`);
}

/** The export is a Response: read through the route with the person signed in. */
async function fetchAs(userId: string, path: string) {
  const outcome = await callRoute(exportRoute.loader, {
    services,
    owner: ownerFor(userId),
    url: `http://localhost${path}`,
  });
  return outcome;
}

describe("the CSV", () => {
  it("holds the site's bookings of the range, by its dates, formulas escaped", async () => {
    const site = await newSite();
    await newBooking(site.productId, {
      state: "declined",
      guestName: '=HYPERLINK("http://x")',
      declineReason: "Full",
    });
    await newBooking(site.productId, {
      state: "confirmed",
      guestName: "Bo",
      // 11:30 PM on the 15th in New York: the 16th in UTC.
      startsAt: new Date("2026-03-16T03:30:00Z"),
    });
    await newBooking(site.productId, { startsAt: new Date(EVENING + 3 * DAY) });
    const response = await fetch(
      `${app.url}/user/bookings/export?pid=${site.productId}&from=2026-03-14&to=2026-03-15`,
      { headers: { cookie: site.cookie } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // The byte-order mark first, for spreadsheets (text() drops it when decoding).
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed = Papa.parse<string[]>(text.trim(), { newline: "\r\n" });
    expect(parsed.data[0]).toEqual([...BOOKING_EXPORT_COLUMNS]);
    expect(parsed.data.slice(1)).toEqual([
      [
        "2026-03-14",
        "19:00",
        "4",
        // A cell that would start a formula is escaped, as in the orders' CSV.
        '\'=HYPERLINK("http://x")',
        "'+1 555 0142",
        "maria@example.com",
        "Window table",
        "Declined",
        "Full",
        "2026-03-14 11:00",
      ],
      [
        "2026-03-15",
        "23:30",
        "4",
        "Bo",
        "'+1 555 0142",
        "maria@example.com",
        "Window table",
        "Confirmed",
        "",
        "2026-03-14 11:00",
      ],
    ]);
  });

  it("refuses a bad range with 400, and another's site with 404", async () => {
    const site = await newSite();
    expect(
      await csv(site.userId, `pid=${site.productId}&from=2026-03-15&to=2026-03-14`),
    ).toMatchObject({ status: 400 });
    expect(await csv(site.userId, `pid=${site.productId}&from=soon&to=2026-03-14`)).toMatchObject({
      status: 400,
    });
    expect(
      await csv(stranger.userId, `pid=${site.productId}&from=2026-03-14&to=2026-03-14`),
    ).toMatchObject({ status: 404 });
    const anonymous = await fetch(
      `${app.url}/user/bookings/export?pid=${site.productId}&from=2026-03-14&to=2026-03-14`,
      { redirect: "manual" },
    );
    expect(anonymous.status).toBe(302);
  });
});

// The calendar feed ----------------------------------------------------------------------

describe("the calendar feed", () => {
  it("lists the bookings that hold a table, under its secret only", async () => {
    const site = await newSite();
    await newBooking(site.productId, { guestName: "Maria Lopez" });
    await newBooking(site.productId, {
      state: "confirmed",
      guestName: "Bo",
      note: "",
      startsAt: new Date(EVENING + DAY),
    });
    await newBooking(site.productId, { state: "cancelled", guestName: "Gone" });
    await newBooking(site.productId, {
      state: "confirmed",
      guestName: "Long Ago",
      startsAt: new Date(EVENING - 40 * DAY),
    });
    const secret = await calendarFeedSecret(services.db, site.productId);
    const response = await fetch(`${app.url}/calendar/${secret}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = (await response.text()).replace(/\r\n /g, "");
    expect(text).toContain("SUMMARY:Maria Lopez · 4 guests");
    expect(text).toContain("SUMMARY:Bo · 4 guests");
    expect(text).toContain("STATUS:TENTATIVE");
    expect(text).toContain("Phone: +1 555 0142");
    expect(text).toContain("Note: Window table");
    expect(text).not.toContain("Gone");
    expect(text).not.toContain("Long Ago");
    expect(text).toContain("DTSTART:20260314T230000Z");

    // One character changed: never to the one it was, which a random secret may end with.
    const changedLast = secret.endsWith("x") ? "y" : "x";
    const oneCharacterOff = `${secret.slice(0, -1)}${changedLast}.ics`;
    for (const wrong of [oneCharacterOff, `${secret}`, "nothing.ics"]) {
      const missing = await fetch(`${app.url}/calendar/${wrong}`);
      expect(missing.status, wrong).toBe(404);
      await missing.body?.cancel();
    }
  });

  it("gets a new address from those who edit the site, and the old one stops", async () => {
    const site = await newSite();
    const old = await calendarFeedSecret(services.db, site.productId);
    const staff = await ordersStaff(site.productId);
    // Orders staff read the feed but do not make a new one; nor does another owner.
    for (const userId of [staff.userId, stranger.userId]) {
      expect(await post(userId, { intent: "renew-feed", productId: site.productId })).toMatchObject(
        { status: 404 },
      );
    }
    expect(await calendarFeedSecret(services.db, site.productId)).toBe(old);
    const anonymous = await fetch(`${app.url}/user/bookings`, {
      method: "POST",
      body: new URLSearchParams({ intent: "renew-feed", productId: site.productId }),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);

    const renewed = await post(site.userId, { intent: "renew-feed", productId: site.productId });
    expect(renewed.status).toBe(200);
    const fresh = await calendarFeedSecret(services.db, site.productId);
    expect(fresh).not.toBe(old);
    const before = await fetch(`${app.url}/calendar/${old}.ics`);
    expect(before.status).toBe(404);
    await before.body?.cancel();
    const after = await fetch(`${app.url}/calendar/${fresh}.ics`);
    expect(after.status).toBe(200);
    await after.body?.cancel();
  });
});
