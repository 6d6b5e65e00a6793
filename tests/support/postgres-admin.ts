import { randomInt } from "node:crypto";
import pg from "pg";

/**
 * Every database a test run creates is named `portal_run_<run>_…`, `<run>` a number of its
 * own. Several runs may share one PostgreSQL server (engineers on one machine, parallel CI
 * jobs), so a run only ever drops its own databases, and those of runs that have ended
 * without cleaning up: a run holds an advisory lock keyed by its number for as long as it
 * lasts, and a lock that can be taken belongs to a run that is gone.
 */
export const TEST_DATABASE_PREFIX = "portal_run_";

/** The advisory locks' first key, which keeps them apart from any other use of advisory locks. */
const RUN_LOCK_CLASS = 0x706f7274; // "port"

const TEMPLATE_SUFFIX = "tpl";

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function runPrefix(run: number): string {
  return `${TEST_DATABASE_PREFIX}${run}_`;
}

/** The run number in a database name made by this module, or null for any other name. */
function runOf(datname: string): number | null {
  const match = new RegExp(`^${TEST_DATABASE_PREFIX}(\\d+)_`).exec(datname);
  return match ? Number(match[1]) : null;
}

async function dropDatabases(admin: pg.Client, names: string[]): Promise<void> {
  for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`);
}

async function databasesOf(admin: pg.Client, run: number): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1)",
    [runPrefix(run)],
  );
  return rows.map((row) => row.datname);
}

/** Drops the databases of runs that ended without dropping them (a crash, a kill). */
async function dropAbandonedDatabases(admin: pg.Client, ownRun: number): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1)",
    [TEST_DATABASE_PREFIX],
  );
  const runs = new Set(rows.map((row) => runOf(row.datname)));
  for (const run of runs) {
    if (run === null || run === ownRun) continue;
    const { rows: taken } = await admin.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1, $2) as locked",
      [RUN_LOCK_CLASS, run],
    );
    if (!taken[0]?.locked) continue; // That run is still going.
    try {
      await dropDatabases(admin, await databasesOf(admin, run));
    } finally {
      await admin.query("select pg_advisory_unlock($1, $2)", [RUN_LOCK_CLASS, run]);
    }
  }
}

export interface TestRun {
  /** The empty database to migrate and copy for each test file. */
  templateName: string;
  /** Drops every database of this run and ends it. */
  end(): Promise<void>;
}

/**
 * Starts a run: takes its lock (held by a connection kept open until `end`), drops what
 * ended runs left behind, and creates the run's empty template database.
 */
export async function startTestRun(adminUrl: string): Promise<TestRun> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    let run = 0;
    for (;;) {
      run = randomInt(1, 2 ** 31 - 1);
      const { rows } = await admin.query<{ locked: boolean }>(
        "select pg_try_advisory_lock($1, $2) as locked",
        [RUN_LOCK_CLASS, run],
      );
      if (rows[0]?.locked) break;
    }
    const ownRun = run;
    await dropAbandonedDatabases(admin, ownRun);
    // A number once used by a run that crashed may come again: start clean.
    await dropDatabases(admin, await databasesOf(admin, ownRun));
    const templateName = `${runPrefix(ownRun)}${TEMPLATE_SUFFIX}`;
    await admin.query(`create database "${templateName}"`);
    return {
      templateName,
      end: async () => {
        try {
          await dropDatabases(admin, await databasesOf(admin, ownRun));
        } finally {
          // Closing the connection releases the lock.
          await admin.end();
        }
      },
    };
  } catch (error) {
    await admin.end();
    throw error;
  }
}

/** A new database copied from the run's template, named as one of that run's. */
export async function createDatabaseFromTemplate(
  adminUrl: string,
  templateName: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!templateName.endsWith(TEMPLATE_SUFFIX) || runOf(templateName) === null) {
    throw new Error(`${templateName} is not a test run's template`);
  }
  const prefix = templateName.slice(0, -TEMPLATE_SUFFIX.length);
  const name = `${prefix}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${templateName}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client
        .query(`drop database if exists "${name}" with (force)`)
        .finally(() => client.end());
    },
  };
}
