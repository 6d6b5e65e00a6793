/**
 * Counting public page views through the real HTTP app, on PGlite and on PostgreSQL:
 * a thousand mixed requests (hits, misses, 304s, QR codes, referrers, phones, desktops,
 * bots, HEADs, redirects and not-found pages) counted exactly; every view written when the
 * services close; a deleted site's rows and pending counts gone without harm; and the
 * reports the owner's screens read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Pages render with React's production build, as in production (and quicker).
// (Runs before the imports below load React.)
const nodeEnvBefore = vi.hoisted(() => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  return before;
});
// A worker runs other files after this one (vitest.config.ts, isolate): they get their own.
afterAll(() => {
  if (nodeEnvBefore === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnvBefore;
});
import { eq, sql } from "drizzle-orm";
import { publicPath, slugify } from "../../app/lib/slug";
import {
  dailyViews,
  lastDays,
  viewsBySource,
  viewTotals,
} from "../../app/server/analytics/page-view-reports.server";
import { pageViewsDaily } from "../../app/server/db/schema";
import { addItem } from "../../app/server/repositories/items.server";
import { createProduct, deleteProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import type { ProductType } from "../../app/sites/product-types";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createSecondServices, createTestServices } from "../support/test-services";
import { logger } from "../../app/server/http/log.server";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

interface Site {
  id: string;
  ownerUid: string;
  type: ProductType;
  path: string;
}

async function createSite(on: RunningServices, type: ProductType, name: string): Promise<Site> {
  const { userId } = await registerOwner(on);
  const created = await createProduct(on.events, userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  return {
    id: created.productId,
    ownerUid: userId,
    type,
    path: publicPath(type, slugify(name), created.productId),
  };
}

type Totals = Awaited<ReturnType<typeof viewTotals>>;
const noViews = (): Totals => ({
  views: 0,
  qr: 0,
  social: 0,
  search: 0,
  direct: 0,
  phone: 0,
  desktop: 0,
});

/** The counters of the current UTC day and the one before (a run may straddle midnight). */
const storedTotals = (site: Site) => viewTotals(services.db, site.id, 2);

interface Visit {
  method: "GET" | "HEAD";
  path: string;
  headers: Record<string, string>;
  /** What the visit must add to its site's counters; null: nothing. */
  counts: Partial<Totals> | null;
}

describe("a thousand views through the HTTP app", () => {
  it("are counted exactly: by site, source and device; bots, HEADs, redirects and 404s not at all", async () => {
    const sites = [
      await createSite(services, "restaurant", "Counted Diner"),
      await createSite(services, "shoppy", "Counted Shop"),
      await createSite(services, "dealership", "Counted Cars"),
    ];
    const restaurant = sites[0]!;
    const etags = new Map<string, string>();

    /** The visit number `i` makes to `site`: a mix that repeats, with a few rarer kinds. */
    const visit = (i: number, site: Site): Visit => {
      const get = (
        headers: Record<string, string>,
        counts: Partial<Totals> | null,
        path = site.path,
      ): Visit => ({ method: "GET", path, headers, counts });
      switch (i % 13) {
        case 0:
          return get({ "user-agent": IPHONE }, { qr: 1, phone: 1 }, `${site.path}?src=qr`);
        case 1:
          return get(
            { "user-agent": WINDOWS, referer: "https://www.google.com/" },
            { search: 1, desktop: 1 },
          );
        case 2:
          return get(
            { "user-agent": ANDROID, referer: "https://l.facebook.com/l.php?u=x" },
            { social: 1, phone: 1 },
          );
        case 3:
          return get({ "user-agent": IPAD }, { direct: 1, phone: 1 });
        case 4:
          // Parameters the page does not read share its cache entry; still a direct view.
          return get(
            { "user-agent": WINDOWS },
            { direct: 1, desktop: 1 },
            `${site.path}?utm_source=newsletter&fbclid=abc`,
          );
        case 5:
          return get({ "user-agent": GOOGLEBOT, referer: "https://www.google.com/" }, null);
        case 6:
          // Node's fetch names itself "node": a bot like any script.
          return get({}, null);
        case 7: {
          // A revalidation: 304 once the page's tag is known, counted either way.
          const etag = etags.get(site.id);
          return get(
            { "user-agent": ANDROID, ...(etag ? { "if-none-match": etag } : {}) },
            { direct: 1, phone: 1 },
          );
        }
        case 8:
          return {
            method: "HEAD",
            path: site.path,
            headers: { "user-agent": IPHONE },
            counts: null,
          };
        case 9:
          // The same id under another slug: a redirect to the page, not the page.
          return get({ "user-agent": IPHONE }, null, site.path.replace(/\/[^/]*-/, "/old-name-"));
        case 10: {
          // The same id under another type's prefix: not found.
          const otherPrefix = site.type === "shoppy" ? "/r/" : "/s/";
          return get({ "user-agent": WINDOWS }, null, otherPrefix + site.path.slice(3));
        }
        case 11:
          // The QR code wins over the referrer (a scan opened inside Instagram's browser).
          return get(
            { "user-agent": IPHONE, referer: "https://www.instagram.com/" },
            { qr: 1, phone: 1 },
            `${site.path}?src=qr`,
          );
        default:
          return get(
            { "user-agent": WINDOWS, referer: "https://duckduckgo.com/" },
            { search: 1, desktop: 1 },
          );
      }
    };

    const expected = new Map(sites.map((site) => [site.id, noViews()]));
    const statuses = new Map<number, number>();
    const cacheOutcomes = new Map<string, number>();
    const send = async ({ method, path, headers, counts }: Visit, site: Site) => {
      const response = await fetch(app.url + path, { method, headers, redirect: "manual" });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const outcome = response.headers.get("x-page-cache");
      if (outcome) cacheOutcomes.set(outcome, (cacheOutcomes.get(outcome) ?? 0) + 1);
      const etag = response.headers.get("etag");
      if (etag && response.status === 200) etags.set(site.id, etag);
      if (!counts) return;
      expect([200, 304]).toContain(response.status);
      const totals = expected.get(site.id)!;
      totals.views += 1;
      for (const [counter, value] of Object.entries(counts)) {
        totals[counter as keyof Totals] += value;
      }
    };

    // 1,000 requests, 20 at a time: the first wave finds the cache cold (several renders of
    // each page at once), and a write halfway drops the restaurant's page.
    const TOTAL = 1000;
    const AT_ONCE = 20;
    for (let start = 0; start < TOTAL; start += AT_ONCE) {
      if (start === TOTAL / 2) {
        const added = await addItem(
          services.events,
          { id: restaurant.id, ownerUid: restaurant.ownerUid },
          { name: "Soup", priceCents: 500 },
        );
        expect(added.ok).toBe(true);
      }
      await Promise.all(
        Array.from({ length: AT_ONCE }, (_, offset) => {
          const i = start + offset;
          const site = sites[i % sites.length]!;
          return send(visit(Math.floor(i / sites.length), site), site);
        }),
      );
    }

    // Every kind of answer was exercised.
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(304)).toBeGreaterThan(0);
    expect(statuses.get(301)).toBeGreaterThan(0);
    expect(statuses.get(404)).toBeGreaterThan(0);
    expect(cacheOutcomes.get("hit")).toBeGreaterThan(0);
    const rendered = (cacheOutcomes.get("miss") ?? 0) + (cacheOutcomes.get("bypass") ?? 0);
    expect(rendered).toBeGreaterThan(sites.length);

    // Exactly what was sent, in one row per site and day.
    await services.pageViews.flush();
    let counted = 0;
    for (const site of sites) {
      const want = expected.get(site.id)!;
      counted += want.views;
      expect(want.views).toBeGreaterThan(0);
      expect(want.qr * want.social * want.search * want.direct).toBeGreaterThan(0);
      expect(want.phone * want.desktop).toBeGreaterThan(0);
      expect(await storedTotals(site)).toEqual(want);
      const rows = await services.db
        .select({ views: pageViewsDaily.views })
        .from(pageViewsDaily)
        .where(eq(pageViewsDaily.productId, site.id));
      expect(rows.length).toBeGreaterThanOrEqual(1);
      expect(rows.length).toBeLessThanOrEqual(2);
    }
    // 8 of the 13 kinds of visit count.
    expect(counted).toBeGreaterThan(500);
    expect(counted).toBeLessThan(TOTAL);
  });

  it("counts nothing with ANALYTICS=off", async () => {
    const off = await createSecondServices(services, { countPageViews: false });
    const offApp = await startHttpApp(off, { countRenders: false });
    try {
      const site = await createSite(services, "restaurant", "Uncounted Diner");
      for (let i = 0; i < 5; i++) {
        const response = await fetch(offApp.url + site.path, { headers: { "user-agent": IPHONE } });
        expect(response.status).toBe(200);
      }
      await off.pageViews.close();
      expect(await storedTotals(site)).toEqual(noViews());
    } finally {
      await offApp.close();
      await off.close();
    }
  });
});

describe("a graceful stop", () => {
  it("writes every view counted, before the database closes", async () => {
    // Another server's services on the same database, closed as a SIGTERM closes them.
    const other = await createSecondServices(services);
    const otherApp = await startHttpApp(other, { countRenders: false });
    const site = await createSite(services, "restaurant", "Closing Diner");
    let closed = false;
    try {
      for (let i = 0; i < 40; i++) {
        const response = await fetch(otherApp.url + site.path, {
          headers: { "user-agent": i % 2 ? IPHONE : WINDOWS },
        });
        expect(response.status).toBe(200);
      }
      await otherApp.close();
      await other.close();
      closed = true;
      expect(await storedTotals(site)).toEqual({
        ...noViews(),
        views: 40,
        direct: 40,
        phone: 20,
        desktop: 20,
      });
    } finally {
      if (!closed) {
        await otherApp.close();
        await other.close();
      }
    }
  });
});

describe("a deleted site", () => {
  it("loses its rows with it, and its counts still in memory do not hold up the others", async () => {
    const errors = vi.spyOn(logger, "error");
    const doomed = await createSite(services, "restaurant", "Doomed Diner");
    const survivor = await createSite(services, "restaurant", "Surviving Diner");
    services.pageViews.record(doomed.id, "qr", "phone");
    await services.pageViews.flush();
    expect((await storedTotals(doomed)).views).toBe(1);

    // Counted, then the site is deleted before the flush.
    services.pageViews.record(doomed.id, "direct", "desktop");
    services.pageViews.record(survivor.id, "search", "phone");
    await deleteProduct(services.events, doomed.ownerUid, doomed.id);
    const remaining = await services.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(pageViewsDaily)
      .where(eq(pageViewsDaily.productId, doomed.id));
    expect(remaining[0]!.count).toBe(0);

    await services.pageViews.flush();
    expect(await storedTotals(survivor)).toEqual({
      ...noViews(),
      views: 1,
      search: 1,
      phone: 1,
    });
    expect(await storedTotals(doomed)).toEqual(noViews());

    // Dropped, not kept for another try: the next flushes write the new views alone.
    services.pageViews.record(survivor.id, "search", "phone");
    await services.pageViews.flush();
    await services.pageViews.flush();
    expect((await storedTotals(survivor)).views).toBe(2);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe("reports", () => {
  const today = new Date("2026-03-10T15:30:00Z");

  it("give each day of the period, oldest first, zeros included", async () => {
    const a = await createSite(services, "restaurant", "Reported Diner");
    const b = await createSite(services, "shoppy", "Reported Shop");
    const row = (productId: string, day: string, counts: Partial<Totals>) => ({
      productId,
      day,
      ...noViews(),
      ...counts,
    });
    await services.db.insert(pageViewsDaily).values([
      row(a.id, "2026-03-10", { views: 5, qr: 3, direct: 2, phone: 4, desktop: 1 }),
      row(a.id, "2026-03-08", { views: 2, social: 1, search: 1, phone: 2 }),
      // Outside a 3-day period, inside a 7-day one.
      row(a.id, "2026-03-05", { views: 7, direct: 7, desktop: 7 }),
      // After "today": never part of the period.
      row(a.id, "2026-03-11", { views: 100, direct: 100, desktop: 100 }),
      row(b.id, "2026-03-09", { views: 1, search: 1, desktop: 1 }),
    ]);

    expect(lastDays(3, today)).toEqual(["2026-03-08", "2026-03-09", "2026-03-10"]);

    const daily = await dailyViews(services.db, [a.id, b.id, "nothing0000000000000"], 3, today);
    expect(daily).toEqual(
      new Map([
        [a.id, [2, 0, 5]],
        [b.id, [0, 1, 0]],
        ["nothing0000000000000", [0, 0, 0]],
      ]),
    );
    expect((await dailyViews(services.db, [a.id], 7, today)).get(a.id)).toEqual([
      0, 7, 0, 0, 2, 0, 5,
    ]);
    expect(await dailyViews(services.db, [], 7, today)).toEqual(new Map());

    expect(await viewsBySource(services.db, a.id, 3, today)).toEqual([
      { day: "2026-03-08", qr: 0, social: 1, search: 1, direct: 0 },
      { day: "2026-03-09", qr: 0, social: 0, search: 0, direct: 0 },
      { day: "2026-03-10", qr: 3, social: 0, search: 0, direct: 2 },
    ]);

    expect(await viewTotals(services.db, a.id, 3, today)).toEqual({
      views: 7,
      qr: 3,
      social: 1,
      search: 1,
      direct: 2,
      phone: 6,
      desktop: 1,
    });
    expect(await viewTotals(services.db, a.id, 7, today)).toMatchObject({ views: 14, direct: 9 });
    expect(await viewTotals(services.db, b.id, 1, today)).toEqual(noViews());

    // Today is the current UTC day unless given.
    expect((await dailyViews(services.db, [a.id], 1)).get(a.id)).toHaveLength(1);
    await expect(dailyViews(services.db, [a.id], 0)).rejects.toThrow(RangeError);
  });
});
