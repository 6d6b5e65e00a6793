/**
 * What a server process that stops takes with it of its page view counts: killed outright
 * (SIGKILL), at most the views of its last flush interval; stopped gracefully (SIGTERM),
 * none. The server runs in a child process (tests/support/portal-child.ts) on PGlite in a
 * data directory, or on PostgreSQL in the PostgreSQL project; the counts are read back by
 * reopening the database afterwards, as the next start would.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { publicPath, slugify } from "../../app/lib/slug";
import { viewTotals } from "../../app/server/analytics/page-view-reports.server";
import { PAGE_VIEWS_FLUSH_INTERVAL_MS } from "../../app/server/analytics/page-views.server";
import { loadEnv } from "../../app/server/runtime/env.server";
import { createProduct } from "../../app/server/repositories/products.server";
import { startServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { createDatabaseFromTemplate } from "../support/postgres-admin";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LISTENING_PREFIX = "portal-child listening on ";

/** The portal's environment for this file's database: a data directory, and PostgreSQL's URL there. */
let portalEnv: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
let sitePath: string;
let siteId: string;

/** The database opened as a server start opens it (on PGlite, taking the data-dir lock). */
async function openServices() {
  return startServices(
    loadEnv({ ...portalEnv, SEED_DEMO: "false", MAIL: "off" }),
    "the page views process test",
  );
}

async function storedViews(): Promise<number> {
  const services = await openServices();
  try {
    return (await viewTotals(services.db, siteId, 2)).views;
  } finally {
    await services.close();
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-page-views-"));
  portalEnv = { DATA_DIR: dataDir };
  const target = inject("testDatabase");
  if (target.kind === "postgres") {
    const copy = await createDatabaseFromTemplate(target.adminUrl, target.templateName);
    portalEnv.DATABASE_URL = copy.url;
    dropDatabase = () => copy.drop();
  }
  const services = await openServices();
  try {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Crash Diner",
    });
    if (!created.ok) throw new Error(created.reason);
    siteId = created.productId;
    sitePath = publicPath("restaurant", slugify("Crash Diner"), siteId);
  } finally {
    await services.close();
  }
}, 120_000);

afterAll(async () => {
  await dropDatabase?.();
  if (portalEnv) rmSync(portalEnv.DATA_DIR!, { recursive: true, force: true });
});

interface ChildPortal {
  url: string;
  signal(signal: NodeJS.Signals): void;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

async function startChildPortal(): Promise<ChildPortal> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/portal-child.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      ...portalEnv,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      MAIL: "off",
      ANALYTICS: "on",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // "exit", not "close": a helper the child started (esbuild) may hold its pipes a while longer.
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
  return { url, signal: (signal) => child.kill(signal), exited };
}

/** `count` views of the site from visitors' browsers, one after the other; all must be 200. */
async function sendViews(url: string, count: number) {
  for (let i = 0; i < count; i++) {
    const query = i % 3 === 0 ? "?src=qr" : "";
    const response = await fetch(url + sitePath + query, {
      headers: { "user-agent": i % 2 ? IPHONE : WINDOWS },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a server process that stops", () => {
  it("killed outright, loses at most the views of its last flush interval", async () => {
    const before = await storedViews();
    const portal = await startChildPortal();
    try {
      await sendViews(portal.url, 30);
      // One whole interval and a margin: the timer has written those 30 by now.
      await pause(PAGE_VIEWS_FLUSH_INTERVAL_MS + 2000);
      await sendViews(portal.url, 20);
    } finally {
      portal.signal("SIGKILL");
    }
    expect(await portal.exited).toBe("SIGKILL");

    // The killed process's data-dir lock is taken over: it is gone.
    const stored = (await storedViews()) - before;
    expect(stored).toBeGreaterThanOrEqual(30);
    expect(stored).toBeLessThanOrEqual(50);
  }, 180_000);

  it("stopped with SIGTERM, writes every view before it exits", async () => {
    const before = await storedViews();
    const portal = await startChildPortal();
    try {
      await sendViews(portal.url, 25);
    } finally {
      portal.signal("SIGTERM");
    }
    expect(await portal.exited).toBe(0);
    expect((await storedViews()) - before).toBe(25);
  }, 180_000);
});
