/**
 * The db/ folder owns the database itself: its schema, the one handle (PGlite or
 * PostgreSQL, here), the lock on PGlite's data directory, ids, and what PostgreSQL's
 * errors mean.
 *
 * One factory for the database handle: embedded PGlite (the default, persisted
 * under DATA_DIR) or a PostgreSQL server through node-postgres. Everything
 * above this file sees the same Drizzle API and the same SQL dialect.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectPath } from "../runtime/paths.server";
import { schema, type Schema } from "./schema";
import { logger } from "../http/log.server";
import { embeddedDatabaseDir } from "../backup/data-dir-layout.server";

export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTENs on `channel`, calling `onNotify` with each payload,
   * `onDisconnect` when the listening connection is lost, and `onReconnect`
   * when it is back (notifications sent meanwhile are lost). Resolves to a
   * function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    connection?: ListenConnectionEvents,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * How the PostgreSQL connection pool is used right now, for the metrics. Absent on
   * PGlite, which is one in-process connection and no pool.
   */
  poolUse?(): PoolUse;
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all of them are busy. */
  waiting: number;
}

export interface ListenConnectionEvents {
  onDisconnect?: () => void;
  onReconnect?: () => void;
}

export const MIGRATIONS_DIR = projectPath("drizzle");

// Any fixed number works; it only has to be the same in every process.
const MIGRATION_LOCK_KEY = 7_240_311;

export async function openPglite(client: PGlite): Promise<DatabaseHandle> {
  await client.waitReady;
  takeQueryParsersOnce(client);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    // PGlite is single-process (the data-dir lock guarantees it), so no lock is needed.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query("select 1");
    },
    // PGlite delivers notifications from its own connection, in-process.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * drizzle sends its parsers (timestamps, dates and intervals kept as the database writes them)
 * with every query, and PGlite merges them into a copy of its own map, one parser per type,
 * on every query: about half a million instructions a query, more than the rows cost, and a
 * tenth of an uncached shop view (`npm run bench:compare-instructions`). The client takes the
 * parsers it is sent into its own map instead and runs the query without them, so each value
 * is parsed as the query asks, as before; the client's other queries (the public pages' site,
 * a ping) read no such values. Transactions keep PGlite's own path.
 *
 * drizzle makes a new parsers object for every query it runs, each with the same parsers for
 * the same types, so a type's parser is taken in at the first query that brings one.
 */
function takeQueryParsersOnce(client: PGlite): void {
  const query = client.query.bind(client);
  const takenTypes = new Set<string>();
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers) return query(text, params, options);
    const { parsers, ...rest } = options;
    for (const type in parsers) {
      if (takenTypes.has(type)) continue;
      client.parsers[Number(type)] = parsers[Number(type)]!;
      takenTypes.add(type);
    }
    return query(text, params, rest);
  }) as PGlite["query"];
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => logger.error({ err: error }, "database pool error"));
  const db = drizzlePg(pool, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
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
    listen: (channel, onNotify, connection) =>
      listenOnDedicatedConnection(connectionString, channel, onNotify, connection),
    // Safe to call more than once, as PGlite's close is.
    close: () => (closing ??= pool.end()),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN needs a connection of its own (a pooled one is handed to other
 * queries). It is opened only while someone listens, and reopened after a drop.
 */
async function listenOnDedicatedConnection(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  { onDisconnect, onReconnect }: ListenConnectionEvents = {},
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      const wasListening = current === client;
      current = null;
      if (wasListening) onDisconnect?.();
      retryTimer = setTimeout(() => {
        connect().then(onReconnect, () => {});
      }, RECONNECT_DELAY_MS);
    };
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    client.on("error", onLost);
    client.on("end", onLost);
    try {
      await client.connect();
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onLost();
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
  };

  try {
    await connect();
  } catch (error) {
    // The first connection failing is the caller's error, not a drop to retry.
    stopped = true;
    clearTimeout(retryTimer);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await current?.end().catch(() => {});
    current = null;
  };
}

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory. PostgreSQL's default,
 * 128 MB, is all resident once the server has read that much; the pages of a portal's
 * busiest sites fit in far less, and the rest is read through the operating system's
 * file cache, which the kernel gives back when memory is short.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** A PGlite on `dir`, with the settings above. */
export function createPglite(dir: string): PGlite {
  return new PGlite(dir, {
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite under `dataDir/db`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = embeddedDatabaseDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  if (!embeddedDatabaseExists(options.dataDir)) await createPgliteDatabase(dir);
  return openPglite(createPglite(dir));
}

/** Whether PGlite's database files under `dataDir` have been created. */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(embeddedDatabaseDir(dataDir), "PG_VERSION"));
}

/**
 * Creates PGlite's database files (initdb) in a short-lived process of their own. Creating
 * them grows PGlite's WebAssembly memory to some 600 MB, which never shrinks: done in this
 * process, the server would keep that much for as long as it runs.
 */
async function createPgliteDatabase(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const script = `
    const { PGlite } = await import(${JSON.stringify(pglite.href)});
    const db = new PGlite(process.argv[1]);
    await db.waitReady;
    await db.close();`;
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
      child.on("error", reject);
      child.on("exit", (exitCode) => resolve({ code: exitCode, stderr }));
    },
  );
  if (code !== 0) throw new Error(`Could not create the database in ${dir}:\n${stderr}`);
}
