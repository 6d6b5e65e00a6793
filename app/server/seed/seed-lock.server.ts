import { sql } from "drizzle-orm";
import type { AppServices } from "../runtime/services.server";

// Any fixed number, the same in every process and unlike the migration lock's (client.server.ts).
const SEED_LOCK_KEY = 7_240_312;

/**
 * Servers sharing one PostgreSQL database may start together (or beside
 * `npm run seed`): each would find no demo owner (or example sites) and create
 * them, and all but the first would fail on the unique email. A transaction-scoped
 * advisory lock makes them take turns, so the later ones find the seed in place; it is
 * released at commit, or by PostgreSQL when the connection drops. The seeding itself
 * runs on other pooled connections (better-auth does not join a transaction),
 * which is why the transaction holds nothing but the lock. PGlite serves one
 * process over a single connection, which that transaction would block.
 */
export async function oneSeedAtATime<T>(services: AppServices, task: () => Promise<T>): Promise<T> {
  if (services.database.kind !== "postgres") return task();
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return task();
  });
}
