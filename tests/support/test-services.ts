/**
 * Real services on a fresh database for one test file: PGlite loaded from the
 * run's template, or a PostgreSQL database copied from the run's template.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import webpush from "web-push";
import { inject } from "vitest";
import { openPglite, openPostgres, type DatabaseHandle } from "../../app/server/db/client.server";
import type { Env } from "../../app/server/runtime/env.server";
import {
  servicesFromDatabase,
  type RunningServices,
} from "../../app/server/runtime/services.server";
import { createDatabaseFromTemplate } from "./postgres-admin";

/** A VAPID pair made once per test file, as loadEnv would keep it in DATA_DIR. */
const TEST_PUSH_CONFIG = (() => {
  const keys = webpush.generateVAPIDKeys();
  return { ...keys, subject: "mailto:support@example.com" };
})();

/** The portal's own address in tests. */
export const TEST_PUBLIC_URL = "http://localhost:3999";

/** A public page asked for at the portal's own address, as `loadPublicSite` takes it. */
export const PUBLIC_PAGE_AT_PORTAL = {
  url: `${TEST_PUBLIC_URL}/`,
  publicUrl: TEST_PUBLIC_URL,
  customDomains: false,
};

export function testEnv(overrides: Partial<Env> = {}): Env {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-test-data-"));
  return {
    deployment: false,
    port: 0,
    host: undefined,
    dataDir,
    databaseUrl: undefined,
    publicUrl: TEST_PUBLIC_URL,
    authSecret: "test-secret-that-is-long-enough-0123456789",
    registerUrl: undefined,
    registrationOpen: true,
    supportEmail: "support@example.com",
    trustProxyHops: 0,
    seedDemo: false,
    seedExamples: false,
    storage: { driver: "disk" },
    pageCacheBytes: 4 * 1024 * 1024,
    pageCdnMaxAge: 60,
    mail: {
      transport: "outbox",
      directory: path.join(dataDir, "mail"),
      from: "Site Builder <no-reply@localhost>",
    },
    requireEmailVerification: false,
    countPageViews: true,
    writeLimits: { writes: 600, uploads: 60 },
    orderLimits: { perClient: 1000, perSite: 10_000 },
    orderDataDays: 90,
    orderSweepSeconds: 20,
    webConcurrency: 1,
    metrics: { endpoint: "off" },
    publicPagesClock: null,
    customDomains: null,
    tlsAskAllow: ["127.0.0.1", "::1"],
    payments: null,
    push: TEST_PUSH_CONFIG,
    ...overrides,
  };
}

/**
 * A second, independent handle on the same database, as another server
 * process would have. PGlite belongs to one process, so there it is the same handle.
 */
export async function openSecondHandle(services: RunningServices): Promise<DatabaseHandle> {
  if (services.database.kind === "pglite") return services.database;
  return openPostgres(services.env.databaseUrl!);
}

/**
 * The services of another server process on the same database: its own page
 * cache, page view counts, live bus and (on PostgreSQL) connections. Closing them
 * leaves the first intact.
 */
export async function createSecondServices(
  services: RunningServices,
  overrides: Partial<Env> = {},
): Promise<RunningServices> {
  const database = await openSecondHandle(services);
  return servicesFromDatabase({ ...services.env, ...overrides }, database, async () => {
    if (database !== services.database) await database.close();
  });
}

export async function createTestServices(overrides: Partial<Env> = {}): Promise<RunningServices> {
  const env = testEnv(overrides);
  const target = inject("testDatabase");
  const cleanupDataDir = () => rmSync(env.dataDir, { recursive: true, force: true });

  if (target.kind === "pglite") {
    const template = new Blob([readFileSync(target.templateFile)]);
    const database = await openPglite(new PGlite({ loadDataDir: template }));
    return servicesFromDatabase(env, database, async () => {
      await database.close();
      cleanupDataDir();
    });
  }

  const copy = await createDatabaseFromTemplate(target.adminUrl, target.templateName);
  const database = openPostgres(copy.url);
  return servicesFromDatabase({ ...env, databaseUrl: copy.url }, database, async () => {
    await database.close();
    await copy.drop();
    cleanupDataDir();
  });
}
