/**
 * The guest's side of table bookings on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), through the routes' loaders and actions: the booking form shows
 * a day's free times and books with a 303 to the booking's page; a bot's honeypot, a form
 * with a wrong field and a refused time are answered with the form again, the guest's values
 * kept, and nothing written; the booking's page, its cancel before and after the cutoff, and
 * its calendar file.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { bookings, orderMail } from "~/server/db/schema";
import { pathKind } from "~/server/http/security-headers.server";
import type { RunningServices } from "~/server/runtime/services.server";
import {
  BOOKING_CLOCK,
  createBookingSite,
  tomorrowAt,
  type BookingSite,
} from "../../../tests/support/booking-site";
import { callRoute, ownerFor, type RouteOutcome } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import { publicRestaurantLoader } from "~/sites/restaurant/public-loader.server";
import { bookPageAction, bookPageLoader, type BookFormState } from "./book-page.server";
import { bookingIcsLoader, guestBookingAction, guestBookingLoader } from "./guest-bookings.server";

const { words } = pageLanguage("en");
const HOUR = 60 * 60_000;

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices({ publicPagesClock: new Date(BOOKING_CLOCK) });
});
afterAll(async () => {
  await services?.close();
});

/** Nobody is signed in on the public pages; the route helper wants someone in the context. */
const guest = ownerFor("guest-nobody");

const slugIdOf = (site: BookingSite) => site.pagePath.split("/")[2]!;

function loadForm(site: BookingSite, query = "") {
  return callRoute(bookPageLoader, {
    services,
    owner: guest,
    params: { slugId: slugIdOf(site) },
    url: `http://localhost${site.pagePath}/book${query}`,
  });
}

let keyCounter = 0;
function bookingForm(overrides: Record<string, string> = {}): Record<string, string> {
  keyCounter += 1;
  return {
    placeKey: `form${String(keyCounter).padStart(6, "0")}${"z".repeat(12)}`,
    party: "4",
    date: "2026-12-03",
    time: String(tomorrowAt(19)),
    name: "Grace Hopper",
    phone: "+1 555 0199",
    email: "grace@example.com",
    note: "A high chair, please",
    website: "",
    ...overrides,
  };
}

function postForm(site: BookingSite, form: Record<string, string>, address = "203.0.113.7") {
  return callRoute(bookPageAction, {
    services,
    owner: guest,
    params: { slugId: slugIdOf(site) },
    url: `http://localhost${site.pagePath}/book`,
    form,
    headers: { "x-portal-client-address": address },
  });
}

const formOf = (outcome: RouteOutcome) => outcome.body as BookFormState;

async function bookingsOf(site: BookingSite) {
  return services.db.select().from(bookings).where(eq(bookings.productId, site.productId));
}

/** Books through the form and returns the booking's token, from the redirect. */
async function bookThroughForm(site: BookingSite, overrides: Record<string, string> = {}) {
  const answer = await postForm(site, bookingForm(overrides));
  if (answer.kind !== "response" || answer.status !== 303) {
    throw new Error(`Not booked: ${JSON.stringify(answer.body)}`);
  }
  return answer.location!.slice("/b/".length);
}

function bookingPage(token: string, form?: Record<string, string>) {
  return callRoute(form ? guestBookingAction : guestBookingLoader, {
    services,
    owner: guest,
    params: { token },
    url: `http://localhost/b/${token}`,
    form,
  });
}

/** Runs `body` with the public pages' clock at `at`. */
async function atClock<T>(at: number, body: () => Promise<T>): Promise<T> {
  const before = services.env.publicPagesClock;
  (services.env as { publicPagesClock: Date | null }).publicPagesClock = new Date(at);
  try {
    return await body();
  } finally {
    (services.env as { publicPagesClock: Date | null }).publicPagesClock = before;
  }
}

describe("the booking form", () => {
  it("shows the free times of the party's day, from the address's query", async () => {
    const site = await createBookingSite(services, "Form Room");
    const loaded = await loadForm(site, "?party=4&date=2026-12-03");
    expect(loaded.status).toBe(200);
    const body = loaded.body as {
      form: BookFormState;
      parties: number[];
      firstDate: string;
      lastDate: string;
    };
    expect(body.parties).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body).toMatchObject({ firstDate: "2026-12-02", lastDate: "2027-01-01" });
    expect(body.form).toMatchObject({ party: 4, date: "2026-12-03", dateLabel: "Thu, Dec 3" });
    // 9 AM opening to the 8 PM last seating, every 30 minutes.
    expect(body.form.times[0]).toEqual({ start: tomorrowAt(9), time: "9:00 AM" });
    expect(body.form.times.at(-1)).toEqual({ start: tomorrowAt(20), time: "8:00 PM" });
    expect(body.form.times).toHaveLength(23);
    expect(body.form.placeKey).toMatch(/^[A-Za-z0-9]{24}$/);

    // A party over the maximum and a day past the horizon are brought within the form's choices.
    const far = (await loadForm(site, "?party=40&date=2027-06-01")).body as { form: BookFormState };
    expect(far.form).toMatchObject({ party: 8, date: "2027-01-01" });
    // Without a query: today, a party of 2, and only the times after the 2 hours' notice.
    const today = (await loadForm(site)).body as { form: BookFormState };
    expect(today.form).toMatchObject({ party: 2, date: "2026-12-02" });
    expect(today.form.times[0]!.start).toBe(BOOKING_CLOCK + 2 * HOUR);
  });

  it("books, queues the guest's mail and answers 303 to the booking's page", async () => {
    const site = await createBookingSite(services, "Book Here");
    const token = await bookThroughForm(site);
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
    const [row] = await bookingsOf(site);
    expect(row).toMatchObject({
      token,
      state: "confirmed",
      partySize: 4,
      guestName: "Grace Hopper",
      guestEmail: "grace@example.com",
      note: "A high chair, please",
      language: "en",
    });
    expect(row!.startsAt.getTime()).toBe(tomorrowAt(19));
    const mail = await services.db
      .select({ kind: orderMail.kind })
      .from(orderMail)
      .where(eq(orderMail.bookingId, row!.id));
    expect(mail).toEqual([{ kind: "booking-confirmed" }]);
  });

  it("refuses a filled honeypot as an expired form, and writes nothing", async () => {
    const site = await createBookingSite(services, "Bot Trap");
    const answer = await postForm(site, bookingForm({ website: "http://spam.example" }));
    expect(answer.status).toBe(400);
    expect(formOf(answer).formError).toBe(words.bookingFormExpired);
    expect(await bookingsOf(site)).toHaveLength(0);
  });

  it("answers a wrong field with 400, the guest's values kept, and writes nothing", async () => {
    const site = await createBookingSite(services, "Careful Room");
    const sent = bookingForm({ email: "", phone: "no" });
    const answer = await postForm(site, sent);
    expect(answer.status).toBe(400);
    const form = formOf(answer);
    expect(form.fieldErrors).toEqual({ email: words.emailRequired, phone: words.phoneInvalid });
    expect(form.values).toMatchObject({ name: "Grace Hopper", note: "A high chair, please" });
    expect(form).toMatchObject({ party: 4, date: "2026-12-03", placeKey: sent.placeKey });
    expect(await bookingsOf(site)).toHaveLength(0);
  });

  it("answers a time just taken with 409 and the times left, the values kept, nothing written", async () => {
    const site = await createBookingSite(services, "Small Room", { capacity: 6 });
    await bookThroughForm(site, { party: "6" });
    const answer = await postForm(site, bookingForm({ party: "2", name: "Ada Lovelace" }));
    expect(answer.status).toBe(409);
    const form = formOf(answer);
    expect(form.fieldErrors).toEqual({ time: words.bookingRefusedFull });
    expect(form.values).toMatchObject({ name: "Ada Lovelace", email: "grace@example.com" });
    // The refused time is no longer chosen, nor offered.
    expect(form.values.time).toBeUndefined();
    expect(form.times.map((time) => time.start)).not.toContain(tomorrowAt(19));
    expect(await bookingsOf(site)).toHaveLength(1);
  });

  it("answers 429 past the guest's address's limit", async () => {
    const limited = await createTestServices({
      publicPagesClock: new Date(BOOKING_CLOCK),
      orderLimits: { perClient: 1, perSite: 100 },
    });
    try {
      const site = await createBookingSite(limited, "Busy Room");
      const send = () =>
        callRoute(bookPageAction, {
          services: limited,
          owner: guest,
          params: { slugId: slugIdOf(site) },
          url: `http://localhost${site.pagePath}/book`,
          form: bookingForm(),
          headers: { "x-portal-client-address": "198.51.100.9" },
        });
      expect((await send()).status).toBe(303);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(formOf(refused).formError).toMatch(/^Too many bookings just now/);
    } finally {
      await limited.close();
    }
  });

  it("is not found, in the site's language, while the restaurant takes no bookings", async () => {
    const site = await createBookingSite(services, "No Tables", { enabled: false });
    const loaded = await loadForm(site);
    expect(loaded).toMatchObject({ kind: "response", status: 404 });
    expect(loaded.body).toMatchObject({ message: words.noBookingsOnline, lang: "en" });
    const posted = await postForm(site, bookingForm());
    expect(posted.status).toBe(404);
    expect(await bookingsOf(site)).toHaveLength(0);
  });

  it("keeps the form, the booking's page and its calendar file private", () => {
    for (const path of [
      "/r/diner-abc/book",
      "/r/diner-abc/es/book",
      "/b/abc",
      "/b/abc/calendar.ics",
    ]) {
      expect(pathKind(path), path).toBe("customer");
    }
  });
});

describe("the booking's page", () => {
  it("is not found for a token that names no booking", async () => {
    for (const token of ["x".repeat(32), "short", "../etc"]) {
      const answer = await bookingPage(token);
      expect(answer).toMatchObject({ kind: "response", status: 404 });
      expect(answer.body).toMatchObject({ message: words.bookingNotFound });
    }
  });

  it("shows the booking: its state, time where the restaurant is, party and the cancel cutoff", async () => {
    const site = await createBookingSite(services, "Page Room");
    const token = await bookThroughForm(site);
    const answer = await bookingPage(token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      language: "en",
      confirming: false,
      booking: {
        state: "confirmed",
        heading: words.bookingStateConfirmed,
        when: "Thu, Dec 3, 7:00 PM",
        party: "4 guests",
        // The default cutoff: two hours before.
        cancel: { open: true, text: "You can cancel until Thu, Dec 3, 5:00 PM." },
      },
      site: { name: "Page Room", bookPath: `${site.pagePath}/book` },
    });
  });

  it("cancels in two steps before the cutoff, and says so", async () => {
    const site = await createBookingSite(services, "Cancel Room");
    const token = await bookThroughForm(site);
    const asked = await bookingPage(token, { intent: "cancel" });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ confirming: true });
    expect((await bookingsOf(site))[0]!.state).toBe("confirmed");

    const cancelled = await bookingPage(token, { intent: "cancel-confirmed" });
    expect(cancelled).toMatchObject({ kind: "response", status: 303, location: `/b/${token}` });
    expect((await bookingsOf(site))[0]!.state).toBe("cancelled");
    const after = await bookingPage(token);
    expect(after.body).toMatchObject({
      booking: { state: "cancelled", heading: words.bookingStateCancelled, cancel: null },
    });
    // Once cancelled, it cannot be cancelled again.
    const again = await bookingPage(token, { intent: "cancel-confirmed" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: words.bookingMovedOn });
  });

  it("sends the guest to the phone after the cutoff", async () => {
    const site = await createBookingSite(services, "Late Room");
    const token = await bookThroughForm(site);
    // 6 PM the day of a 7 PM booking: past the two hours' cutoff.
    await atClock(tomorrowAt(18), async () => {
      const page = await bookingPage(token);
      expect(page.body).toMatchObject({
        booking: {
          cancel: { open: false, text: "It is too late to cancel online: please call Late Room." },
        },
      });
      const refused = await bookingPage(token, { intent: "cancel-confirmed" });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: "It is too late to cancel online: please call Late Room.",
      });
    });
    expect((await bookingsOf(site))[0]!.state).toBe("confirmed");
  });

  it("gives the booking as a calendar file", async () => {
    const site = await createBookingSite(services, "Tom's Table, Grill");
    const token = await bookThroughForm(site);
    const context = { get: () => services };
    const response = await bookingIcsLoader({
      params: { token },
      context,
      request: new Request(`http://localhost/b/${token}/calendar.ics`),
    } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const lines = text.replace(/\r\n /g, "").split("\r\n");
    const [row] = await bookingsOf(site);
    expect(lines).toContain(`UID:booking-${row!.id}@localhost`);
    // 7 PM in New York is midnight in UTC; the table is held 90 minutes.
    expect(lines).toContain("DTSTART:20261204T000000Z");
    expect(lines).toContain("DTEND:20261204T013000Z");
    expect(lines).toContain("SUMMARY:Table at Tom's Table\\, Grill");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines).toContain(`URL:http://localhost:3999/b/${token}`);
    expect(text).not.toContain(`UID:${token}`);

    const missing = await bookingIcsLoader({
      params: { token: "y".repeat(32) },
      context,
      request: new Request("http://localhost/b/x/calendar.ics"),
    } as never);
    expect(missing.status).toBe(404);
  });
});

describe("the restaurant's public page", () => {
  async function menuPage(site: BookingSite) {
    const loaded = await callRoute(publicRestaurantLoader(), {
      services,
      owner: guest,
      params: { slugId: slugIdOf(site) },
      url: `http://localhost${site.pagePath}`,
    });
    return loaded.body as {
      site: { booking: { href: string } | null };
      jsonLd: Record<string, unknown>;
    };
  }

  it("links to the booking form and offers search engines a ReserveAction while bookings are on", async () => {
    const on = await createBookingSite(services, "Open Book");
    const page = await menuPage(on);
    expect(page.site.booking).toEqual({ href: `${on.pagePath}/book` });
    expect(page.jsonLd).toMatchObject({
      acceptsReservations: true,
      potentialAction: {
        "@type": "ReserveAction",
        target: { "@type": "EntryPoint", urlTemplate: `http://localhost:3999${on.pagePath}/book` },
      },
    });

    const off = await createBookingSite(services, "Shut Book", { enabled: false });
    const offPage = await menuPage(off);
    expect(offPage.site.booking).toBeNull();
    expect(offPage.jsonLd).not.toHaveProperty("acceptsReservations");
    expect(offPage.jsonLd).not.toHaveProperty("potentialAction");
  });
});
