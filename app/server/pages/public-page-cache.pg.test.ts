/** PostgreSQL only: the page cache's listening connection is a real one that can drop. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices } from "../../../tests/support/test-services";
import { PRODUCT_EVENTS_CHANNEL } from "../events/events.server";
import { createPublicPageCache } from "./public-page-cache.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

async function listenerBackends(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and query ilike $1",
      [`listen "${PRODUCT_EVENTS_CHANNEL}"%`],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

describe("page cache on PostgreSQL", () => {
  it("listens on one connection from start to close", async () => {
    const url = services.env.databaseUrl!;
    const cache = createPublicPageCache(services.database, services.events, 1024 * 1024);
    expect(cache.stats().available).toBe(false);
    await cache.start();
    expect(cache.stats().available).toBe(true);
    expect(await listenerBackends(url)).toHaveLength(1);
    await cache.close();
    expect(cache.stats().available).toBe(false);
    await expect.poll(() => listenerBackends(url)).toHaveLength(0);
  });

  it("empties and stops storing while the connection is down, and resumes after it is back", async () => {
    const url = services.env.databaseUrl!;
    const cache = createPublicPageCache(services.database, services.events, 1024 * 1024);
    await cache.start();
    const html = [["content-type", "text/html"]] as const;
    cache.pages.store(cache.pages.begin("/r/a-A", "A"), Buffer.from("<p>a</p>"), html);
    const inFlight = cache.pages.begin("/r/b-B", "B");
    expect(cache.stats().entries).toBe(1);

    const [backend] = await listenerBackends(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [backend]);
    await admin.end();

    // Writes made meanwhile would not be heard: nothing is served or kept.
    await expect.poll(() => cache.stats().available).toBe(false);
    expect(cache.stats().entries).toBe(0);
    expect(cache.pages.store(inFlight, Buffer.from("<p>b</p>"), html)).toBeNull();

    await expect.poll(() => cache.stats().available).toBe(true);
    expect(cache.stats().entries).toBe(0);
    cache.pages.store(cache.pages.begin("/r/a-A", "A"), Buffer.from("<p>a</p>"), html);
    expect(cache.pages.get("/r/a-A")).toBeDefined();
    await cache.close();
  });
});
