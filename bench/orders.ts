/**
 * `npm run bench:orders`: what a customer's order costs the server, and what the order page
 * weighs, measured on the production build (decision 22).
 *
 * Before the server starts, the portal's own database is given the bench's sites
 * (bench/fixtures.ts: a restaurant of 50 items, each with three sizes and two choice groups),
 * the restaurant open 9 AM to 9 PM every day in New York and taking orders (pickup and
 * delivery, no cap on a slot). The server then runs as deployed (request log at `info`, page
 * views counted, the order rate limits raised so that they never refuse), with the public
 * pages' clock fixed at a moment the restaurant is open. It is not started with
 * NODE_ENV=production only because that marks a deployment, which refuses a fixed clock;
 * server.js runs the same production build either way.
 *
 * On PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set (in a database created for the
 * run and dropped after it), BENCH_ROUNDS (3) rounds of:
 * - placing BENCH_ORDERS (300) orders of three lines (two with choices, one with its size
 *   only) at 1 and at 8 at once, each from its own review form, today's slots taken in turn;
 *   every answer must be a 303 to the order's status page, or the bench stops;
 * - the review step (`step=review`) of the same cart, the status page `/o/{token}`, and the
 *   order page itself, one at a time;
 * with the server's CPU time per answer read from /proc (on PostgreSQL the database server's
 * own work is not in it; PGlite runs inside the portal's process, so there it is). Then the
 * order page's weight: its HTML as served with gzip, and its one inline script.
 *
 * Writes bench/results/orders.json and orders.md, and exits 1 when a budget is missed.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import { defaultHours } from "~/lib/hours";
import { storedOptions, type OptionGroup } from "~/lib/item-options";
import { ENGLISH } from "~/lib/i18n/page-language";
import { formatCart, priceCart, type CartLine, type OrderableItem } from "~/lib/order-cart";
import { DEFAULT_ORDER_SETTINGS, slotRules, type OrderSettings } from "~/lib/order-settings";
import { orderSlots } from "~/lib/order-slots";
import { formatPrice } from "~/lib/price";
import { items, productInfo, products } from "~/server/db/schema";
import { saveOrderSettings } from "~/server/orders/orders.server";
import { loadEnv } from "~/server/runtime/env.server";
import { startServices } from "~/server/runtime/services.server";
import { startPortal, tempDataDir } from "../tests/e2e/server-process";
import { fetchAsSent } from "./anchors";
import { median, table } from "./budgets";
import { createBenchSites } from "./fixtures";
import { processCpuMs } from "./load";
import { dropDatabase, recreateDatabase } from "./postgres";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "bench", "results");
const COMMAND =
  "npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders";
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP = 30;
const CONCURRENCIES = [1, 8] as const;
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || null;
const POSTGRES_DATABASE = "site_builder_bench_orders";
const log = (line: string) => console.log(`[orders] ${line}`);

/** Wednesday 2 December 2026, noon in New York: the restaurant is open and slots remain today. */
const CLOCK = "2026-12-02T17:00:00Z";
const TIME_ZONE = "America/New_York";
const OPEN_ALL_WEEK = defaultHours().map((row) => ({ ...row, open: "9:00 AM", close: "9:00 PM" }));
const ORDER_SETTINGS: OrderSettings = {
  ...DEFAULT_ORDER_SETTINGS,
  enabled: true,
  pickup: true,
  delivery: true,
  deliveryFeeCents: 300,
  slotCap: null,
};

const BUDGETS = {
  /** Server CPU per placed order on PGlite, one order at a time. */
  placeCpuMs: 25,
  /** The order page's script, gzipped. */
  jsGzipBytes: 15 * 1024,
  /** The order page's HTML, as served with gzip. */
  htmlGzipBytes: 60 * 1024,
};

const authSecret = randomBytes(32).toString("hex");

/** The server's settings, as deployed but for the fixed clock and the raised order limits. */
function serverEnv(where: Record<string, string>): Record<string, string> {
  return {
    AUTH_SECRET: authSecret,
    SEED_DEMO: "false",
    // The outbox still records every order's mail; MAIL=off fails it at once.
    MAIL: "off",
    TRUST_PROXY: "1",
    PUBLIC_PAGES_CLOCK: CLOCK,
    ORDERS_PER_10_MINUTES_PER_CLIENT: "1000000",
    ORDERS_PER_10_MINUTES_PER_SITE: "1000000",
    ...where,
  };
}

/** What the bench orders from: the restaurant's order page and a typical cart. */
interface OrderSite {
  path: string;
  orderPath: string;
  cart: string;
  subtotalCents: number;
  /** The starts of the slots a customer may choose now, ms since the epoch. */
  slots: number[];
}

const choiceOf = (group: OptionGroup | undefined, index: number) => {
  const choice = group?.choices[index];
  if (!choice) throw new Error(`The fixture's item has no choice ${index} in ${group?.name}.`);
  return choice.id;
};

/**
 * Three lines as a customer orders them: a dish in its large size with two extras and a
 * side, two of another in the regular size with one extra, and a third with its size only.
 */
function typicalCart(menu: readonly OrderableItem[]): CartLine[] {
  const [first, second, third] = menu;
  if (!first || !second || !third) throw new Error("The restaurant has fewer than 3 items.");
  const groups = (item: OrderableItem) => {
    const [size, extras, side] = item.options;
    return { size, extras, side };
  };
  const a = groups(first);
  const b = groups(second);
  const c = groups(third);
  return [
    {
      itemId: first.id,
      quantity: 1,
      choiceIds: [
        choiceOf(a.size, 2),
        choiceOf(a.extras, 0),
        choiceOf(a.extras, 1),
        choiceOf(a.side, 0),
      ],
    },
    { itemId: second.id, quantity: 2, choiceIds: [choiceOf(b.size, 1), choiceOf(b.extras, 2)] },
    { itemId: third.id, quantity: 1, choiceIds: [choiceOf(c.size, 0)] },
  ];
}

/**
 * Creates the bench's sites through the app's own write paths (the server is not running
 * yet), then opens the restaurant 9 to 9 in New York and turns its ordering on.
 */
async function seedOrderSite(where: Record<string, string>): Promise<OrderSite> {
  const services = await startServices(loadEnv(serverEnv(where)), "npm run bench:orders");
  try {
    const sites = await createBenchSites(services);
    const restaurant = sites.find((site) => site.type === "restaurant");
    const product = await services.db.query.products.findFirst({
      where: eq(products.type, "restaurant"),
      columns: { id: true },
    });
    if (!restaurant || !product) throw new Error("The fixture made no restaurant.");
    await services.db
      .update(productInfo)
      .set({ hours: OPEN_ALL_WEEK, timeZone: TIME_ZONE })
      .where(eq(productInfo.productId, product.id));
    await saveOrderSettings(services.events, product.id, ORDER_SETTINGS);

    const rows = await services.db
      .select()
      .from(items)
      .where(eq(items.productId, product.id))
      .orderBy(asc(items.name));
    const menu: OrderableItem[] = rows.map((row) => ({
      id: row.id,
      name: row.name,
      priceCents: row.priceCents,
      soldOut: row.soldOut,
      options: storedOptions(row.options),
    }));
    const cart = typicalCart(menu);
    const priced = priceCart(new Map(menu.map((item) => [item.id, item])), cart, ENGLISH);
    if (priced.problems.length > 0) {
      throw new Error(`The bench's cart is refused: ${priced.problems[0]!.message}`);
    }
    const slots = orderSlots(
      { hours: OPEN_ALL_WEEK, specialHours: [], timeZone: TIME_ZONE },
      slotRules(ORDER_SETTINGS),
      new Date(CLOCK),
      200,
    ).map((slot) => slot.start);
    if (slots.length === 0) throw new Error(`The restaurant offers no slot at ${CLOCK}.`);
    return {
      path: restaurant.path,
      orderPath: `${restaurant.path}/order`,
      cart: formatCart(cart),
      subtotalCents: priced.subtotalCents,
      slots,
    };
  } finally {
    await services.close();
  }
}

/** One kind of request measured over a round: its server CPU and how many were answered. */
interface Measurement {
  requests: number;
  concurrency: number;
  cpuMsPerRequest: number;
  requestsPerSecond: number;
}

/** The rounds of one kind of request, and their medians. */
interface Summary {
  concurrency: number;
  requests: number;
  cpuMsPerRequest: number;
  requestsPerSecond: number;
  rounds: Measurement[];
}

const summary = (rounds: Measurement[]): Summary => ({
  concurrency: rounds[0]!.concurrency,
  requests: rounds[0]!.requests,
  cpuMsPerRequest: median(rounds.map((round) => round.cpuMsPerRequest)),
  requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
  rounds,
});

/** Waits this long after the last answer, for what the server does after it (the outbox). */
const SETTLE_MS = 500;

/**
 * Sends `count` requests, `concurrency` at a time; `send(index, worker)` makes one and
 * throws when its answer is wrong. The server's CPU time is read before and after.
 */
async function measure(
  pid: number,
  count: number,
  concurrency: number,
  send: (index: number, worker: number) => Promise<void>,
): Promise<Measurement> {
  const cpuBefore = processCpuMs(pid);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < count) {
        const index = next++;
        await send(index, worker);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return {
    requests: count,
    concurrency,
    cpuMsPerRequest: (processCpuMs(pid) - cpuBefore) / count,
    requestsPerSecond: count / seconds,
  };
}

/** The requests a customer's browser makes, against one running server. */
function customer(url: string, site: OrderSite) {
  let keys = 0;
  let batches = 0;
  const form = (fields: Record<string, string>, address: string) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: url,
      "x-forwarded-for": address,
    },
    body: new URLSearchParams(fields).toString(),
  });
  const fail = async (what: string, response: Response) => {
    const body = await response.text();
    throw new Error(
      `${what} answered ${response.status} ${response.headers.get("location") ?? ""}\n` +
        body.slice(0, 2000),
    );
  };
  /** A client address per worker of each batch of requests. */
  const addresses = (concurrency: number) => {
    batches += 1;
    return Array.from(
      { length: concurrency },
      (_, worker) => `10.${Math.floor(batches / 250) % 250}.${batches % 250}.${worker + 1}`,
    );
  };
  return {
    addresses,
    /** Places one order; resolves with its status page's path. */
    async place(index: number, address: string): Promise<string> {
      keys += 1;
      const placeKey = `bench${String(keys).padStart(8, "0")}${randomBytes(6).toString("hex")}`;
      const response = await fetch(
        url + site.orderPath,
        form(
          {
            cart: site.cart,
            placeKey,
            fulfilment: "pickup",
            slot: String(site.slots[index % site.slots.length]),
            name: "Ada Lovelace",
            phone: "+1 555 0101",
            email: `customer${keys}@example.com`,
            note: "No onions on the second one, please.",
            website: "",
            step: "place",
          },
          address,
        ),
      );
      const location = response.headers.get("location") ?? "";
      const statusPath = new URL(location, url).pathname;
      if (response.status !== 303 || !/^\/o\/[A-Za-z0-9]+$/.test(statusPath)) {
        await fail("Placing an order", response);
      }
      await response.arrayBuffer();
      return statusPath;
    },
    async review(address: string): Promise<void> {
      const response = await fetch(
        url + site.orderPath,
        form({ cart: site.cart, seenTotal: String(site.subtotalCents), step: "review" }, address),
      );
      const body = await response.text();
      if (response.status !== 200 || !body.includes('name="placeKey"')) {
        throw new Error(`The review step answered ${response.status}:\n${body.slice(0, 2000)}`);
      }
    },
    async get(pathname: string, address: string): Promise<void> {
      const response = await fetch(url + pathname, { headers: { "x-forwarded-for": address } });
      if (response.status !== 200) await fail(`GET ${pathname}`, response);
      await response.arrayBuffer();
    },
  };
}

interface DatabaseResults {
  database: string;
  /** The 1-minute load average as this database's measurement began. */
  loadAverage: number;
  place: Summary[];
  review: Summary;
  status: Summary;
  page: Summary;
}

/** Every measurement of one database, on a server started for it. */
async function measureDatabase(
  database: string,
  where: Record<string, string>,
): Promise<{ results: DatabaseResults; site: OrderSite; url: string; stop: () => Promise<void> }> {
  log(`${database}: creating the sites`);
  const site = await seedOrderSite(where);
  const portal = await startPortal(serverEnv(where));
  const pid = portal.child.pid!;
  const stop = async () => {
    await portal.stop();
  };
  try {
    const client = customer(portal.url, site);
    const statusPaths: string[] = [];
    // Warm-up: the first answers of each kind compile the code they run.
    const [warmAddress] = client.addresses(1);
    for (let index = 0; index < WARM_UP; index++) {
      statusPaths.push(await client.place(index, warmAddress!));
      await client.review(warmAddress!);
      await client.get(statusPaths[index]!, warmAddress!);
      await client.get(site.orderPath, warmAddress!);
    }
    const loadAverage = os.loadavg()[0]!;
    const place = new Map<number, Measurement[]>(CONCURRENCIES.map((c) => [c, []]));
    const review: Measurement[] = [];
    const status: Measurement[] = [];
    const page: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const concurrency of CONCURRENCIES) {
        const addresses = client.addresses(concurrency);
        const measured = await measure(pid, ORDERS, concurrency, async (index, worker) => {
          statusPaths.push(await client.place(index, addresses[worker]!));
        });
        place.get(concurrency)!.push(measured);
        log(
          `${database} round ${round + 1}: placing at ${concurrency}: ` +
            `${measured.cpuMsPerRequest.toFixed(2)} ms CPU per order, ` +
            `${measured.requestsPerSecond.toFixed(1)} orders/s`,
        );
      }
      const [address] = client.addresses(1);
      review.push(await measure(pid, ORDERS, 1, () => client.review(address!)));
      status.push(
        await measure(pid, ORDERS, 1, (index) =>
          client.get(statusPaths[index % statusPaths.length]!, address!),
        ),
      );
      page.push(await measure(pid, ORDERS, 1, () => client.get(site.orderPath, address!)));
      log(
        `${database} round ${round + 1}: review ${review.at(-1)!.cpuMsPerRequest.toFixed(2)} ms, ` +
          `status page ${status.at(-1)!.cpuMsPerRequest.toFixed(2)} ms, ` +
          `order page ${page.at(-1)!.cpuMsPerRequest.toFixed(2)} ms CPU each`,
      );
    }
    return {
      results: {
        database,
        loadAverage,
        place: CONCURRENCIES.map((concurrency) => summary(place.get(concurrency)!)),
        review: summary(review),
        status: summary(status),
        page: summary(page),
      },
      site,
      url: portal.url,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Bytes {
  raw: number;
  gzip: number;
}

interface PageWeight {
  path: string;
  /** The HTML as served with `Accept-Encoding: gzip`, and decompressed. */
  html: Bytes;
  /** The page's inline scripts together; gzip at level 9, as bench/browser-metrics.ts counts. */
  script: Bytes;
  inlineScripts: number;
  /** Scripts loaded from a file: none is expected. */
  scriptFiles: number;
  /** The stylesheets it links (shared with the public pages, so often cached), for reference. */
  stylesheets: Bytes;
}

async function weighOrderPage(url: string, orderPath: string): Promise<PageWeight> {
  const sent = await fetchAsSent(url + orderPath, { "accept-encoding": "gzip" });
  if (sent.headers["content-encoding"] !== "gzip") {
    throw new Error(`The order page was not served gzipped (${sent.headers["content-encoding"]}).`);
  }
  const html = gunzipSync(sent.body).toString("utf8");
  if (!html.includes("order-status is-open")) {
    throw new Error("The order page does not say it takes orders: the clock or hours are wrong.");
  }
  let inline = "";
  let inlineScripts = 0;
  let scriptFiles = 0;
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes!)) scriptFiles += 1;
    else if (!/type="application\/(ld\+)?json"/.test(attributes!)) {
      inline += body;
      inlineScripts += 1;
    }
  }
  if (inlineScripts === 0) throw new Error("The order page has no script.");
  const stylesheets: Bytes = { raw: 0, gzip: 0 };
  for (const [link] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    if (!href) continue;
    const css = Buffer.from(await (await fetch(new URL(href, url))).arrayBuffer());
    stylesheets.raw += css.length;
    stylesheets.gzip += gzipSync(css, { level: 9 }).length;
  }
  const script = Buffer.from(inline, "utf8");
  return {
    path: orderPath,
    html: { raw: Buffer.byteLength(html, "utf8"), gzip: sent.body.length },
    script: { raw: script.length, gzip: gzipSync(script, { level: 9 }).length },
    inlineScripts,
    scriptFiles,
    stylesheets,
  };
}

function version(): string {
  const described = spawnSync("git", ["describe", "--always", "--dirty"], {
    cwd: root,
    encoding: "utf8",
  });
  return described.stdout.trim() || "unknown";
}

interface BudgetCheck {
  name: string;
  budget: string;
  measured: string;
  pass: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<number> {
  const startLoad = os.loadavg()[0]!;
  const databases: DatabaseResults[] = [];
  let weight: PageWeight | null = null;
  let subtotalCents = 0;

  const pgliteDir = tempDataDir();
  try {
    const pglite = await measureDatabase("PGlite", { DATA_DIR: pgliteDir });
    try {
      databases.push(pglite.results);
      subtotalCents = pglite.site.subtotalCents;
      weight = await weighOrderPage(pglite.url, pglite.site.orderPath);
    } finally {
      await pglite.stop();
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (benchDatabaseUrl) {
    const databaseUrl = await recreateDatabase(benchDatabaseUrl, POSTGRES_DATABASE);
    // Uploaded pictures still go to the disk: they get their own directory.
    const filesDir = tempDataDir();
    try {
      const postgres = await measureDatabase("PostgreSQL", {
        DATA_DIR: filesDir,
        DATABASE_URL: databaseUrl,
      });
      await postgres.stop();
      databases.push(postgres.results);
    } finally {
      await dropDatabase(benchDatabaseUrl, POSTGRES_DATABASE);
      rmSync(filesDir, { recursive: true, force: true });
    }
  }
  const endLoad = os.loadavg()[0]!;

  const pgliteOne = databases[0]!.place.find((row) => row.concurrency === 1)!;
  const budgets: BudgetCheck[] = [
    {
      name: "Server CPU per placed order, PGlite, one at a time",
      budget: `≤ ${BUDGETS.placeCpuMs} ms`,
      measured: ms(pgliteOne.cpuMsPerRequest),
      pass: pgliteOne.cpuMsPerRequest <= BUDGETS.placeCpuMs,
    },
    {
      name: "Order page JavaScript (gzip)",
      budget: `≤ ${kb(BUDGETS.jsGzipBytes)}`,
      measured: kb(weight.script.gzip),
      pass: weight.script.gzip <= BUDGETS.jsGzipBytes && weight.scriptFiles === 0,
    },
    {
      name: "Order page HTML (gzip, as served)",
      budget: `≤ ${kb(BUDGETS.htmlGzipBytes)}`,
      measured: kb(weight.html.gzip),
      pass: weight.html.gzip <= BUDGETS.htmlGzipBytes,
    },
  ];

  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  const date = new Date().toISOString();
  const recorded = {
    command: COMMAND,
    date,
    version: version(),
    machine,
    loadAverage: { start: startLoad, end: endLoad },
    settings: {
      orders: ORDERS,
      rounds: ROUNDS,
      clock: CLOCK,
      timeZone: TIME_ZONE,
      cart: "3 lines: a large dish with two extras and a side, two regular with one extra, one small",
      subtotalCents,
    },
    databases,
    weight,
    budgets,
    pass: budgets.every((check) => check.pass),
  };
  writeFileSync(path.join(resultsDir, "orders.json"), `${JSON.stringify(recorded, null, 2)}\n`);

  const rate = (value: number) => `${value.toFixed(1)}/s`;
  const cpuRounds = (row: Summary) =>
    row.rounds.map((round) => round.cpuMsPerRequest.toFixed(2)).join(", ");
  const rows = databases.flatMap((result) => [
    ...result.place.map((row) => [
      result.database,
      `Place an order (303 to its status page), ${row.concurrency} at a time`,
      ms(row.cpuMsPerRequest),
      `${cpuRounds(row)} ms`,
      rate(row.requestsPerSecond),
    ]),
    ...(
      [
        ["Review step (`step=review`)", result.review],
        ["Status page `/o/{token}`", result.status],
        ["Order page GET", result.page],
      ] as const
    ).map(([what, row]) => [
      result.database,
      `${what}, 1 at a time`,
      ms(row.cpuMsPerRequest),
      `${cpuRounds(row)} ms`,
      rate(row.requestsPerSecond),
    ]),
  ]);
  const markdown = [
    "# Orders",
    "",
    "What a customer's order costs the server, and what the order page weighs (decision 22).",
    `Measured ${date} (${version()}) with \`${COMMAND}\`;`,
    "without BENCH_DATABASE_URL the PostgreSQL rows are left out.",
    "",
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}.`,
    `Load average (1 min): ${[
      `${startLoad.toFixed(2)} at the start`,
      ...databases.map(
        (result) => `${result.loadAverage.toFixed(2)} as ${result.database}'s rounds began`,
      ),
      `${endLoad.toFixed(2)} at the end`,
    ].join(", ")}.`,
    "",
    "The bench's restaurant (bench/fixtures.ts: 50 items, each with three sizes and two choice",
    `groups), open 9 AM to 9 PM every day in ${TIME_ZONE}, the clock at ${CLOCK}, ordering on,`,
    "no cap on a slot. The server as deployed: request log at `info`, page views counted,",
    "MAIL=off (the outbox still records each order's mail), TRUST_PROXY=1 with an address per",
    "batch, the order rate limits raised. Each order is a new review form of three lines (a large",
    "dish with two extras and a side, two regular ones with one extra, one with its size only,",
    `${formatPrice(subtotalCents)} in all) for pickup in one of today's slots.`,
    "Server CPU time per answer from /proc (utime + stime of the portal's process; PGlite runs",
    "inside it, PostgreSQL's own work is not counted), the median of",
    `${ROUNDS} rounds of ${ORDERS} requests; the rate is the rounds' median too.`,
    "",
    table(["Database", "Request", "Server CPU each", "Rounds", "Rate"], rows),
    "",
    "## The order page",
    "",
    table(
      ["What", "Raw", "Gzip"],
      [
        ["HTML (gzip as served)", kb(weight.html.raw), kb(weight.html.gzip)],
        [
          `JavaScript: ${weight.inlineScripts} inline script, ${weight.scriptFiles} files (gzip level 9)`,
          kb(weight.script.raw),
          kb(weight.script.gzip),
        ],
        [
          "Stylesheets it links (shared with the public pages; gzip level 9)",
          kb(weight.stylesheets.raw),
          kb(weight.stylesheets.gzip),
        ],
      ],
    ),
    "",
    "## Budgets",
    "",
    table(
      ["Budget", "Limit", "Measured", "Met"],
      budgets.map((check) => [
        check.name,
        check.budget,
        check.measured,
        check.pass ? "yes" : "**no**",
      ]),
    ),
    "",
  ].join("\n");
  writeFileSync(path.join(resultsDir, "orders.md"), markdown);
  console.log(`\n${markdown}`);

  const missed = budgets.filter((check) => !check.pass);
  if (missed.length > 0) {
    console.error(`${missed.length} budget(s) missed: ${missed.map((m) => m.name).join("; ")}.`);
    return 1;
  }
  console.log("Every budget met.");
  return 0;
}

process.exitCode = await main();
