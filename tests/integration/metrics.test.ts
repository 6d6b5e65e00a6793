/**
 * /metrics through the real HTTP app: answered on the main port only to the bearer token,
 * on a listener of its own with METRICS_PORT (and then not on the main port), nowhere
 * without configuration; and what it holds after a few real requests.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPath, slugify } from "../../app/lib/slug";
import { ITEM_IMAGE_TARGET_BYTES } from "../../app/lib/limits";
import { processUploadedImage } from "../../app/server/images/process-image.server";
import { createMetricsServer } from "../../app/server/metrics/metrics-endpoint.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, useTestApp, type TestHttpApp } from "../support/http-app";
import { htmlPage } from "../support/image-fixtures";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";
import { createTestServices } from "../support/test-services";

const TOKEN = "metrics-token-for-the-tests-0123";

/** The value of the sample `name{labels}` in an exposition, or undefined when absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}) {
  for (const line of exposition.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key!, value!]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

async function publicPage(services: RunningServices, name: string): Promise<string> {
  const { userId } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  return publicPath("restaurant", slugify(name), created.productId);
}

describe("with METRICS_TOKEN", () => {
  const running = useTestApp({ metrics: { endpoint: "main-port", token: TOKEN } });
  const scrape = (authorization?: string) =>
    fetch(`${running.app.url}/metrics`, {
      headers: authorization ? { authorization } : undefined,
    });

  it("answers 401 without the token or with another", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${TOKEN}`).toString("base64")}`,
    ]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("answers the token with request times, the page cache, uploads and the process", async () => {
    const { services, app } = running;
    const path = await publicPage(services, "Measured Diner");
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();

    for (const outcome of ["miss", "hit"]) {
      const view = await fetch(`${app.url}${path}`);
      await view.text();
      expect(view.headers.get("x-page-cache")).toBe(outcome);
    }
    await expect(processUploadedImage(htmlPage, ITEM_IMAGE_TARGET_BYTES)).rejects.toThrow();

    const publicPages = { route: "public-page", method: "GET", status_class: "2xx" };
    // A request is measured once its answer has left, which may follow the client's read.
    await expect
      .poll(async () => {
        const text = await (await scrape(`Bearer ${TOKEN}`)).text();
        return sample(text, "http_request_duration_seconds_count", publicPages);
      })
      .toBe(2);
    const response = await scrape(`bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const after = await response.text();

    expect(
      sample(after, "http_request_duration_seconds_bucket", { ...publicPages, le: "+Inf" }),
    ).toBe(2);
    // Scrapes are not among the requests measured.
    expect(after).not.toMatch(/http_request_duration_seconds_count\{[^}]*status_class="4xx"/);

    for (const [name, moved] of [
      ["page_cache_hits_total", 1],
      ["page_cache_misses_total", 1],
    ] as const) {
      expect(sample(after, name)! - sample(before, name)!).toBe(moved);
    }
    expect(sample(after, "page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(sample(after, "page_cache_bytes")).toBeGreaterThan(0);
    expect(sample(after, "page_cache_evictions_total")).toBe(0);

    const refused = { reason: "not-an-image" };
    expect(
      sample(after, "uploads_refused_total", refused)! -
        sample(before, "uploads_refused_total", refused)!,
    ).toBe(1);
    expect(sample(after, "uploads_processed_total")).toBeDefined();

    expect(sample(after, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(after, "process_cpu_seconds_total")).toBeGreaterThan(0);
    // The pool is PostgreSQL's: on PGlite there is none to describe.
    expect(sample(after, "db_pool_clients") === undefined).toBe(
      services.database.kind === "pglite",
    );
  });
});

describe("orders", () => {
  const running = useTestApp({
    metrics: { endpoint: "main-port", token: TOKEN },
    publicPagesClock: new Date(ORDERING_CLOCK),
  });

  it("counts the orders placed, and those refused by their reason", async () => {
    const { services, app } = running;
    const site = await createOrderingSite(services, "Counted Pizza", [MARGHERITA, LEMONADE], {
      minimumCents: 1000,
    });
    const scrape = async () =>
      (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const place = (cart: string, key: string) =>
      fetch(`${app.url}${site.orderPath}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          step: "place",
          cart,
          placeKey: key,
          fulfilment: "pickup",
          slot: String(orderingSlots(site.settings)[0]!.start),
          name: "Counted Carla",
          phone: "555 0106",
        }),
      });
    const before = await scrape();
    const placed = sample(before, "portal_orders_placed_total") ?? 0;
    const belowMinimum = sample(before, "portal_orders_refused_total", { reason: "minimum" }) ?? 0;

    const pizza = site.ids["Margherita"]!;
    expect((await place(`${pizza}*2*Lg1`, "countedOrderNumber000001")).status).toBe(303);
    // The same form again is the same order: counted once.
    expect((await place(`${pizza}*2*Lg1`, "countedOrderNumber000001")).status).toBe(303);
    expect((await place(`${site.ids["Lemonade"]!}*1`, "countedOrderNumber000002")).status).toBe(
      409,
    );

    const after = await scrape();
    expect(sample(after, "portal_orders_placed_total")).toBe(placed + 1);
    expect(sample(after, "portal_orders_refused_total", { reason: "minimum" })).toBe(
      belowMinimum + 1,
    );
    // Nothing about the customer is in it.
    expect(after).not.toContain("Counted Carla");
    expect(after).not.toContain("555 0106");
  });
});

describe("without configuration", () => {
  const running = useTestApp();

  it("has no /metrics", async () => {
    expect(running.services.metrics).toBeNull();
    const response = await fetch(`${running.app.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
  });
});

describe("with METRICS_PORT", () => {
  let services: RunningServices;
  let app: TestHttpApp;
  let metricsServer: Server;
  let metricsUrl: string;
  beforeAll(async () => {
    services = await createTestServices({
      metrics: { endpoint: "own-port", port: 0, host: "127.0.0.1" },
    });
    app = await startHttpApp(services, { countRenders: false });
    metricsServer = createMetricsServer(services.metrics!).listen(0, "127.0.0.1");
    await new Promise((resolve) => metricsServer.once("listening", resolve));
    metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => metricsServer?.close(resolve));
    await app?.close();
    await services?.close();
  });

  it("answers there without a token, and the main port does not", async () => {
    await (await fetch(`${app.url}/`)).text();
    const scrape = async () => {
      const response = await fetch(`${metricsUrl}/metrics`);
      expect(response.status).toBe(200);
      return response.text();
    };
    await expect
      .poll(async () =>
        sample(await scrape(), "http_request_duration_seconds_count", { route: "page" }),
      )
      .toBe(1);
    expect(sample(await scrape(), "nodejs_eventloop_lag_seconds")).toBeDefined();

    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      expect((await fetch(`${app.url}/metrics`, { headers })).status).toBe(404);
    }
  });
});
