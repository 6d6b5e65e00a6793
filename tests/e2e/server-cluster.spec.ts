/**
 * WEB_CONCURRENCY: several server processes sharing the port on PostgreSQL, each answering,
 * all stopped by one SIGTERM; the embedded database refuses more than one, in one line.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { EXAMPLE_SITES, examplePath } from "../../app/lib/example-sites";
import { freePort, startPortal, tempDataDir, type PortalProcess } from "./server-process";

/** The processes the primary forked: its children, by their parent id. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Two workers on a database of their own, started and waited for; the database is dropped
 * and the processes killed afterwards, whatever happened.
 */
async function withTwoWorkers(
  extraEnv: Record<string, string>,
  run: (portal: PortalProcess, primary: number) => Promise<void>,
) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `portal_cluster_${randomBytes(6).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const portal = await startPortal({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: url.toString(),
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "",
      ...extraEnv,
    });
    try {
      const primary = portal.child.pid!;
      await expect.poll(() => childrenOf(primary).length, { timeout: 30_000 }).toBe(2);
      await run(portal, primary);
    } finally {
      await portal.stop("SIGKILL");
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

test("two workers on PostgreSQL share the port, answer, add up their metrics, and stop together", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL");
  test.setTimeout(120_000);
  const metricsPort = await freePort();
  await withTwoWorkers({ METRICS_PORT: String(metricsPort) }, async (portal, primary) => {
    expect(portal.output()).toContain("Starting 2 server workers");
    // Both workers are ready before the count starts.
    for (let i = 0; i < 10; i++) await fetch(`${portal.url}/readyz`);
    // Both workers listen: many requests in parallel are all answered.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(portal.url + examplePath(EXAMPLE_SITES[0]!)).then((response) => response.status),
      ),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    // The first process answers METRICS_PORT with both workers' counts added up.
    const exposition = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(exposition).toContain(
      'http_request_duration_seconds_count{route="public-page",method="GET",status_class="2xx"} 40',
    );

    const workers = childrenOf(primary);
    expect(await portal.stop("SIGTERM")).toBe(0);
    // No worker outlives the primary.
    for (const pid of workers) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });
});

test("a worker that dies is replaced", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "needs TEST_DATABASE_URL");
  test.setTimeout(120_000);
  await withTwoWorkers({}, async (portal, primary) => {
    const [victim] = childrenOf(primary);
    process.kill(victim!, "SIGKILL");
    await expect
      .poll(
        () => {
          const now = childrenOf(primary);
          return now.length === 2 && !now.includes(victim!);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    // The primary says so as it forks the new worker: its line may reach us a moment later.
    await expect
      .poll(() => portal.output(), { timeout: 10_000 })
      .toContain("A server worker stopped unexpectedly");
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
    expect(await portal.stop("SIGTERM")).toBe(0);
  });
});

test("the embedded database refuses more than one worker, in one line", async () => {
  const portal = await startPortal(
    { DATA_DIR: tempDataDir(), WEB_CONCURRENCY: "2" },
    { waitReady: false },
  );
  expect(await portal.exited).toBe(1);
  const lines = portal.output().trim().split("\n");
  expect(lines).toEqual([
    "Invalid configuration: WEB_CONCURRENCY=2 needs PostgreSQL (DATABASE_URL): the embedded database serves one process.",
  ]);
});
