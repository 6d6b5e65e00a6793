/**
 * A portal server in a child process (tests/support/portal-child.ts) for tests that stop it
 * with a signal, and the database it runs on: PGlite in a data directory of its own, or on
 * PostgreSQL (the PostgreSQL project) a database copied from the run's template. What the
 * child wrote is read back by opening that database as the next server start would.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { embeddedDatabaseDir } from "../../app/server/backup/data-dir-layout.server";
import { loadEnv } from "../../app/server/runtime/env.server";
import { startServices, type RunningServices } from "../../app/server/runtime/services.server";
import { createDatabaseFromTemplate } from "./postgres-admin";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LISTENING_PREFIX = "portal-child listening on ";

export interface ChildPortalDatabase {
  /** The portal's environment for this database: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** The database opened as a server start opens it (on PGlite, taking the data-dir lock). */
  open(): Promise<RunningServices>;
  /** Drops the PostgreSQL database and removes the data directory. */
  remove(): Promise<void>;
}

/**
 * On PGlite, puts the run's migrated template into `dataDir`, as the database a server made
 * at an earlier start: a process that opens it skips creating one (PostgreSQL's initdb and
 * every migration, some six seconds of CPU). On PostgreSQL, does nothing.
 */
export async function fillDataDirWithTemplate(dataDir: string): Promise<void> {
  const target = inject("testDatabase");
  if (target.kind !== "pglite") return;
  const template = new Blob([readFileSync(target.templateFile)]);
  const dir = embeddedDatabaseDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const database = new PGlite(dir, { loadDataDir: template });
  await database.waitReady;
  await database.close();
}

/**
 * A database for one test file's child portals. `prefix` names its data directory in the
 * system's temporary directory; `holder` names the test in PGlite's data-dir lock.
 */
export async function createChildPortalDatabase(
  prefix: string,
  holder: string,
): Promise<ChildPortalDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDatabase: (() => Promise<void>) | undefined;
  const target = inject("testDatabase");
  if (target.kind === "postgres") {
    const copy = await createDatabaseFromTemplate(target.adminUrl, target.templateName);
    env.DATABASE_URL = copy.url;
    dropDatabase = () => copy.drop();
  }
  await fillDataDirWithTemplate(dataDir);
  return {
    env,
    open: () => startServices(loadEnv({ ...env, SEED_DEMO: "false", MAIL: "off" }), holder),
    remove: async () => {
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ChildPortal {
  url: string;
  signal(signal: NodeJS.Signals): void;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** What it has written to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts the portal in a child process with `environment` (the database's, and whatever
 * else the test needs) over a quiet base: any free port on 127.0.0.1, no demo, no mail.
 * Resolves once it answers.
 */
export async function startChildPortal(environment: Record<string, string>): Promise<ChildPortal> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/portal-child.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      MAIL: "off",
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // "exit", not "close": a process the child started (esbuild) may hold its pipes a while longer.
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer from the child:\n${output}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((each) => each.startsWith(LISTENING_PREFIX));
      if (line) {
        clearTimeout(timer);
        resolve(line.slice(LISTENING_PREFIX.length).trim());
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`the child ended (${how}) before listening:\n${output}`));
    });
  });
  return { url, signal: (signal) => child.kill(signal), exited, output: () => output };
}
