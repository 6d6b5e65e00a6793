/**
 * Several server processes on one machine (`WEB_CONCURRENCY`), with `node:cluster`: the
 * first process only starts and watches the workers, which share the listening port and
 * each run the whole server (its own database pool, page cache and listening connection
 * for product changes). One process uses one core; this is how the others are used.
 */
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { Env } from "./env.server";
import { logger } from "../http/log.server";
import { createMetricsServer } from "../metrics/metrics-endpoint.server";

/** A worker that dies is replaced, unless workers keep dying: then something is wrong. */
const RESTARTS_ALLOWED = 5;
const RESTART_WINDOW_MS = 60_000;
/** Workers finish their own requests within 10 s of SIGTERM (main.server.ts); then they go. */
const WORKER_STOP_GRACE_MS = 15_000;

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Runs in the first process: forks `workers` copies of this script, replaces one that
 * dies unexpectedly, and on SIGTERM or SIGINT stops them all and exits once they have
 * finished (0 when they all exited cleanly).
 */
export function startPrimary(env: Pick<Env, "webConcurrency" | "metrics">): void {
  const workers = env.webConcurrency;
  let stopping = false;
  const recentRestarts: number[] = [];
  const running = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    running.add(worker);
    worker.on("exit", (code, signal) => {
      running.delete(worker);
      if (stopping) {
        // A worker still starting has no handler yet, and SIGTERM simply ends it.
        if (code !== 0 && signal !== "SIGTERM") exitCode = 1;
        if (running.size === 0) exitWhenAllStopped();
        return;
      }
      logger.error(
        { pid: worker.process.pid, code, signal },
        "A server worker stopped unexpectedly; starting another.",
      );
      const now = Date.now();
      recentRestarts.push(now);
      while (recentRestarts[0]! < now - RESTART_WINDOW_MS) recentRestarts.shift();
      if (recentRestarts.length > RESTARTS_ALLOWED) {
        logger.fatal(`Workers stopped ${recentRestarts.length} times within a minute: giving up.`);
        stop("SIGTERM", 1);
        return;
      }
      fork();
    });
  };

  let exitCode = 0;
  const exitWhenAllStopped = () => process.exit(exitCode);

  const stop = (signal: NodeJS.Signals, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info(`${signal} received: stopping ${running.size} server workers.`);
    if (running.size === 0) return exitWhenAllStopped();
    // Always SIGTERM: after Ctrl-C the workers have had SIGINT from the terminal already,
    // and each signal is answered once.
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of running) worker.process.kill("SIGKILL");
      exitCode = 1;
    }, WORKER_STOP_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));

  logger.info(`Starting ${workers} server workers (WEB_CONCURRENCY).`);
  for (let i = 0; i < workers; i++) fork();

  // METRICS_PORT: answered here, with every worker's metrics added up (prom-client asks each
  // worker over the cluster's channel).
  if (env.metrics.endpoint === "own-port") {
    const { port, host } = env.metrics;
    const workersMetrics = new AggregatorRegistry();
    createMetricsServer({
      exposition: () => workersMetrics.clusterMetrics(),
      contentType: workersMetrics.contentType,
    })
      .listen(port, host, () =>
        logger.info(`Metrics of all workers on http://${host}:${port}/metrics`),
      )
      .on("error", (error) => {
        logger.fatal(`Could not listen for metrics on ${host}:${port}: ${error.message}`);
        stop("SIGTERM", 1);
      })
      .unref();
  }
}
