/**
 * An update of however many rows, in batches of `BATCH`: short row locks, so a large backlog
 * (customers' data on a year of orders, the first time retention runs) never holds a table.
 */
import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "./client.server";

const BATCH = 1000;

/**
 * Sets `set` on every row of `table` that `matches`, a batch at a time; `matches` is checked
 * again on each row as it is updated, so a process running the same update at once changes
 * nothing twice. Resolves to how many rows were updated.
 */
export async function updateInBatches<Table extends PgTable>(
  db: Database,
  table: Table,
  id: PgColumn,
  matches: SQL | undefined,
  set: PgUpdateSetSource<Table>,
): Promise<number> {
  let updated = 0;
  for (;;) {
    // Read from the plain table type: drizzle cannot tell a generic one is not a subquery.
    const from: PgTable = table;
    const batch = db.select({ id }).from(from).where(matches).limit(BATCH);
    const rows = await db
      .update(table)
      .set(set)
      .where(and(sql`${id} in (${batch})`, matches))
      .returning({ id });
    updated += rows.length;
    if (rows.length < BATCH) return updated;
  }
}
