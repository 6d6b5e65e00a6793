/**
 * Booking a table on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * every refusal with its reason and nothing written, a room's capacity exact under 200
 * bookings sent at once, the same form booked once however often it is sent, the restaurant's
 * and the guest's moves (the cancel cutoff), the mail each sends through the outbox, the
 * day-before reminder queued once across processes, and the guests' data emptied in time.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookings, orderMail, productInfo } from "~/server/db/schema";
import { createEvents } from "~/server/events/events.server";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import type { RunningServices } from "~/server/runtime/services.server";
import {
  BOOKING_CLOCK,
  createBookingSite,
  TOMORROW,
  tomorrowAt,
  type BookingSite,
} from "../../../tests/support/booking-site";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestServices, openSecondHandle } from "../../../tests/support/test-services";
import { createOrderMail } from "../orders/order-mail.server";
import { cancelBookingAsGuest, changeBooking } from "./booking-changes.server";
import { remindBookingsDue } from "./booking-reminders.server";
import { removeExpiredBookingData } from "./booking-retention.server";
import { addBookingClosure } from "./booking-settings.server";
import {
  availableTimes,
  loadBookingSite,
  placeBooking,
  type PlaceBookingInput,
  type PlaceBookingResult,
} from "./place-booking.server";

const NOW = BOOKING_CLOCK;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let services: RunningServices;
let inbox: SmtpInbox;
let mailer: Mailer;
beforeAll(async () => {
  services = await createTestServices();
  inbox = await startSmtpInbox();
  mailer = createMailer({
    transport: "smtp",
    smtpUrl: inbox.url,
    from: "Site Builder <no-reply@portal.test>",
  });
});
afterAll(async () => {
  mailer?.close();
  await services?.close();
  await inbox?.close();
});
beforeEach(async () => {
  // Each test sees only its own mail: whatever an earlier one left due is closed.
  await services.db
    .update(orderMail)
    .set({ sentAt: new Date() })
    .where(and(isNull(orderMail.sentAt), isNull(orderMail.failedAt)));
});

let keyCounter = 0;
function newKey() {
  keyCounter += 1;
  return `bk${String(keyCounter).padStart(6, "0")}${"y".repeat(12)}`;
}

function booking(overrides: Partial<PlaceBookingInput> = {}): PlaceBookingInput {
  return {
    placeKey: newKey(),
    partySize: 4,
    date: TOMORROW,
    start: tomorrowAt(19),
    name: "Grace Hopper",
    phone: "+1 555 0199",
    email: `grace${keyCounter}@example.com`,
    note: "A high chair, please",
    language: "en",
    ...overrides,
  };
}

function book(
  site: BookingSite,
  overrides: Partial<PlaceBookingInput> = {},
  now = NOW,
  limits: { perSite?: number } = {},
): Promise<PlaceBookingResult> {
  return placeBooking(services.events, site.productId, booking(overrides), now, limits);
}

async function bookingsOf(site: BookingSite) {
  return services.db.select().from(bookings).where(eq(bookings.productId, site.productId));
}

async function mailOf(bookingId: string) {
  const rows = await services.db
    .select({ kind: orderMail.kind })
    .from(orderMail)
    .where(eq(orderMail.bookingId, bookingId));
  return rows.map((row) => row.kind).sort();
}

function booked(result: PlaceBookingResult) {
  if (!result.booked) throw new Error(`Refused: ${result.reason}`);
  return result;
}

describe("booking a table", () => {
  it("books a party of 4 tomorrow at 7 PM, confirmed, and mails the guest through the outbox", async () => {
    const site = await createBookingSite(services, "Table Talk");
    const result = booked(await book(site, { email: "ada@example.com" }));
    expect(result).toMatchObject({ state: "confirmed", existing: false });
    expect(result.token).toMatch(/^[A-Za-z0-9]{32}$/);

    const [row] = await bookingsOf(site);
    expect(row).toMatchObject({
      state: "confirmed",
      partySize: 4,
      guestName: "Grace Hopper",
      guestEmail: "ada@example.com",
      note: "A high chair, please",
    });
    expect(row!.startsAt.getTime()).toBe(tomorrowAt(19));
    // The table is held for the site's 90 minutes.
    expect(row!.endsAt.getTime()).toBe(tomorrowAt(20, 30));
    expect(await mailOf(result.bookingId)).toEqual(["booking-confirmed"]);

    const sender = createOrderMail({ db: services.db, mailer, publicUrl: "http://portal.test" });
    expect(await sender.runOnce()).toBe(1);
    await sender.close();
    const mail = await inbox.take("ada@example.com");
    expect(mail.subject).toBe("Table booked · Table Talk");
    expect(mail.text).toContain("Thu, Dec 3, 7:00 PM");
    expect(mail.text).toContain("4 guests");
    expect(mail.text).toContain(`http://portal.test/b/${result.token}`);
  });

  it("waits for the restaurant when it confirms each request, and mails the owner too", async () => {
    const site = await createBookingSite(services, "Ask First", { confirmEach: true });
    const result = booked(await book(site));
    expect(result.state).toBe("requested");
    expect(await mailOf(result.bookingId)).toEqual(["booking-owner-request", "booking-requested"]);
  });

  it("refuses, with its reason and nothing written, every booking the rules do not allow", async () => {
    const site = await createBookingSite(services, "Strict Room", { capacity: 6 });
    await addBookingClosure(
      services.db,
      site.productId,
      { start: tomorrowAt(13), end: tomorrowAt(15) },
      "Private lunch",
    );
    const refusals: Array<[Partial<PlaceBookingInput>, number, string]> = [
      [{ partySize: 9 }, NOW, "party-size"],
      [{ partySize: 0 }, NOW, "party-size"],
      [{ start: tomorrowAt(19, 10) }, NOW, "not-a-time"],
      // After the last seating, an hour before the 9 PM close.
      [{ start: tomorrowAt(20, 30) }, NOW, "not-a-time"],
      // The time belongs to another day than the one named.
      [{ date: { year: 2026, month: 12, day: 4 } }, NOW, "not-a-time"],
      // Today 1 PM, less than the 2 hours' notice after noon.
      [
        { date: { year: 2026, month: 12, day: 2 }, start: Date.parse("2026-12-02T18:00:00Z") },
        NOW,
        "too-soon",
      ],
      [
        { date: { year: 2027, month: 1, day: 2 }, start: Date.parse("2027-01-02T19:00:00-05:00") },
        NOW,
        "too-far",
      ],
      // Within the closure (1 PM – 3 PM), or a hold running into it.
      [{ start: tomorrowAt(13, 30) }, NOW, "closed"],
      [{ start: tomorrowAt(12) }, NOW, "closed"],
      // Taken online (up to 8), but larger than the room's 6 covers.
      [{ partySize: 7 }, NOW, "full"],
    ];
    for (const [overrides, now, reason] of refusals) {
      const result = await book(site, overrides, now);
      expect(result, JSON.stringify(overrides)).toEqual({ booked: false, reason });
    }
    // Full: 6 covers taken at 7 PM, the 8 PM hold overlaps them.
    booked(await book(site, { partySize: 6 }));
    expect(await book(site, { partySize: 1, start: tomorrowAt(20) })).toEqual({
      booked: false,
      reason: "full",
    });
    // 8:30 PM is the 7 PM hold's end: free again (but past the last seating, so 5:30 PM).
    booked(await book(site, { partySize: 6, start: tomorrowAt(17, 30) }));
    expect(await bookingsOf(site)).toHaveLength(2);
    expect(await services.db.select().from(orderMail).where(isNull(orderMail.orderId))).toSatisfy(
      (rows: unknown[]) => rows.length >= 2,
    );
  });

  it("takes no booking while the restaurant has bookings off, or is not a restaurant's", async () => {
    const site = await createBookingSite(services, "Closed Book", { enabled: false });
    expect(await book(site)).toEqual({ booked: false, reason: "not-taking-bookings" });
    expect(await bookingsOf(site)).toHaveLength(0);
  });

  it("takes no booking on a special day marked Closed", async () => {
    const site = await createBookingSite(services, "Holiday Room");
    await services.db
      .update(productInfo)
      .set({
        specialHours: [
          { from: "2026-12-03", to: "2026-12-03", open: "Closed", close: "Closed", note: "" },
        ],
      })
      .where(eq(productInfo.productId, site.productId));
    expect(await book(site)).toEqual({ booked: false, reason: "not-a-time" });
    const loaded = await loadBookingSite(services.db, site.productId);
    expect(await availableTimes(services.db, loaded!, TOMORROW, new Date(NOW))).toEqual([]);
  });

  it("books exactly the capacity when 200 parties of 2 send the same time at once", async () => {
    const site = await createBookingSite(services, "Rush Hour", { capacity: 20 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        book(site, { partySize: 2, email: `rush${index}@example.com` }),
      ),
    );
    expect(results.filter((result) => result.booked)).toHaveLength(10);
    const refused = results.filter((result) => !result.booked);
    expect(new Set(refused.map((result) => (result.booked ? "" : result.reason)))).toEqual(
      new Set(["full"]),
    );
    expect(await bookingsOf(site)).toHaveLength(10);
    // The time is no longer offered to a party of 2; the day view shows it full.
    const loaded = (await loadBookingSite(services.db, site.productId))!;
    const offered = await availableTimes(services.db, loaded, TOMORROW, new Date(NOW), {
      forParty: 2,
    });
    expect(offered.map((time) => time.start)).not.toContain(tomorrowAt(19));
    const all = await availableTimes(services.db, loaded, TOMORROW, new Date(NOW));
    expect(all.find((time) => time.start === tomorrowAt(19))?.peakCovers).toBe(20);
  });

  it("gives the one booking for the same form sent twice, or five times at once", async () => {
    const site = await createBookingSite(services, "Double Click");
    const key = newKey();
    const first = booked(await book(site, { placeKey: key }));
    const second = booked(await book(site, { placeKey: key }));
    expect(second).toEqual({ ...first, existing: true });

    const together = newKey();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => book(site, { placeKey: together, start: tomorrowAt(18) })),
    );
    expect(new Set(results.map((result) => booked(result).token)).size).toBe(1);
    expect(await bookingsOf(site)).toHaveLength(2);
  });

  it("refuses a booking past the site's bookings per 10 minutes, counting only bookings made", async () => {
    const site = await createBookingSite(services, "Limited");
    booked(await book(site, { start: tomorrowAt(18) }, NOW, { perSite: 2 }));
    expect(await book(site, { partySize: 99 }, NOW, { perSite: 2 })).toMatchObject({
      reason: "party-size",
    });
    booked(await book(site, { start: tomorrowAt(18, 30) }, NOW, { perSite: 2 }));
    const refused = await book(site, { start: tomorrowAt(19) }, NOW + 60_000, { perSite: 2 });
    expect(refused).toMatchObject({ booked: false, reason: "site-limit" });
    expect(await bookingsOf(site)).toHaveLength(2);
  });
});

describe("after booking", () => {
  it("lets the restaurant confirm, decline with a reason, seat and mark a no-show, each once", async () => {
    const site = await createBookingSite(services, "Moves", { confirmEach: true });
    const first = booked(await book(site));
    const by = { id: site.ownerUid, name: "Owner" };
    expect(await changeBooking(services.events, first.bookingId, { action: "seat" }, NOW)).toEqual({
      changed: false,
      state: "requested",
    });
    expect(
      await changeBooking(services.events, first.bookingId, { action: "confirm" }, NOW, { by }),
    ).toEqual({ changed: true, state: "confirmed" });
    expect(
      await changeBooking(services.events, first.bookingId, { action: "no-show" }, NOW),
    ).toEqual({ changed: true, state: "no-show" });
    // A late guest after all.
    expect(await changeBooking(services.events, first.bookingId, { action: "seat" }, NOW)).toEqual({
      changed: true,
      state: "seated",
    });

    const second = booked(await book(site, { start: tomorrowAt(18) }));
    expect(
      await changeBooking(
        services.events,
        second.bookingId,
        { action: "decline", reason: "Fully booked for a wedding" },
        NOW,
      ),
    ).toEqual({ changed: true, state: "declined" });
    const [declined] = await services.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, second.bookingId));
    expect(declined).toMatchObject({ declineReason: "Fully booked for a wedding" });
    expect(declined!.closedAt?.getTime()).toBe(NOW);
    expect(declined!.history.map((entry) => entry.state)).toEqual(["requested", "declined"]);
    expect(await mailOf(second.bookingId)).toContain("booking-declined");
    // A declined booking frees its covers: at 6 PM only the seated party's (from 7 PM) count.
    const loaded = (await loadBookingSite(services.db, site.productId))!;
    const times = await availableTimes(services.db, loaded, TOMORROW, new Date(NOW));
    expect(times.find((time) => time.start === tomorrowAt(18))?.peakCovers).toBe(4);
  });

  it("lets the guest cancel until the cutoff, once, and frees the table", async () => {
    const site = await createBookingSite(services, "Cutoff", { cancelCutoffMinutes: 120 });
    const result = booked(await book(site));
    // Two hours before 7 PM is 5 PM: a minute after, too late.
    expect(
      await cancelBookingAsGuest(services.events, result.token, tomorrowAt(17) + 60_000),
    ).toEqual({
      cancelled: false,
      reason: "past-cutoff",
    });
    expect(await cancelBookingAsGuest(services.events, result.token, tomorrowAt(17))).toEqual({
      cancelled: true,
    });
    expect(await cancelBookingAsGuest(services.events, result.token, NOW)).toEqual({
      cancelled: false,
      reason: "moved-on",
    });
    expect(await cancelBookingAsGuest(services.events, "x".repeat(32), NOW)).toEqual({
      cancelled: false,
      reason: "not-found",
    });
    expect(await mailOf(result.bookingId)).toEqual(["booking-cancelled", "booking-confirmed"]);
    booked(await book(site, { partySize: site.settings.maxPartySize }));
  });
});

describe("the day-before reminder", () => {
  // Every site's bookings are swept: a test counts the reminders of its own booking.
  const reminders = async (bookingId: string) =>
    (await mailOf(bookingId)).filter((kind) => kind === "booking-reminder").length;

  it("is queued once a day before, across two processes sweeping at once and a restart", async () => {
    const site = await createBookingSite(services, "Remember Me");
    const result = booked(await book(site, { start: tomorrowAt(19, 30) }));
    const dueAt = tomorrowAt(19, 30) - DAY;
    // Booked at noon the day before, more than a day ahead: a reminder is due at 7:30 PM today.
    await remindBookingsDue(services.events, dueAt - 60_000);
    expect(await reminders(result.bookingId)).toBe(0);

    const second = await openSecondHandle(services);
    const otherProcess = createEvents(second.db);
    await Promise.all([
      remindBookingsDue(services.events, dueAt + 60_000),
      remindBookingsDue(otherProcess, dueAt + 60_000),
    ]);
    expect(await reminders(result.bookingId)).toBe(1);
    // A restarted process reads the same rows: nothing more.
    const restarted = createEvents(second.db);
    await remindBookingsDue(restarted, dueAt + 2 * 60_000);
    if (second !== services.database) await second.close();
    expect(await reminders(result.bookingId)).toBe(1);
  });

  it("is not sent for a booking made within the day before, or cancelled since", async () => {
    const site = await createBookingSite(services, "Short Notice");
    const late = booked(await book(site, {}, tomorrowAt(8)));
    await remindBookingsDue(services.events, tomorrowAt(18));
    expect(await reminders(late.bookingId)).toBe(0);

    const early = booked(await book(site, { start: tomorrowAt(13) }));
    await remindBookingsDue(services.events, tomorrowAt(13) - DAY + 1);
    expect(await reminders(early.bookingId)).toBe(1);
    await cancelBookingAsGuest(services.events, early.token, tomorrowAt(13) - DAY + 2);
    const sender = createOrderMail({ db: services.db, mailer, publicUrl: "http://portal.test" });
    await sender.runOnce();
    await sender.close();
    const [reminder] = await services.db
      .select({ sentAt: orderMail.sentAt, lastError: orderMail.lastError })
      .from(orderMail)
      .where(and(eq(orderMail.bookingId, early.bookingId), eq(orderMail.kind, "booking-reminder")));
    expect(reminder?.lastError).toBe("The booking has moved on.");
  });
});

describe("guests' personal data", () => {
  it("is emptied ORDER_DATA_DAYS after the booking closed, or after its time", async () => {
    const site = await createBookingSite(services, "Forgetful");
    const kept = booked(await book(site, { start: tomorrowAt(18) }));
    const cancelled = booked(await book(site, { start: tomorrowAt(19) }));
    await cancelBookingAsGuest(services.events, cancelled.token, NOW);
    const never = booked(await book(site, { start: tomorrowAt(20) }));

    // 90 days after the cancel (noon today): the cancelled one only.
    await removeExpiredBookingData(services.db, new Date(NOW + 90 * DAY + 1000), 90);
    const rows = new Map((await bookingsOf(site)).map((row) => [row.id, row]));
    expect(rows.get(cancelled.bookingId)).toMatchObject({
      guestName: "",
      guestPhone: "",
      guestEmail: "",
      note: "",
    });
    expect(rows.get(cancelled.bookingId)!.personalDataRemovedAt).not.toBeNull();
    expect(rows.get(kept.bookingId)!.guestName).toBe("Grace Hopper");
    // Never closed: counted from its time, tomorrow.
    await removeExpiredBookingData(services.db, new Date(tomorrowAt(20) + 90 * DAY + 1000), 90);
    const [emptied] = await services.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, never.bookingId));
    expect(emptied!.guestEmail).toBe("");
    expect(rows.get(cancelled.bookingId)!.partySize).toBe(4);
  });
});
