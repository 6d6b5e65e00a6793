/**
 * What a server process that stops takes with it of its page view counts: killed outright
 * (SIGKILL), at most the views of its last flush interval; stopped gracefully (SIGTERM),
 * none. The server runs in a child process (tests/support/portal-child.ts) on PGlite in a
 * data directory, or on PostgreSQL in the PostgreSQL project; the counts are read back by
 * reopening the database afterwards, as the next start would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPath, slugify } from "../../app/lib/slug";
import { viewTotals } from "../../app/server/analytics/page-view-reports.server";
import { PAGE_VIEWS_FLUSH_INTERVAL_MS } from "../../app/server/analytics/page-views.server";
import { createProduct } from "../../app/server/repositories/products.server";
import { registerOwner } from "../support/auth-helpers";
import {
  createChildPortalDatabase,
  startChildPortal,
  type ChildPortalDatabase,
} from "../support/child-portal";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let database: ChildPortalDatabase;
let sitePath: string;
let siteId: string;

async function storedViews(): Promise<number> {
  const services = await database.open();
  try {
    return (await viewTotals(services.db, siteId, 2)).views;
  } finally {
    await services.close();
  }
}

beforeAll(async () => {
  database = await createChildPortalDatabase("portal-page-views-", "the page views process test");
  const services = await database.open();
  try {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Crash Diner",
    });
    if (!created.ok) throw new Error(created.reason);
    siteId = created.productId;
    sitePath = publicPath("restaurant", slugify("Crash Diner"), siteId);
  } finally {
    await services.close();
  }
}, 120_000);

afterAll(async () => {
  await database?.remove();
});

/** `count` views of the site from visitors' browsers, one after the other; all must be 200. */
async function sendViews(url: string, count: number) {
  for (let i = 0; i < count; i++) {
    const query = i % 3 === 0 ? "?src=qr" : "";
    const response = await fetch(url + sitePath + query, {
      headers: { "user-agent": i % 2 ? IPHONE : WINDOWS },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a server process that stops", () => {
  it("killed outright, loses at most the views of its last flush interval", async () => {
    const before = await storedViews();
    const portal = await startChildPortal({ ...database.env, ANALYTICS: "on" });
    try {
      await sendViews(portal.url, 30);
      // One whole interval and a margin: the timer has written those 30 by now.
      await pause(PAGE_VIEWS_FLUSH_INTERVAL_MS + 2000);
      await sendViews(portal.url, 20);
    } finally {
      portal.signal("SIGKILL");
    }
    expect(await portal.exited).toBe("SIGKILL");

    // The killed process's data-dir lock is taken over: it is gone.
    const stored = (await storedViews()) - before;
    expect(stored).toBeGreaterThanOrEqual(30);
    expect(stored).toBeLessThanOrEqual(50);
  }, 180_000);

  it("stopped with SIGTERM, writes every view before it exits", async () => {
    const before = await storedViews();
    const portal = await startChildPortal({ ...database.env, ANALYTICS: "on" });
    try {
      await sendViews(portal.url, 25);
    } finally {
      portal.signal("SIGTERM");
    }
    expect(await portal.exited).toBe(0);
    expect((await storedViews()) - before).toBe(25);
  }, 180_000);
});
