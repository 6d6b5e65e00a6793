/**
 * Time zone, special days and "Open now" through the real HTTP app, on PGlite and on
 * PostgreSQL: the owner saves them on Info, the public page shows them at the public
 * pages' clock, the page cache keeps a page only until its status changes, and nobody
 * but the owner can change them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPECIAL_HOURS_MESSAGES } from "../../app/lib/special-hours";
import { publicPath, slugify } from "../../app/lib/slug";
import { productInfo } from "../../app/server/db/schema";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  // Wednesday 25 November 2026, 3:00 PM in New York.
  services = await createTestServices({ publicPagesClock: new Date("2026-11-25T20:00:00Z") });
  app = await startHttpApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** Moves the public pages' clock (the env is read on every view). */
function setClock(iso: string) {
  services.env.publicPagesClock = new Date(iso);
}

async function restaurant(name: string) {
  const owner = await registerOwner(services);
  const created = await createProduct(services.events, owner.userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  return {
    id: created.productId,
    cookie: owner.cookie,
    path: publicPath("restaurant", slugify(name), created.productId),
  };
}

/** The Info form as the editor posts it: every day 11 AM – 10 PM unless `days` says otherwise. */
function infoForm(name: string, fields: Record<string, string> = {}) {
  const form: Record<string, string> = { intent: "save-info", name };
  for (let day = 0; day < 7; day++) {
    form[`hours[${day}].open`] = "11:00 AM";
    form[`hours[${day}].close`] = "10:00 PM";
  }
  return { ...form, ...fields };
}

async function postInfo(productId: string, cookie: string | null, form: Record<string, string>) {
  const response = await fetch(`${app.url}/user/restaurant/setup/${productId}`, {
    method: "POST",
    headers: {
      ...(cookie ? { cookie } : {}),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

async function view(path: string) {
  const response = await fetch(`${app.url}${path}`);
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    cacheControl: response.headers.get("cache-control"),
    body: await response.text(),
  };
}

const stored = (productId: string) =>
  services.db.query.productInfo.findFirst({ where: eq(productInfo.productId, productId) });

/** The page's schema.org description. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe("saving the time zone and special days", () => {
  it("stores them, drops days already over, and the public page shows them", async () => {
    const site = await restaurant("Harbor Noodles");
    const saved = await postInfo(
      site.id,
      site.cookie,
      infoForm("Harbor Noodles", {
        timeZone: "America/New_York",
        "specialHours[0].from": "2026-12-24",
        "specialHours[0].open": "11:00 AM",
        "specialHours[0].close": "3:00 PM",
        "specialHours[1].from": "2026-11-26",
        "specialHours[1].to": "2026-11-27",
        "specialHours[1].open": "Closed",
        "specialHours[1].close": "Closed",
        "specialHours[1].note": "Thanksgiving",
        // Over before today in New York: not kept.
        "specialHours[2].from": "2026-11-01",
        "specialHours[2].open": "Closed",
        "specialHours[2].close": "Closed",
        // The form's spare row.
        "specialHours[3].from": "",
      }),
    );
    expect(saved.status).toBe(200);
    expect(await stored(site.id)).toMatchObject({
      timeZone: "America/New_York",
      specialHours: [
        {
          from: "2026-11-26",
          to: "2026-11-27",
          open: "Closed",
          close: "Closed",
          note: "Thanksgiving",
        },
        { from: "2026-12-24", to: "2026-12-24", open: "11:00 AM", close: "3:00 PM", note: "" },
      ],
    });

    const page = await view(site.path);
    expect(page.body).toContain("Open now · until 10:00 PM");
    // Thanksgiving is within two weeks; Christmas Eve is not yet.
    expect(page.body).toContain("Thu, Nov 26 \u2013 Fri, Nov 27");
    expect(page.body).toContain("Thanksgiving");
    expect(page.body).not.toContain("Thu, Dec 24");
    expect(page.body).toMatch(/<tr class="is-today"><th scope="row">Wednesday/);
    expect(jsonLdOf(page.body)["specialOpeningHoursSpecification"]).toHaveLength(2);
  });

  it("refuses a special day that ends before it starts, naming the row, and saves nothing", async () => {
    const site = await restaurant("Careful Cafe");
    const before = await stored(site.id);
    const refused = await postInfo(
      site.id,
      site.cookie,
      infoForm("Careful Cafe Renamed", {
        timeZone: "Europe/Rome",
        "specialHours[0].from": "2026-12-24",
        "specialHours[0].to": "2026-12-20",
        "specialHours[0].open": "Closed",
        "specialHours[0].close": "Closed",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(SPECIAL_HOURS_MESSAGES.endBeforeStart);
    expect(refused.body).toContain("specialHours[0].to");
    expect(await stored(site.id)).toEqual(before);
  });

  it("refuses a time zone that is not one", async () => {
    const site = await restaurant("Zoneless Diner");
    const refused = await postInfo(
      site.id,
      site.cookie,
      infoForm("Zoneless Diner", { timeZone: "Mars/Olympus_Mons" }),
    );
    expect(refused.status).toBe(400);
    expect((await stored(site.id))?.timeZone).toBe("");
  });

  it("refuses another owner and an anonymous visitor, and changes nothing", async () => {
    const site = await restaurant("Guarded Grill");
    const stranger = await registerOwner(services);
    const before = await stored(site.id);
    const form = infoForm("Hijacked", {
      timeZone: "Asia/Tokyo",
      "specialHours[0].from": "2026-12-24",
      "specialHours[0].open": "Closed",
      "specialHours[0].close": "Closed",
    });
    expect((await postInfo(site.id, stranger.cookie, form)).status).toBe(404);
    const anonymous = await postInfo(site.id, null, form);
    expect(anonymous.status).toBe(401);
    expect(await stored(site.id)).toEqual(before);
  });
});

describe("the public page's status", () => {
  it("shows no hours at all for a site that keeps none", async () => {
    const site = await restaurant("No Hours Bakery");
    const page = await view(site.path);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Opening hours");
    expect(page.body).not.toContain("open-status");
    expect(page.body).not.toContain(">Closed<");
  });

  it("shows no status until a time zone is chosen, and the week still", async () => {
    const site = await restaurant("Unzoned Bistro");
    await postInfo(site.id, site.cookie, infoForm("Unzoned Bistro", { timeZone: "" }));
    const page = await view(site.path);
    expect(page.body).toContain("Opening hours");
    expect(page.body).not.toContain("open-status");
  });

  it("is served from the cache until it changes, then rendered again", async () => {
    const site = await restaurant("Late Kitchen");
    await postInfo(
      site.id,
      site.cookie,
      infoForm("Late Kitchen", { timeZone: "America/New_York" }),
    );

    setClock("2026-11-26T02:30:00Z"); // 9:30 PM
    const first = await view(site.path);
    expect(first.body).toContain("Closing soon · until 10:00 PM");
    // 30 minutes from the next change: a CDN may keep it its usual 60 s.
    expect(first.cacheControl).toContain("s-maxage=60");
    expect((await view(site.path)).cache).toBe("hit");

    setClock("2026-11-26T02:59:30Z"); // 9:59:30 PM: still right, a CDN may keep it 30 s
    const lastMinute = await view(site.path);
    expect(lastMinute.cache).toBe("hit");
    expect(lastMinute.cacheControl).toContain("s-maxage=30");

    setClock("2026-11-26T03:00:00Z"); // 10:00 PM: closed
    const closed = await view(site.path);
    expect(closed.cache).toBe("miss");
    expect(closed.body).toContain("Closed · opens tomorrow at 11:00 AM");
    expect(closed.body).not.toContain("Closing soon");

    setClock("2026-11-26T05:00:00Z"); // midnight: Thursday now
    const thursday = await view(site.path);
    expect(thursday.cache).toBe("miss");
    expect(thursday.body).toContain("Closed · opens today at 11:00 AM");
    expect(thursday.body).toMatch(/<tr class="is-today"><th scope="row">Thursday/);
  });
});
