/**
 * One factory for the database handle: embedded PGlite (the default, persisted
 * under DATA_DIR) or a PostgreSQL server through node-postgres. Everything
 * above this file sees the same Drizzle API and the same SQL dialect.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectPath } from "../paths.server";
import { schema, type Schema } from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = projectPath("drizzle");

// Any fixed number works; it only has to be the same in every process.
const MIGRATION_LOCK_KEY = 7_240_311;

export async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    // PGlite is single-process (the data-dir lock guarantees it), so no lock is needed.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => console.error("database pool error:", error.message));
  const db = drizzlePg(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: async () => {
      // Several servers may boot at once: one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Safe to call more than once, as PGlite's close is.
    close: () => (closing ??= pool.end()),
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite under `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, "db");
  mkdirSync(dir, { recursive: true });
  return openPglite(new PGlite(dir));
}
