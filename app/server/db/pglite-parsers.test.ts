import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPglite, type DatabaseHandle } from "./client.server";

/** The rows of a query run through drizzle on PGlite. */
type Rows = { rows: Array<Record<string, unknown>> };

describe("drizzle's queries on PGlite", () => {
  const sent = vi.spyOn(PGlite.prototype, "query");
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openPglite(new PGlite());
  }, 60_000);
  afterAll(async () => {
    await database.close();
    sent.mockRestore();
  });

  it("reach PGlite without parsers to merge, and read values as drizzle's parsers do", async () => {
    sent.mockClear();
    const { rows } = (await database.db.execute(
      sql`select '2026-01-02 03:04:05'::timestamp as at, '2026-01-02'::date as day,
        interval '1 day' as span, 12 as count`,
    )) as Rows;
    // drizzle keeps timestamps, dates and intervals as the database writes them.
    expect(rows).toEqual([
      { at: "2026-01-02 03:04:05", day: "2026-01-02", span: "1 day", count: 12 },
    ]);
    expect(sent).toHaveBeenCalledTimes(1);
    const options = sent.mock.calls[0]![2];
    expect(options).toMatchObject({ rowMode: "object" });
    expect(options).not.toHaveProperty("parsers");
  });

  it("read timestamps through the query builder as before", async () => {
    const { rows } = (await database.db.execute(sql`select now()::timestamptz as now`)) as Rows;
    expect(typeof rows[0]!.now).toBe("string");
  });
});
