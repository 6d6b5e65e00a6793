/**
 * The counting and flushing of page views against a stand-in for the database that
 * records each upsert (the real statement runs in tests/integration/page-views.test.ts).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client.server";
import { createPageViews, PAGE_VIEWS_FLUSH_INTERVAL_MS } from "./page-views.server";
import { logger } from "../http/log.server";

type Row = Record<string, string | number>;

/** What the fake database does with the next statements: write, or fail with a code. */
function fakeDatabase() {
  const statements: Row[][] = [];
  const failures: Array<{ code: string; productId?: string }> = [];
  const db = {
    insert: () => ({
      values: (rows: Row[]) => ({
        onConflictDoUpdate: () => {
          const failure = failures[0];
          if (
            failure &&
            (!failure.productId || rows.some((r) => r.productId === failure.productId))
          ) {
            // A foreign key failure stays (the site is gone); others happen once.
            if (!failure.productId) failures.shift();
            const cause = Object.assign(new Error(`failed with ${failure.code}`), {
              code: failure.code,
            });
            return Promise.reject(new Error("Failed query: insert …", { cause }));
          }
          statements.push(rows.map((row) => ({ ...row })));
          return Promise.resolve();
        },
      }),
    }),
  };
  return { db: db as unknown as Database, statements, failures };
}

/** Sums of every counter written for a product. */
function written(statements: Row[][], productId: string): Row {
  const sums: Row = {};
  for (const row of statements.flat()) {
    if (row.productId !== productId) continue;
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === "number") sums[key] = ((sums[key] as number | undefined) ?? 0) + value;
    }
  }
  return sums;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("PageViews", () => {
  it("writes one row per site and day, whatever the number of views", async () => {
    const { db, statements } = fakeDatabase();
    const views = createPageViews(db, {
      enabled: true,
      now: () => Date.parse("2026-03-01T12:00:00Z"),
    });
    for (let i = 0; i < 250; i++) views.record("siteA", "qr", "phone");
    for (let i = 0; i < 3; i++) views.record("siteA", "search", "desktop");
    views.record("siteB", "social", "phone");
    await views.flush();

    expect(statements).toHaveLength(1);
    expect(statements[0]).toHaveLength(2);
    expect(statements[0]).toContainEqual({
      productId: "siteA",
      day: "2026-03-01",
      views: 253,
      qr: 250,
      social: 0,
      search: 3,
      direct: 0,
      phone: 250,
      desktop: 3,
    });
    expect(written(statements, "siteB")).toMatchObject({ views: 1, social: 1, phone: 1 });

    // Nothing new: nothing written.
    await views.flush();
    expect(statements).toHaveLength(1);
    await views.close();
  });

  it("counts each view on the UTC day it happened", async () => {
    const { db, statements } = fakeDatabase();
    let now = Date.parse("2026-03-01T23:59:59.900Z");
    const views = createPageViews(db, { enabled: true, now: () => now });
    views.record("site", "direct", "phone");
    now = Date.parse("2026-03-02T00:00:00.100Z");
    views.record("site", "direct", "desktop");
    await views.close();
    const rows = statements.flat().map(({ day, phone, desktop }) => ({ day, phone, desktop }));
    expect(rows).toEqual([
      { day: "2026-03-01", phone: 1, desktop: 0 },
      { day: "2026-03-02", phone: 0, desktop: 1 },
    ]);
  });

  it("flushes on its own every interval, on a timer that keeps no process alive", async () => {
    vi.useFakeTimers();
    const { db, statements } = fakeDatabase();
    const views = createPageViews(db, { enabled: true });
    views.record("site", "direct", "phone");
    await vi.advanceTimersByTimeAsync(PAGE_VIEWS_FLUSH_INTERVAL_MS - 1);
    expect(statements).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(written(statements, "site")).toMatchObject({ views: 1 });

    views.record("site", "direct", "phone");
    await vi.advanceTimersByTimeAsync(PAGE_VIEWS_FLUSH_INTERVAL_MS);
    expect(written(statements, "site")).toMatchObject({ views: 2 });
    await views.close();
    // Closed: the timer is gone.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the counts of a failed flush for the next one, with one line in the log", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const { db, statements, failures } = fakeDatabase();
    const views = createPageViews(db, { enabled: true });
    for (let i = 0; i < 5; i++) views.record("site", "qr", "phone");
    failures.push({ code: "57P01" });
    await views.flush();
    expect(statements).toHaveLength(0);
    expect(errors).toHaveBeenCalledTimes(1);
    const [fields, message] = errors.mock.calls[0] as unknown as [{ err: unknown }, string];
    expect(message).toMatch(/^Page views: could not save 1 site-day counts/);
    expect(fields.err).toMatchObject({ code: "57P01" });

    // Views counted meanwhile join the kept ones in one row.
    views.record("site", "social", "desktop");
    await views.flush();
    expect(statements).toHaveLength(1);
    expect(written(statements, "site")).toEqual({
      views: 6,
      qr: 5,
      social: 1,
      search: 0,
      direct: 0,
      phone: 5,
      desktop: 1,
    });
    await views.close();
  });

  it("drops the counts of a site deleted meanwhile and writes the others", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const { db, statements, failures } = fakeDatabase();
    const views = createPageViews(db, { enabled: true });
    views.record("deleted", "direct", "phone");
    views.record("kept", "direct", "phone");
    failures.push({ code: "23503", productId: "deleted" });
    await views.flush();
    expect(written(statements, "kept")).toMatchObject({ views: 1 });
    expect(written(statements, "deleted")).toEqual({});

    // Not retried: the next flush has nothing of it to write.
    const before = statements.length;
    await views.flush();
    expect(statements).toHaveLength(before);
    expect(errors).not.toHaveBeenCalled();
    await views.close();
  });

  it("writes what is left on close, and counts nothing after", async () => {
    const { db, statements } = fakeDatabase();
    const views = createPageViews(db, { enabled: true });
    views.record("site", "direct", "desktop");
    await views.close();
    expect(written(statements, "site")).toMatchObject({ views: 1 });
    views.record("site", "direct", "desktop");
    await views.flush();
    expect(written(statements, "site")).toMatchObject({ views: 1 });
  });

  it("counts nothing and runs no timer with ANALYTICS=off", async () => {
    vi.useFakeTimers();
    const { db, statements } = fakeDatabase();
    const views = createPageViews(db, { enabled: false });
    expect(views.enabled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    views.record("site", "qr", "phone");
    await views.close();
    expect(statements).toHaveLength(0);
  });
});
