/**
 * The runtime/ folder owns the process: the configuration, read and checked once (env),
 * where the project's files are (paths), the services built once and handed to every
 * request (services), start-up and shutdown (here), and several workers on one machine
 * (cluster). It wires the other folders together; none of them reaches back into it but
 * for the `AppServices` type.
 *
 * The server's life: read the configuration, open and migrate the database,
 * seed the example sites and the demo on first start (in a process of its own, so that what
 * seeding takes is given back), listen (and, with METRICS_PORT, listen
 * for Prometheus there), and on SIGTERM or SIGINT stop accepting, finish the requests in
 * flight, close the database and exit 0.
 */
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { findUserIdByEmail } from "../accounts/accounts.server";
import { isClusterWorker, startPrimary } from "./cluster.server";
import { logger } from "../http/log.server";
import { ConfigError, loadEnv, publicPagesTime } from "./env.server";
import { embeddedDatabaseExists } from "../db/client.server";
import { DataDirBusyError } from "../db/data-dir-lock.server";
import { createPortalServer, createRequestListener } from "../http/http.server";
import { backfillRenditions } from "../images/renditions.server";
import { createMetricsServer } from "../metrics/metrics-endpoint.server";
import { startOrderEscalation } from "../orders/order-escalation.server";
import { startOrderRetention } from "../orders/order-retention.server";
import { refreshStoredSlugs } from "../repositories/slugs.server";
import { DEMO_OWNER } from "../seed/demo.server";
import {
  firstStartWouldSeed,
  seedOnFirstStart,
  type FirstStartSeed,
} from "../seed/first-start.server";
import { reportSeed, seedInChildProcess, type SeedProcessArgs } from "../seed/seed-process.server";
import { startServices, type AppServices } from "./services.server";

/** Requests still running this long after a stop signal are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  devServer?: ViteDevServer;
  environment: NodeJS.ProcessEnv;
  /**
   * How to start the process that seeds a first start (server.js with its flag). Without
   * it (development, tests) the server seeds in its own process.
   */
  seedProcessArgs?: SeedProcessArgs;
}): Promise<Server | null> {
  let env;
  try {
    env = loadEnv(options.environment);
  } catch (error) {
    return exitWith(error);
  }

  // With WEB_CONCURRENCY above 1, this first process only runs the workers, each of which
  // comes back here as a worker. `npm run dev` is always one process.
  if (env.webConcurrency > 1 && !isClusterWorker() && !options.devServer) {
    startPrimary(env);
    return null;
  }

  let services;
  let seededElsewhere: FirstStartSeed | null = null;
  try {
    const seedProcess = options.seedProcessArgs;
    const seeding = env.seedDemo || env.seedExamples;
    // PGlite serves one process at a time: a new embedded database is seeded before the
    // server opens it. PostgreSQL is asked once open, and serves both processes meanwhile.
    if (seedProcess && seeding && !env.databaseUrl && !embeddedDatabaseExists(env.dataDir)) {
      seededElsewhere = await seedInChildProcess(seedProcess);
    }
    services = await startServices(env, "the portal server");
    if (seedProcess && env.databaseUrl && (await firstStartWouldSeed(services))) {
      seededElsewhere = await seedInChildProcess(seedProcess);
    }
  } catch (error) {
    return exitWith(error);
  }

  const { demo: seeded, examples: seededExamples } =
    seededElsewhere ?? (await seedOnFirstStart(services));
  if (seededExamples) logger.info("Seeded the example sites.");
  const demoOwnerExists = seeded || Boolean(await findUserIdByEmail(services.db, DEMO_OWNER.email));
  if (demoOwnerExists && env.deployment && !env.seedDemo) {
    // Its password is in the README: on a server others reach, anyone could sign in as it.
    await services.close();
    return exitWith(
      new ConfigError(
        `Refusing to start: the demo owner ${DEMO_OWNER.email} exists, and its password is published. ` +
          `Delete it (npm run admin -- delete-user ${DEMO_OWNER.email}), or set SEED_DEMO=true to keep it.`,
      ),
    );
  }
  if (demoOwnerExists && env.seedDemo) {
    logger.info(
      `${seeded ? "Seeded demo data. " : ""}Demo owner: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
    );
    if (env.deployment) {
      logger.warn("Warning: SEED_DEMO=true on a deployment: anyone can sign in as the demo owner.");
    }
  }

  // Addresses made under the spec's literal slug rule become the readable ones; the old
  // ones answer 301 (app/server/repositories/slugs.server.ts).
  // Not fatal: until it succeeds on a later start, those sites keep their old addresses.
  try {
    const refreshed = await refreshStoredSlugs(services.events);
    if (refreshed.products > 0 || refreshed.items > 0) {
      logger.info(
        `Brought ${refreshed.products} site and ${refreshed.items} item slugs up to the current rule.`,
      );
    }
  } catch (error) {
    logger.error({ err: error }, "Could not bring stored slugs up to the current rule");
  }

  // The one place the page cache starts: listening for product changes before the first
  // request, so that first views are cached. In development nothing is kept, so that edits
  // to the code show at once.
  if (!options.devServer) await services.pageCache.start();
  // Owners' new domains are verified in the background as their DNS records appear.
  services.domainChecks?.rechecks.start();
  // Order mail that a crash, a mail server down or another process left behind goes out;
  // customers' personal data on old orders is removed, now and every hour.
  services.orderMail.start();
  const orderRetention = startOrderRetention({ db: services.db, days: env.orderDataDays });
  // Orders nobody answered: their owners reminded, then the orders turned down, once each.
  const orderEscalation = startOrderEscalation({
    events: services.events,
    outbox: services.orderMail,
    now: () => publicPagesTime(env),
    intervalMs: env.orderSweepSeconds * 1000,
  });
  const closeServices = async () => {
    // Before the outbox closes: what a last sweep queued is left in it for the next start.
    await orderEscalation.close();
    await orderRetention.close();
    await services.close();
  };

  let accepting = true;
  const listener = createRequestListener({
    services,
    build: options.build,
    devServer: options.devServer,
    isAccepting: () => accepting,
  });

  const server = createPortalServer(listener).listen(env.port, env.host ?? "", () => {
    const storage = env.databaseUrl ? "PostgreSQL" : `PGlite in ${env.dataDir}/db`;
    logger.info(`Portal listening on ${env.publicUrl} (port ${env.port}, ${storage})`);
    void backfillRenditionsInBackground(services);
  });
  server.on("error", (error) => {
    logger.error(`Could not listen on port ${env.port}: ${error.message}`);
    void closeServices().finally(() => process.exit(1));
  });

  let metricsServer: Server | null = null;
  // Under several workers the first process answers METRICS_PORT for all of them.
  if (env.metrics.endpoint === "own-port" && services.metrics && !isClusterWorker()) {
    const { port, host } = env.metrics;
    metricsServer = createMetricsServer(services.metrics).listen(port, host, () => {
      logger.info(`Metrics on http://${host}:${port}/metrics`);
    });
    // Asked for and not there: better to stop now than to run unwatched.
    metricsServer.on("error", (error) => {
      logger.error(`Could not listen for metrics on ${host}:${port}: ${error.message}`);
      void closeServices().finally(() => process.exit(1));
    });
  }

  const stop = (signal: string) => {
    if (!accepting) return;
    accepting = false;
    logger.info(`${signal} received: finishing requests in flight, then exiting.`);
    // Live-update streams never finish on their own; end them so the close can complete.
    void services.live.close();
    // A scrape in flight finishes; the process exits once the main server has closed.
    metricsServer?.close();
    metricsServer?.closeIdleConnections();
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a failed close ends the process with its error
    server.close(async () => {
      await options.devServer?.close();
      await closeServices();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}

/**
 * The seeding process's life (`server.js --seed-first-start`): open and migrate the database,
 * seed it as a first start does, tell the server what it seeded, close and exit.
 */
export async function seedFirstStartAndExit(environment: NodeJS.ProcessEnv): Promise<never> {
  try {
    const services = await startServices(loadEnv(environment), "the first start's seeding");
    try {
      await reportSeed(await seedOnFirstStart(services));
    } finally {
      await services.close();
    }
  } catch (error) {
    return exitWith(error);
  }
  process.exit(0);
}

/**
 * Pictures stored before their smaller copies existed get them while the server already
 * answers; until then pages show every picture as it is. Public pages cached meanwhile
 * are dropped once it has finished, so that they are rendered again with the copies.
 */
async function backfillRenditionsInBackground(services: AppServices): Promise<void> {
  try {
    const { made, unreadable, complete } = await backfillRenditions(services);
    if (complete) services.pageCache.pages.clear();
    if (made > 0 || unreadable > 0) {
      logger.info(
        `Made ${made} smaller copies of earlier pictures` +
          (unreadable > 0 ? `; ${unreadable} pictures could not be read.` : "."),
      );
    }
  } catch (error) {
    logger.error({ err: error }, "Could not make the smaller copies of earlier pictures");
  }
}

function exitWith(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    // An answer to whoever is starting the server, read on their terminal: one plain line
    // naming what to change, not a log record.
    process.stderr.write(`${error.message}\n`);
  } else {
    logger.fatal({ err: error }, "The server could not start");
  }
  process.exit(1);
}
