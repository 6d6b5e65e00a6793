/**
 * The metrics/ folder owns what Prometheus reads: the measurements (here) and the /metrics
 * endpoint.
 *
 * What the server tells Prometheus: how long requests take by kind of route, how the
 * public page cache and the database pool are doing, what became of uploaded images, the
 * orders placed and refused, and the process itself (CPU, memory, garbage collection,
 * event-loop lag).
 *
 * Each set of services has its own registry, so tests can run several apps in one process.
 * Only the request duration and the orders are recorded as they happen; everything else is
 * read from the state its owner keeps anyway, when Prometheus asks.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { RequestHandler } from "express";
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client.server";
import { uploadOutcomes } from "../images/process-image.server";
import type { PublicPageCache } from "../pages/public-page-cache.server";
import { routeKind, type RouteKind } from "../http/route-kind.server";
import { registerDurationHistogram, type Observe } from "./duration-histogram.server";

export interface Metrics {
  /**
   * Express middleware that times every request passing it, until its last byte is handed
   * to the operating system. Requests the client abandons are not counted.
   */
  readonly timeRequests: RequestHandler;
  /**
   * The same for a response answered without Express: timed from `startedAt`
   * (`performance.now()` when the request arrived), or from now.
   */
  timeResponse(res: ServerResponse, startedAt?: number): void;
  /**
   * A response already answered in full, in one write (a cached page sent from the front
   * door): recorded at once, without waiting for its `finish` event.
   */
  answered(req: IncomingMessage, statusCode: number, startedAt: number): void;
  /** One order placed (a form sent again for the same order does not count again). */
  orderPlaced(): void;
  /** One order refused, by its reason ("slot-full", "paused", …; a RefusalReason). */
  orderRefused(reason: string): void;
  /** One step of a card payment: started, completed, expired, refunded, refund_failed, … */
  cardPayment(event: CardPaymentEvent): void;
  /** Everything, in Prometheus' text format. */
  exposition(): Promise<string>;
  readonly contentType: string;
}

export const CARD_PAYMENT_EVENTS = [
  "started",
  "completed",
  "amount_mismatch",
  "expired",
  "refunded",
  "refund_failed",
] as const;
export type CardPaymentEvent = (typeof CARD_PAYMENT_EVENTS)[number];

export interface MetricSources {
  pageCache: Pick<PublicPageCache, "stats">;
  database: Pick<DatabaseHandle, "poolUse">;
}

/**
 * From a page answered from memory (a millisecond or two) to a slow render or upload; a
 * request past 5 s is in the +Inf bucket, which is itself worth an alert.
 */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // A worker of several (WEB_CONCURRENCY) hands its metrics to the first process, which
  // adds up all workers' for the scraper (cluster.server.ts).
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries(registry);
  }
  const { timeResponse, answered } = registerRequestDuration(registry);
  registerPageCache(registry, sources.pageCache);
  if (sources.database.poolUse) registerDatabasePool(registry, sources.database.poolUse);
  registerUploads(registry);
  const orders = registerOrders(registry);
  const cardPayments = new Counter<"event">({
    name: "portal_card_payments_total",
    help: "Card payments started, completed, expired (or given up), refunded, refunds failed, and paid amounts that did not match.",
    labelNames: ["event"],
    registers: [registry],
  });
  // Every event shows from the start, at 0, so a rate can be taken before the first one.
  for (const event of CARD_PAYMENT_EVENTS) cardPayments.inc({ event }, 0);
  return {
    timeRequests: (_req, res, next) => {
      timeResponse(res);
      next();
    },
    timeResponse,
    answered,
    ...orders,
    cardPayment: (event) => cardPayments.inc({ event }),
    exposition: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

type RequestLabels = { route: RouteKind; method: string; status_class: string };

/** Methods get their own label value; anything else a client sends is "other". */
const LABELLED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/** Where a request's start time is kept, on its response. */
const STARTED_AT = Symbol("metrics: request started at");
type TimedResponse = ServerResponse & { [STARTED_AT]?: number };

function registerRequestDuration(registry: Registry): Pick<Metrics, "timeResponse" | "answered"> {
  const histogram = registerDurationHistogram<RequestLabels>({
    name: "http_request_duration_seconds",
    help: "Time from a request reaching the app to its answer's last byte, by kind of route.",
    buckets: REQUEST_DURATION_BUCKETS,
    registry,
  });

  // One series per combination, made on its first request and reused after.
  const seriesSets = new Map<RouteKind, Map<string, Observe[]>>();
  const seriesFor = (route: RouteKind, method: string, statusClass: number): Observe => {
    let byMethod = seriesSets.get(route);
    if (!byMethod) seriesSets.set(route, (byMethod = new Map<string, Observe[]>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = []));
    return (byStatus[statusClass] ??= histogram.seriesOf({
      route,
      method,
      status_class: STATUS_CLASSES[statusClass]!,
    }));
  };

  const answered = (req: IncomingMessage, statusCode: number, startedAt: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    const method = LABELLED_METHODS.has(req.method!) ? req.method! : "other";
    // The original URL: a router mounted on a prefix (/assets) leaves req.url without it.
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "";
    const query = url.indexOf("?");
    const route = routeKind(method, query === -1 ? url : url.slice(0, query));
    const statusClass = Math.min(Math.max(Math.floor(statusCode / 100) - 1, 0), 4);
    seriesFor(route, method, statusClass)(seconds);
  };

  // One listener shared by all requests (`this` is the response), so that timing a request
  // makes no closure: a page answered from the cache costs well under a millisecond.
  function recordDuration(this: TimedResponse) {
    const startedAt = this[STARTED_AT];
    if (startedAt !== undefined) answered(this.req, this.statusCode, startedAt);
  }

  return {
    timeResponse: (res, startedAt = performance.now()) => {
      (res as TimedResponse)[STARTED_AT] = startedAt;
      res.on("finish", recordDuration);
    },
    answered,
  };
}

/**
 * The cache counts its hits, misses and evictions itself (`stats()`); its counts only grow,
 * so they are exposed as counters as they stand.
 */
function registerPageCache(registry: Registry, pageCache: MetricSources["pageCache"]): void {
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const gauge = (name: string, help: string, read: () => number) =>
    gaugeReadOnScrape(registry, name, help, read);
  counter(
    "page_cache_hits_total",
    "Public page views answered from memory.",
    () => pageCache.stats().hits,
  );
  counter(
    "page_cache_misses_total",
    "Public page views that had to be rendered (including while the cache was off or unavailable).",
    () => pageCache.stats().misses,
  );
  counter(
    "page_cache_evictions_total",
    "Pages dropped to make room for others (not those dropped because their site changed).",
    () => pageCache.stats().evictions,
  );
  gauge(
    "page_cache_bytes",
    "Memory the cached pages take, counted as PAGE_CACHE_BYTES counts it.",
    () => pageCache.stats().bytes,
  );
  gauge("page_cache_max_bytes", "PAGE_CACHE_BYTES.", () => pageCache.stats().maxBytes);
  gauge("page_cache_entries", "Pages held.", () => pageCache.stats().entries);
}

/** A gauge whose value is read from existing state when Prometheus scrapes, not kept. */
function gaugeReadOnScrape(registry: Registry, name: string, help: string, read: () => number) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

function registerDatabasePool(
  registry: Registry,
  poolUse: NonNullable<MetricSources["database"]["poolUse"]>,
): void {
  const gauge = (name: string, help: string, read: () => number) =>
    gaugeReadOnScrape(registry, name, help, read);
  gauge("db_pool_clients", "PostgreSQL connections open in the pool.", () => poolUse().total);
  gauge("db_pool_idle_clients", "Pool connections open and idle.", () => poolUse().idle);
  gauge(
    "db_pool_waiting_clients",
    "Queries waiting for a pool connection because all are busy.",
    () => poolUse().waiting,
  );
}

function registerUploads(registry: Registry): void {
  new Counter({
    name: "uploads_processed_total",
    help: "Uploaded images checked and re-encoded.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(uploadOutcomes.processed);
    },
  });
  new Counter<"reason">({
    name: "uploads_refused_total",
    help: "Uploaded files refused, by reason.",
    labelNames: ["reason"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(uploadOutcomes.refused)) {
        this.inc({ reason }, count);
      }
    },
  });
}

/** A refusal's label: a reason's short name, or "other" for anything else a caller passes. */
const REFUSAL_REASON = /^[a-z][a-z-]{0,39}$/;

function registerOrders(registry: Registry): Pick<Metrics, "orderPlaced" | "orderRefused"> {
  const placed = new Counter({
    name: "portal_orders_placed_total",
    help: "Orders customers placed.",
    registers: [registry],
  });
  const refused = new Counter<"reason">({
    name: "portal_orders_refused_total",
    help: "Orders refused when placed (paused, slot full, below the minimum, …), by reason.",
    labelNames: ["reason"],
    registers: [registry],
  });
  return {
    orderPlaced: () => placed.inc(),
    orderRefused: (reason) =>
      refused.inc({ reason: REFUSAL_REASON.test(reason) ? reason : "other" }),
  };
}
