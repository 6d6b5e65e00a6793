/**
 * Servers started at the same instant: on one PostgreSQL database both come up
 * (migrations and the demo seed take turns); on one embedded database over a
 * stale lock exactly one runs and the other stops at once, naming it.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { EXAMPLES_OWNER } from "../../app/lib/example-sites";
import { DEMO } from "./fixtures";
import { startPortal, tempDataDir, type PortalProcess } from "./server-process";

// Each try starts two servers; one pair at a time keeps a small machine responsive.
test.describe.configure({ mode: "serial" });

const TRIES = 10;
/** Per try: generous, as a busy two-core machine starts servers several times slower. */
const TRY_TIMEOUT_MS = 30_000;

const started: PortalProcess[] = [];

/** Starts a server without waiting, remembered so that a test that times out leaves none behind. */
async function launch(env: Record<string, string>): Promise<PortalProcess> {
  const portal = await startPortal(env, { waitReady: false });
  started.push(portal);
  return portal;
}

async function stopAll() {
  await Promise.all(started.splice(0).map((portal) => portal.stop("SIGKILL")));
}
test.afterEach(stopAll);
test.afterAll(stopAll);

async function readyzStatus(portal: PortalProcess): Promise<number> {
  return fetch(`${portal.url}/readyz`).then(
    (response) => response.status,
    () => 0,
  );
}

async function waitUntilReady(portal: PortalProcess, timeoutMs = TRY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (portal.child.exitCode !== null) throw new Error(`server exited:\n${portal.output()}`);
    if ((await readyzStatus(portal)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${portal.output()}`);
}

test("two servers starting together on an empty PostgreSQL database both come up", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, "needs TEST_DATABASE_URL");
  test.setTimeout(TRIES * TRY_TIMEOUT_MS);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      // Only databases this test made are ever dropped: others share the server.
      const name = `portal_start_${randomBytes(6).toString("hex")}`;
      await admin.query(`create database "${name}"`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), SEED_DEMO: "true" };
      const pair = await Promise.all([
        launch({ DATA_DIR: tempDataDir(), ...env }),
        launch({ DATA_DIR: tempDataDir(), ...env }),
      ]);
      try {
        await Promise.all(pair.map((portal) => waitUntilReady(portal)));
        const database = new pg.Client({ connectionString: url.toString() });
        await database.connect();
        try {
          const { rows } = await database.query<{ email: string }>("select email from users");
          // Each seed once: the demo owner and the example sites' owner.
          expect(rows.map((row) => row.email).sort()).toEqual(
            [DEMO.email, EXAMPLES_OWNER.email].sort(),
          );
        } finally {
          await database.end();
        }
        for (const portal of pair) expect(await portal.stop()).toBe(0);
      } finally {
        await Promise.all(pair.map((portal) => portal.stop("SIGKILL")));
        await admin.query(`drop database if exists "${name}" with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
});

test.describe("two servers starting together on one embedded database with a stale lock", () => {
  let template: string;

  test.beforeAll(async () => {
    test.setTimeout(4 * TRY_TIMEOUT_MS);
    // A migrated database to copy for each try: creating one takes seconds.
    template = tempDataDir();
    const portal = await launch({ DATA_DIR: template });
    await waitUntilReady(portal, 3 * TRY_TIMEOUT_MS);
    expect(await portal.stop()).toBe(0);
  });

  /**
   * Even tries: a lock left by a process that has exited. Odd tries: one whose
   * pid now belongs to this test process, alive but started after the holder did.
   */
  function staleLock(attempt: number): Record<string, unknown> {
    const hostname = os.hostname();
    if (attempt % 2 === 0 || !existsSync(`/proc/${process.pid}/stat`)) {
      return { pid: spawnSync("true").pid, hostname };
    }
    const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
    const startTime = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return {
      pid: process.pid,
      hostname,
      startTime: String(startTime - 1),
      bootId: readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(),
    };
  }

  test("exactly one runs and the other stops, naming it", async () => {
    test.setTimeout(TRIES * TRY_TIMEOUT_MS);
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const dataDir = tempDataDir();
      cpSync(template, dataDir, { recursive: true });
      writeFileSync(
        path.join(dataDir, "db.lock"),
        JSON.stringify({ holder: "the portal server", ...staleLock(attempt) }),
      );
      const pair = await Promise.all([
        launch({ DATA_DIR: dataDir }),
        launch({ DATA_DIR: dataDir }),
      ]);
      try {
        const firstToExit = await Promise.race([
          ...pair.map((portal) => portal.exited.then(() => portal)),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), TRY_TIMEOUT_MS)),
        ]);
        expect(firstToExit, "one of the two servers should have stopped").not.toBeNull();
        const loser = firstToExit!;
        const winner = pair.find((portal) => portal !== loser)!;
        expect(loser.child.exitCode).not.toBe(0);
        expect(loser.output()).toContain(
          `The embedded database in ${dataDir} is in use by the portal server (process ${winner.child.pid}).`,
        );
        await waitUntilReady(winner);
        expect(await winner.stop()).toBe(0);
        expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
      } finally {
        await Promise.all(pair.map((portal) => portal.stop("SIGKILL")));
      }
    }
  });
});
