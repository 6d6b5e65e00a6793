/**
 * `npm run bench`: how fast the public pages are, measured on the production build.
 *
 * One run builds if the sources changed, creates the benchmark's sites on a fresh data
 * directory, then, on the same server:
 * - loads the restaurant and shop pages at 50 connections with brotli from the page cache,
 *   against two anchors sending the same bytes (anchors.ts): bare Node, and nginx when it
 *   is installed; each three times in alternation, with the CPU time each process used per
 *   answer read from /proc;
 * - loads them with the cache off (PGlite, and PostgreSQL when BENCH_DATABASE_URL is set),
 *   for the CPU time an uncached view costs;
 * - reads the server's resident memory at idle, under load and with a full page cache;
 * - loads them at 200 connections with a random query string on every request, against the
 *   plain page at 200 connections, from the page cache;
 * - loads the cached restaurant page at 50 connections as visitors' phones, on a server that
 *   counts views and logs each request (as deployed), on one that only logs, and on one that
 *   does neither (side by side, in ten rounds of short turns), for what counting a view and
 *   logging a request cost;
 * - weighs every public page and loads it in Chromium under mobile throttling;
 * - counts the instructions an uncached view runs, under valgrind (bench/instructions.ts);
 * - counts the instructions a cache hit runs on each of the page-view comparison's servers,
 *   under valgrind, on which what counting a view and logging a request add is judged;
 * - with BENCH_DATABASE_URL, times the public pages' queries among 5,000,000 items.
 * It writes bench/results/latest.json and latest.md, with the machine's CPU model and load
 * average, and exits 1 when a budget is missed.
 *
 * `BENCH_ONLY=load` measures the public pages' cached and uncached loads and their weight and
 * loading in Chromium alone, `BENCH_ONLY=random-query` the random query strings alone, and
 * `BENCH_ONLY=page-views` what counting a view costs alone, `BENCH_ONLY=lighthouse` the
 * Lighthouse audits alone (the public pages, the editor, the landing and sign-in pages, each
 * group beside a trivial page), `BENCH_ONLY=uncached` the
 * uncached views alone and `BENCH_ONLY=memory` the memory readings alone (both on PostgreSQL
 * too with BENCH_DATABASE_URL); each puts its part into the results already recorded,
 * leaving the rest as it was. `BENCH_ONLY=instructions` counts the instructions of uncached
 * views under valgrind (bench/instructions.ts), a figure no busy host moves, on PGlite and
 * with BENCH_DATABASE_URL on PostgreSQL. `BENCH_ONLY=hit-instructions` counts a cache hit's
 * instructions on the page-view comparison's four servers alone. `BENCH_ONLY=profile`
 * profiles the uncached views on PGlite (and PostgreSQL, with BENCH_DATABASE_URL) into
 * bench/results/uncached-profile.md, and with BENCH_PROFILE_DIR writes each profile whole
 * into that directory.
 *
 * Last, it runs bench/editor.ts (`npm run bench:editor`, alone: `BENCH_ONLY=editor`): the
 * owner's editor, products page and orders inbox on a throttled phone, recorded in
 * bench/results/editor.md; then bench/orders.ts (`npm run bench:orders`, alone:
 * `BENCH_ONLY=orders`): what orders cost the server, and the order page as a phone gets it,
 * recorded in bench/results/orders.md. A missed target in either fails the run too.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { viewTotals } from "~/server/analytics/page-view-reports.server";
import { loadEnv } from "~/server/runtime/env.server";
import { encodePage } from "~/server/pages/page-cache.server";
import { publicPageProductId } from "~/server/pages/public-page-cache.server";
import { startServices } from "~/server/runtime/services.server";
import {
  freePort,
  startPortal,
  tempDataDir,
  type PortalProcess,
} from "../tests/e2e/server-process";
import { busiestFunctions, cpuShares, PORTAL_CODE, type CpuProfile } from "./cpu-profile";
import { collectGarbage, INSPECTOR_ON_DEMAND, InspectorSession, openInspector } from "./inspector";
import { measurePages, type PageReport } from "./browser-metrics";
import {
  checkBudgets,
  HIT_INSTRUCTIONS_BUDGET_PREFIX,
  INSTRUCTIONS_BUDGET_PREFIX,
  LANDING_BUDGET_PREFIX,
  MEMORY_BUDGET_PREFIX,
  LIGHTHOUSE_BUDGET_PREFIX,
  MEMORY_QUIET_SECONDS,
  PAGE_VIEW_BUDGET_PREFIX,
  PGLITE_SCALE_BUDGET_PREFIX,
  RANDOM_QUERY_BUDGET_PREFIX,
  RESTART_BUDGET_PREFIX,
  FIRST_START_BUDGET_PREFIX,
  resultsMarkdown,
  table,
  UNCACHED_BUDGET_PREFIX,
  type BenchResults,
  type LighthousePageKind,
  type MemoryReport,
  type PageLoadReport,
  type PageViewCostReport,
  type RandomQueryReport,
  type RestartReport,
  type UncachedRun,
  type WorkersReport,
} from "./budgets";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import {
  fetchAsSent,
  fetchSettledCopy,
  startBareNode,
  startNginx,
  startRenderCompressServer,
} from "./anchors";
import { measureDatabaseScale } from "./database-scale";
import { BENCH_FOOD_OWNER, createBenchSites, type BenchSite } from "./fixtures";
import { measureLighthouse, TRIVIAL_PAGE_NAME, TRIVIAL_PAGE_PATH } from "./lighthouse";
import { measurePgliteScale } from "./pglite-scale";
import {
  callgrindAvailable,
  countAnchorInstructions,
  countCachedHitInstructions,
  countViewInstructions,
  HIT_STRETCH,
  INSTRUCTION_WARM_UP_VIEWS,
  VIEW_STRETCH,
  type HitInstructionsReport,
  type HitPortal,
  type InstructionsReport,
} from "./instructions";
import {
  CONNECTIONS,
  measureLoad,
  measureRandomQueryLoad,
  processRssMiB,
  RANDOM_QUERY_CONNECTIONS,
  type LoadResult,
} from "./load";
import { recreateDatabase, dropDatabase } from "./postgres";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "bench", "results");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || null;
const only = process.env.BENCH_ONLY || null;
/** Where `BENCH_ONLY=profile` also writes each CPU profile whole, when set. */
const profileDir = process.env.BENCH_PROFILE_DIR || null;
const PARTS = [
  "load",
  "random-query",
  "page-views",
  "landing",
  "workers",
  "pglite-scale",
  "uncached",
  "instructions",
  "hit-instructions",
  "memory",
  "profile",
  "restart",
  "editor",
  "orders",
  "lighthouse",
] as const;
const log = (line: string) => console.log(`[bench] ${line}`);

/** The budgets of the other parts; the rest are the page loads' (`BENCH_ONLY=load`). */
const OTHER_PARTS_BUDGET_PREFIXES = [
  PGLITE_SCALE_BUDGET_PREFIX,
  INSTRUCTIONS_BUDGET_PREFIX,
  HIT_INSTRUCTIONS_BUDGET_PREFIX,
  RANDOM_QUERY_BUDGET_PREFIX,
  PAGE_VIEW_BUDGET_PREFIX,
  RESTART_BUDGET_PREFIX,
  FIRST_START_BUDGET_PREFIX,
  LANDING_BUDGET_PREFIX,
  MEMORY_BUDGET_PREFIX,
  LIGHTHOUSE_BUDGET_PREFIX,
  "Database time",
];

/** Production settings shared by every server and seeding step of the run. */
function productionEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: "production",
    AUTH_SECRET: authSecret,
    SEED_DEMO: "false",
    MAIL: "off",
    ...extra,
  };
}
const authSecret = randomBytes(32).toString("hex");

async function seedSites(where: Record<string, string>): Promise<BenchSite[]> {
  const services = await startServices(loadEnv(productionEnv(where)), "npm run bench");
  try {
    return await createBenchSites(services);
  } finally {
    await services.close();
  }
}

/** Starts a production server, hands it to `work`, and always stops it. */
async function withServer<T>(
  env: Record<string, string>,
  work: (url: string, pid: number, server: PortalProcess) => Promise<T>,
) {
  const { BENCH_LOG_FILE: logFile, ...serverEnv } = env;
  const server = await startPortal(productionEnv(serverEnv), { logFile });
  try {
    return await work(server.url, server.child.pid!, server);
  } finally {
    await server.stop();
  }
}

const loadedPages = (sites: BenchSite[]) =>
  sites.filter((site) => site.type === "restaurant" || site.type === "shoppy");

/** What phones ask for: the page cache's brotli copy. */
const BROTLI = { "accept-encoding": "br" };

/** A visitor's phone coming from a search engine: a view that is counted, unlike a bare request. */
const VISITOR_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  referer: "https://www.google.com/",
};

/** A phone's request for a public page: brotli, and a view the portal counts. */
const PHONE_VIEW = { ...BROTLI, ...VISITOR_HEADERS };

/**
 * What a deployment runs with, beyond the run's own settings (docs/operators.md, Deploying): behind one
 * proxy, views counted (ANALYTICS's default), a line per request (LOG_LEVEL's default, info)
 * written to a file as a log collector takes it, and metrics on a port of their own, so that
 * every answer is timed into their histogram.
 */
async function deployedEnv(logDir: string, name: string): Promise<Record<string, string>> {
  return {
    TRUST_PROXY: "1",
    ANALYTICS: "on",
    LOG_LEVEL: "info",
    METRICS_PORT: String(await freePort()),
    BENCH_LOG_FILE: path.join(logDir, `${name}.log`),
  };
}
/** Each target of the cached comparison is run this many times, in alternation. */
const ROUNDS = 3;

/**
 * Uncached views of the restaurant and the shop, by site type: the PGlite and PostgreSQL
 * runs seed the same sites under different ids.
 */
async function measureUncached(sites: BenchSite[], env: Record<string, string>) {
  const anchor = await startRenderCompressServer();
  try {
    return await withServer({ ...env, PAGE_CACHE_BYTES: "0" }, async (url, pid) => {
      // The anchor under the same load as a page, right before and right after each page's:
      // the host's speed at that moment, with the load's own costs (connections, parsing,
      // garbage collection) in it as they are in a view's. The budget scales with it.
      const loadAnchor = async () => {
        const { cpuMsPerRequest } = await measureLoad(anchor.url, {
          seconds,
          headers: BROTLI,
          serverPid: anchor.pid,
        });
        log(`anchor: ${cpuMsPerRequest!.toFixed(3)} ms CPU per render-and-compress`);
        return cpuMsPerRequest!;
      };
      // Every page once before any is measured: the first measured would otherwise pay for
      // the compilations a fresh process makes while it meets the portal's code.
      for (const site of loadedPages(sites)) {
        await measureLoad(url + site.path, { seconds: seconds / 2, headers: BROTLI });
      }
      // By page: a site's language versions are pages of their own, with the site type's budget.
      const results = new Map<string, UncachedRun>();
      let anchorBefore = await loadAnchor();
      for (const site of loadedPages(sites)) {
        log(`uncached ${site.path}`);
        const load = await measureLoad(url + site.path, {
          seconds,
          headers: BROTLI,
          serverPid: pid,
        });
        const anchorAfter = await loadAnchor();
        results.set(site.name, { ...load, anchorCpuMs: (anchorBefore + anchorAfter) / 2 });
        anchorBefore = anchorAfter;
      }
      return results;
    });
  } finally {
    await anchor.stop();
  }
}

/**
 * Counted views of each page, one after another (`BENCH_INSTRUCTION_VIEWS`): more of them
 * spread a garbage collection or a late compilation over more views.
 */
const INSTRUCTION_VIEWS_PER_PAGE = Number(process.env.BENCH_INSTRUCTION_VIEWS ?? 50);

/**
 * Instructions per uncached view on PGlite (and PostgreSQL, with BENCH_DATABASE_URL), beside
 * the render-and-compress anchor's; null when valgrind is not installed.
 */
async function measureInstructions(
  sites: BenchSite[],
  env: Record<string, string>,
): Promise<InstructionsReport[] | null> {
  if (!callgrindAvailable()) {
    log("valgrind is not installed (apt-get install valgrind): instructions are not counted");
    return null;
  }
  log("the render-and-compress anchor's instructions, under callgrind");
  const anchorInstructionsPerPage = await countAnchorInstructions();
  const count = async (
    database: InstructionsReport["database"],
    counted: BenchSite[],
    where: Record<string, string>,
  ): Promise<InstructionsReport> => {
    log(`instructions per uncached view on ${database}, under callgrind`);
    const pages = await countViewInstructions({
      env: productionEnv(where),
      pages: loadedPages(counted),
      warmUpViews: INSTRUCTION_WARM_UP_VIEWS,
      viewsPerPage: INSTRUCTION_VIEWS_PER_PAGE,
      log,
    });
    return {
      database,
      warmUpViews: INSTRUCTION_WARM_UP_VIEWS,
      viewsPerPage: INSTRUCTION_VIEWS_PER_PAGE,
      viewsPerStretch: VIEW_STRETCH,
      anchorInstructionsPerPage,
      pages,
    };
  };
  const reports = [await count("pglite", sites, env)];
  if (benchDatabaseUrl)
    reports.push(await withPostgresSites((counted, where) => count("postgres", counted, where)));
  return reports;
}

/** How many of the portal's functions the profile report names. */
const BUSIEST_FUNCTIONS = 12;

/** A profile table's row: what ran, its share of the busy time, and its time per view. */
const shareRow = (what: string, share: number, cpuMsPerView: number) => [
  what,
  `${(share * 100).toFixed(1)}%`,
  `${(share * cpuMsPerView).toFixed(3)} ms`,
];

/**
 * Where an uncached view's CPU time goes, page by page: a CPU profile of the same load as
 * the uncached run, taken through the inspector for the load alone. Returns the report's
 * sections for one database.
 */
async function profileUncached(
  sites: BenchSite[],
  env: Record<string, string>,
  database: string,
): Promise<string[]> {
  const sections = [];
  for (const site of loadedPages(sites)) {
    log(`profiling uncached ${site.path} on ${database}`);
    const serverEnv = { ...env, PAGE_CACHE_BYTES: "0", ...INSPECTOR_ON_DEMAND };
    const { load, profile } = await withServer(serverEnv, async (url, pid, server) => {
      const session = await InspectorSession.connect(
        await openInspector(pid, () => server.output()),
      );
      try {
        await session.send("Profiler.enable");
        await session.send("Profiler.start");
        const load = await measureLoad(url + site.path, {
          seconds,
          headers: BROTLI,
          serverPid: pid,
        });
        const { profile } = await session.send<{ profile: CpuProfile }>("Profiler.stop");
        return { load, profile };
      } finally {
        session.close();
      }
    });
    const cpuMs = load.cpuMsPerRequest ?? 0;
    if (profileDir) {
      // The whole profile, for Chrome DevTools' Performance panel or a script of one's own.
      const name = `${database}-${site.name.replace(/\W+/g, "-").replace(/-$/, "")}.cpuprofile`;
      writeFileSync(path.join(profileDir, name), JSON.stringify(profile));
    }
    sections.push(
      `## ${site.name} on ${database}`,
      `${Math.round(load.requestsPerSecond)}/s, ${cpuMs.toFixed(3)} ms CPU per view (profiled).`,
      table(
        ["What ran", "Share", "Per view"],
        cpuShares(profile)
          .filter((row) => row.share >= 0.005)
          .map((row) => shareRow(row.what, row.share, cpuMs)),
      ),
      `The portal's own code, by function (its ${BUSIEST_FUNCTIONS} busiest):`,
      table(
        ["Function", "Share", "Per view"],
        busiestFunctions(profile, PORTAL_CODE, BUSIEST_FUNCTIONS).map((row) =>
          shareRow(`\`${row.what}\``, row.share, cpuMs),
        ),
      ),
    );
  }
  return sections;
}

/** bench/results/uncached-profile.md: the profiles on PGlite, and on PostgreSQL when given. */
async function writeUncachedProfiles(sites: BenchSite[], env: Record<string, string>) {
  const databases = benchDatabaseUrl ? "PGlite and PostgreSQL" : "PGlite";
  const header = [
    "# Where an uncached view's CPU time goes",
    `${new Date().toISOString()} · commit ${currentCommit()} · ${databases}, the page cache ` +
      `off, ${CONNECTIONS} connections, brotli · load average ` +
      `${os.loadavg()[0]!.toFixed(2)} before the run. Self time of a V8 CPU profile, as ` +
      "shares of the server's busy time; a PostgreSQL server's own work is not in it.",
  ];
  const pglite = await profileUncached(sites, env, "PGlite");
  const postgres = benchDatabaseUrl
    ? await withPostgresSites((postgresSites, postgresEnv) =>
        profileUncached(postgresSites, postgresEnv, "PostgreSQL"),
      )
    : [];
  const markdown = [...header, ...pglite, ...postgres].join("\n\n") + "\n";
  writeFileSync(path.join(resultsDir, "uncached-profile.md"), markdown);
  console.log("\n" + markdown);
}

/**
 * The bench's sites seeded in a fresh PostgreSQL database of BENCH_DATABASE_URL's server,
 * for `work`; the database and the pictures' directory are removed afterwards.
 */
async function withPostgresSites<T>(
  work: (sites: BenchSite[], env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const name = "site_builder_bench_pages";
  const databaseUrl = await recreateDatabase(benchDatabaseUrl!, name);
  // Uploaded pictures still go to the disk: give them their own directory.
  const env = { DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl };
  try {
    return await work(await seedSites(env), env);
  } finally {
    await dropDatabase(benchDatabaseUrl!, name);
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  }
}

/** A page's HTML without its inline stylesheets, raw and as the page cache stores its brotli copy. */
function withoutInlineStyles(html: Buffer) {
  const content = Buffer.from(html.toString().replace(/<style>[^]*?<\/style>/g, ""));
  return { rawBytes: content.length, brotliBytes: encodePage(content, "br", "refined").length };
}

/**
 * The cached page against its anchors (anchors.ts), which send the bytes the portal sent:
 * every target run ROUNDS times, in alternation.
 */
async function measureCachedPage(
  url: string,
  pid: number,
  site: BenchSite,
): Promise<Omit<PageLoadReport, "uncached">> {
  const pageUrl = url + site.path;
  // The first view renders and stores the page; the second stores its brotli copy, which the
  // cache then squeezes in the background: the anchors send the copy it settles on.
  const raw = await fetchAsSent(pageUrl, {});
  const sent = await fetchSettledCopy(pageUrl, PHONE_VIEW);
  const bareNode = await startBareNode(sent.body, sent.headers);
  const nginx = await startNginx(sent.body, sent.headers);
  if (!nginx) log("nginx is not installed (apt-get install nginx): its anchor is left out");
  try {
    const runs: Pick<PageLoadReport, "cached" | "bareNode"> & { nginx: LoadResult[] } = {
      cached: [],
      bareNode: [],
      nginx: [],
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      log(`round ${round} of ${ROUNDS}: ${site.path} from the page cache, then its anchors`);
      const options = { seconds, headers: PHONE_VIEW };
      runs.cached.push(await measureLoad(pageUrl, { ...options, serverPid: pid }));
      runs.bareNode.push(await measureLoad(bareNode.url, { ...options, serverPid: bareNode.pid }));
      if (nginx)
        runs.nginx.push(await measureLoad(nginx.url, { ...options, serverPid: nginx.pid }));
    }
    return {
      page: site.name,
      type: site.type as PageLoadReport["type"],
      path: site.path,
      html: {
        rawBytes: raw.body.length,
        brotliBytes: sent.body.length,
        withoutStyles: withoutInlineStyles(raw.body),
      },
      cached: runs.cached,
      bareNode: runs.bareNode,
      nginx: nginx ? runs.nginx : null,
    };
  } finally {
    await bareNode.stop();
    await nginx?.stop();
  }
}

/** A metrics token for the bench's own servers, whose /metrics it reads. */
const METRICS_TOKEN = randomBytes(24).toString("hex");

/** Values of the server's /metrics (prom-client's text format), by metric name. */
async function readMetrics(url: string): Promise<Map<string, number>> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const values = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^([a-z_]+)(?:\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (match && !values.has(match[1]!)) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

/**
 * The portal's resident memory on one database: just after start and once it has been idle
 * for a while, at its largest under load from the cache, and once the page cache is full
 * (the shop's search with a new word on every request, each a page of its own) and the
 * process has been quiet again. V8's heap and the memory outside it are read beside, to
 * tell what the cache holds from what rendering left.
 */
async function measureMemory(
  sites: BenchSite[],
  env: Record<string, string>,
  database: MemoryReport["database"],
): Promise<MemoryReport> {
  return withServer({ ...env, METRICS_TOKEN, ...INSPECTOR_ON_DEMAND }, async (url, pid, server) => {
    log(`memory on ${database}: just after start, then idle`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const startMiB = processRssMiB(pid);
    const inspector = await openInspector(pid, () => server.output());
    const settle = async () => {
      await new Promise((resolve) => setTimeout(resolve, MEMORY_QUIET_SECONDS * 1000));
      await collectGarbage(inspector);
    };
    await settle();
    const idleMiB = processRssMiB(pid);
    const idle = await readMetrics(url);
    let underLoadMiB = idleMiB;
    for (const site of loadedPages(sites)) {
      log(`memory on ${database}: under load on ${site.path}`);
      const load = await measureLoad(url + site.path, {
        seconds: 5,
        headers: BROTLI,
        serverPid: pid,
      });
      underLoadMiB = Math.max(underLoadMiB, load.peakRssMiB ?? 0);
    }
    const shop = sites.find((site) => site.type === "shoppy")!;
    log(`memory on ${database}: filling the page cache`);
    let metrics = await readMetrics(url);
    const maxBytes = metrics.get("page_cache_max_bytes") ?? 0;
    for (let batch = 0; batch < 400; batch += 1) {
      if ((metrics.get("page_cache_bytes") ?? 0) >= maxBytes * 0.95) break;
      await Promise.all(
        Array.from({ length: 50 }, async (_, index) => {
          const response = await fetch(`${url}${shop.path}?q=fill${batch}x${index}`, {
            headers: BROTLI,
          });
          await response.arrayBuffer();
        }),
      );
      metrics = await readMetrics(url);
    }
    await settle();
    const full = await readMetrics(url);
    const mibOf = (values: Map<string, number>, name: string) => (values.get(name) ?? 0) / 2 ** 20;
    return {
      database,
      startMiB,
      idleMiB,
      underLoadMiB,
      fullCacheMiB: processRssMiB(pid),
      cacheBytes: full.get("page_cache_bytes") ?? 0,
      cacheMaxBytes: maxBytes,
      idleHeapUsedMiB: mibOf(idle, "nodejs_heap_size_used_bytes"),
      idleExternalMiB: mibOf(idle, "nodejs_external_memory_bytes"),
      fullHeapUsedMiB: mibOf(full, "nodejs_heap_size_used_bytes"),
      fullExternalMiB: mibOf(full, "nodejs_external_memory_bytes"),
    };
  });
}

function currentCommit(): string {
  return spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.trim();
}

/** The restaurant and shop pages with a random query string on every request, cache on. */
async function measureRandomQuery(
  sites: BenchSite[],
  env: Record<string, string>,
): Promise<RandomQueryReport> {
  // Taken before the server starts: the machine's own load, not the benchmark's.
  const loadAverage = os.loadavg()[0]!;
  const pages = await withServer(env, async (url) => {
    const reports: RandomQueryReport["pages"] = [];
    for (const site of loadedPages(sites)) {
      const connections = RANDOM_QUERY_CONNECTIONS;
      log(`plain ${site.path} at ${connections} connections`);
      const plain = await measureLoad(url + site.path, { seconds, connections });
      log(`random query strings on ${site.path} at ${connections} connections`);
      const randomQuery = await measureRandomQueryLoad(url + site.path, { seconds, connections });
      reports.push({ page: site.name, path: site.path, plain, randomQuery });
    }
    return reports;
  });
  return { finishedAt: new Date().toISOString(), commit: currentCommit(), loadAverage, pages };
}

/** Rounds of the page-view comparison: in each, every server is loaded for one turn. */
const PAGE_VIEW_ROUNDS = 10;

/**
 * What counting a view and logging a request cost a cache hit: the cached restaurant page as
 * phones load it, from a server as deployed (views counted, a log line per request), one with
 * ANALYTICS=off, and one that also logs nothing per request (LOG_LEVEL=warn), each against bare
 * Node sending the same bytes. Latency at 50 connections on a shared 2-core machine moves by a
 * third between identical runs, so the costs are read from the servers' CPU time per request.
 *
 * On this kind of host the pace of the CPU itself moves: the same server's CPU time per request
 * moved by half from one stretch of seconds to the next, ten times the budgets' 5%. So the four
 * servers run side by side (each on a copy of the data, since PGlite's files are one process's)
 * and are loaded in short turns (3 s at the default BENCH_SECONDS), a round of four turns at a
 * time, every other round in the reverse order. Two servers are compared within each round,
 * when the host ran at one pace for both, and a cost is the median of the rounds' ratios
 * (`comparePageViewCpu`). An idle server's timers cost no CPU worth counting, and each turn reads
 * only the CPU of the server it loads.
 */
async function measurePageViewCost(
  sites: BenchSite[],
  env: Record<string, string>,
): Promise<PageViewCostReport> {
  const site = pageViewSite(sites);
  const dataDir = env.DATA_DIR!;
  const configurations = await pageViewConfigurations(dataDir, "page-views");
  type Target = HitPortal | "bareNode";
  const sent = await withServer({ ...env, ...configurations.deployed }, (base) =>
    fetchSettledCopy(base + site.path, PHONE_VIEW),
  );
  const servers: PortalProcess[] = [];
  const bareNode = await startBareNode(sent.body, sent.headers);
  const portals = pageViewPortals(env, configurations);
  try {
    const targets = new Map<Target, { url: string; pid: number }>();
    for (const [name, { env: serverEnv, logFile }] of Object.entries(portals.settings)) {
      const server = await startPortal(serverEnv, { logFile });
      servers.push(server);
      targets.set(name as Target, { url: server.url + site.path, pid: server.child.pid! });
    }
    targets.set("bareNode", { url: bareNode.url, pid: bareNode.pid });

    const turnSeconds = Math.max(2, Math.round(seconds * 0.3));
    for (const [name, target] of targets) {
      log(`cached ${site.path}: warming up ${name}`);
      await measureLoad(target.url, { seconds: 3, warmupSeconds: 0, headers: PHONE_VIEW });
    }
    const runs = new Map<Target, LoadResult[]>();
    const order = [...targets.keys()];
    for (let round = 0; round < PAGE_VIEW_ROUNDS; round++) {
      for (const name of round % 2 === 0 ? order : [...order].reverse()) {
        const { url, pid } = targets.get(name)!;
        const run = await measureLoad(url, {
          seconds: turnSeconds,
          warmupSeconds: 0,
          headers: PHONE_VIEW,
          serverPid: pid,
        });
        runs.set(name, [...(runs.get(name) ?? []), run]);
      }
    }
    // Each server's median turn, for its rate and latency; the costs are read round by round.
    const medianTurn = (name: Target) => {
      const sorted = [...runs.get(name)!].sort(
        (a, b) => (a.cpuMsPerRequest ?? Infinity) - (b.cpuMsPerRequest ?? Infinity),
      );
      return sorted[Math.floor((sorted.length - 1) / 2)]!;
    };
    const cpuOfTurns = (name: Target) =>
      runs.get(name)!.map((run) => run.cpuMsPerRequest ?? Number.NaN);
    for (const name of targets.keys()) {
      log(
        `${name}: ${cpuOfTurns(name)
          .map((cpuMs) => cpuMs.toFixed(4))
          .join(" / ")} ms CPU per request`,
      );
    }
    // The counting server writes its views as it stops.
    for (const server of servers.splice(0)) await server.stop();
    const services = await startServices(loadEnv(productionEnv(env)), "npm run bench");
    try {
      const counted = await viewTotals(services.db, publicPageProductId(site.path)!, 2);
      return {
        page: site.name,
        path: site.path,
        analyticsOn: medianTurn("deployed"),
        analyticsOff: medianTurn("analyticsOff"),
        quiet: medianTurn("quiet"),
        bareNode: medianTurn("bareNode"),
        viewsCounted: counted.views,
        turnCpuMs: {
          analyticsOn: cpuOfTurns("deployed"),
          analyticsOff: cpuOfTurns("analyticsOff"),
          quiet: cpuOfTurns("quiet"),
          bareNode: cpuOfTurns("bareNode"),
        },
      };
    } finally {
      await services.close();
    }
  } finally {
    for (const server of servers) await server.stop();
    await bareNode.stop();
    portals.removeCopies();
  }
}

/** The page of the page-view comparison: the restaurant's menu. */
const pageViewSite = (sites: BenchSite[]) => sites.find((each) => each.type === "restaurant")!;

/**
 * The portal's three configurations in the page-view comparison: as deployed (views counted,
 * a line per request), with ANALYTICS=off, and with LOG_LEVEL=warn as well (neither). Each
 * has a metrics port and a log of its own, named after `part`, so that they can run side by
 * side.
 */
async function pageViewConfigurations(
  dataDir: string,
  part: string,
): Promise<Record<HitPortal, Record<string, string>>> {
  const deployedAs = (name: string) => deployedEnv(dataDir, `${part}-${name}`);
  return {
    deployed: await deployedAs("deployed"),
    analyticsOff: { ...(await deployedAs("analytics-off")), ANALYTICS: "off" },
    quiet: { ...(await deployedAs("quiet")), ANALYTICS: "off", LOG_LEVEL: "warn" },
  };
}

/**
 * Each configuration's production environment on a data directory of its own, since PGlite's
 * files are one process's: the deployed server the run's own, into which it counts its views
 * (measurePageViewCost reads them there), the others copies of it, made now, while no server
 * holds the data, and without the earlier parts' logs. `removeCopies` removes the copies.
 */
function pageViewPortals(
  env: Record<string, string>,
  configurations: Record<HitPortal, Record<string, string>>,
) {
  const copies: string[] = [];
  const settings = {} as Record<HitPortal, { env: Record<string, string>; logFile?: string }>;
  for (const [name, configuration] of Object.entries(configurations)) {
    let dataDir = env.DATA_DIR!;
    if (name !== "deployed") {
      dataDir = tempDataDir();
      cpSync(env.DATA_DIR!, dataDir, { recursive: true, filter: (file) => !file.endsWith(".log") });
      copies.push(dataDir);
    }
    const { BENCH_LOG_FILE: logFile, ...serverEnv }: Record<string, string> = {
      ...env,
      ...configuration,
      DATA_DIR: dataDir,
    };
    settings[name as HitPortal] = { env: productionEnv(serverEnv), logFile };
  }
  const removeCopies = () => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  };
  return { settings, removeCopies };
}

/** Requests each server answers before its hits are counted (bench/instructions.ts). */
const HIT_WARM_UP_REQUESTS = 40_000;
/**
 * Hits counted on each server, one after another (`BENCH_HIT_INSTRUCTION_HITS`), in whole
 * stretches of HIT_STRETCH.
 */
const HIT_COUNTED =
  Math.ceil(Number(process.env.BENCH_HIT_INSTRUCTION_HITS ?? 4_000) / HIT_STRETCH) * HIT_STRETCH;

/**
 * What a cache hit of the page-view comparison's page costs each of its servers in
 * instructions, counted under valgrind (bench/instructions.ts); null when valgrind is not
 * installed.
 */
async function measureHitInstructions(
  sites: BenchSite[],
  env: Record<string, string>,
): Promise<HitInstructionsReport | null> {
  if (!callgrindAvailable()) {
    log(
      "valgrind is not installed (apt-get install valgrind): a hit's instructions are not counted",
    );
    return null;
  }
  const site = pageViewSite(sites);
  const configurations = await pageViewConfigurations(env.DATA_DIR!, "hit-instructions");
  const portals = pageViewPortals(env, configurations);
  try {
    log(`instructions per cache hit of ${site.path}, under callgrind`);
    const servers = await countCachedHitInstructions({
      pagePath: site.path,
      headers: PHONE_VIEW,
      portals: portals.settings,
      warmUpRequests: HIT_WARM_UP_REQUESTS,
      countedHits: HIT_COUNTED,
      log,
    });
    return {
      page: site.name,
      path: site.path,
      warmUpRequests: HIT_WARM_UP_REQUESTS,
      countedHits: HIT_COUNTED,
      hitsPerStretch: HIT_STRETCH,
      servers,
    };
  } finally {
    portals.removeCopies();
  }
}

/**
 * The landing page as a visitor's phone first loads it, with the example sites' screenshots:
 * a server of its own on a fresh data directory, seeding the examples as a deployment does.
 */
async function measureLanding(): Promise<{
  landing: PageReport;
  lighthouse: NonNullable<BenchResults["lighthouse"]>;
}> {
  const dataDir = tempDataDir();
  try {
    // SEED_DEMO not given: a deployment seeds the example sites, and not the demo owner.
    return await withServer({ DATA_DIR: dataDir, SEED_DEMO: "" }, async (url) => {
      log("the landing page in Chromium");
      const [landing] = await measurePages(url, [{ name: "Landing", path: "/" }], { runs: 5 });
      const audits = await measureLighthouse(
        url,
        [
          { name: "Landing", path: "/" },
          { name: "Sign in", path: "/signin" },
        ],
        { log, anchor: true },
      );
      return {
        landing: landing!,
        lighthouse: audits.map((audit) =>
          audit.path === TRIVIAL_PAGE_PATH
            ? { ...audit, name: LANDING_ANCHOR_NAME, kind: "anchor" as const }
            : { ...audit, kind: "entry" as const },
        ),
      };
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The trivial page audited beside the landing and sign-in pages, on their own server. */
const LANDING_ANCHOR_NAME = `${TRIVIAL_PAGE_NAME}, beside Landing and Sign in`;

/** What Lighthouse's budgets take each of the bench's sites for. */
const LIGHTHOUSE_KINDS: Record<BenchSite["type"], LighthousePageKind> = {
  restaurant: "menu",
  shoppy: "shop",
  dealership: "public",
  ecommerce: "public",
};

/** Every public page, and the restaurant's editor as its owner sees it, in Lighthouse. */
async function auditPublicPages(url: string, sites: BenchSite[]) {
  // The sign-in form, as the owner's browser sends it: the session comes with its redirect.
  const signIn = await fetch(`${url}/signin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: BENCH_FOOD_OWNER.email,
      password: BENCH_FOOD_OWNER.password,
    }),
    redirect: "manual",
  });
  if (signIn.status !== 302)
    throw new Error(`The bench's owner could not sign in: ${signIn.status}.`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  const restaurant = sites.find((site) => site.type === "restaurant")!;
  const editor = `/user/restaurant/setup/${publicPageProductId(restaurant.path)}`;
  // Every audit meets the page as the cache holds it once phones have asked for it: its
  // refined brotli copy, not the quicker one the first request gets.
  for (const site of sites) await fetchSettledCopy(url + site.path, PHONE_VIEW);
  const audits = await measureLighthouse(
    url,
    [
      ...sites.map((site) => ({ name: site.name, path: site.path })),
      { name: "Restaurant editor", path: editor, cookie },
    ],
    { log, anchor: true },
  );
  return audits.map((audit) => {
    const site = sites.find((each) => each.path === audit.path);
    const kind: LighthousePageKind = site
      ? LIGHTHOUSE_KINDS[site.type]
      : audit.path === TRIVIAL_PAGE_PATH
        ? "anchor"
        : "editor";
    return { ...audit, kind };
  });
}

/**
 * The restaurant and shop pages, cached and uncached, from one and from two worker processes
 * (WEB_CONCURRENCY) on PostgreSQL, side by side. On a 2-core machine the load generator takes
 * a share of the same cores, so two workers cannot double anything; the report says so.
 */
async function measureWorkers(): Promise<WorkersReport | null> {
  if (!benchDatabaseUrl) return null;
  const name = "site_builder_bench_workers";
  const databaseUrl = await recreateDatabase(benchDatabaseUrl, name);
  const dataDir = tempDataDir();
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    const sites = await seedSites(env);
    const loadAverage = os.loadavg()[0]!;
    const rows: WorkersReport["rows"] = [];
    for (const site of loadedPages(sites)) {
      for (const workers of [1, 2]) {
        const processes = { ...env, WEB_CONCURRENCY: String(workers) };
        log(`${workers} worker(s): cached ${site.path}`);
        const cached = await withServer(processes, (url) =>
          measureLoad(url + site.path, { seconds }),
        );
        log(`${workers} worker(s): uncached ${site.path}`);
        const uncached = await withServer({ ...processes, PAGE_CACHE_BYTES: "0" }, (url) =>
          measureLoad(url + site.path, { seconds }),
        );
        rows.push({ page: site.name, workers, cached, uncached });
      }
    }
    return { finishedAt: new Date().toISOString(), loadAverage, cpus: os.cpus().length, rows };
  } finally {
    await dropDatabase(benchDatabaseUrl, name);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function machine(): BenchResults["machine"] {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** The results last recorded, or an empty record when there are none. */
function recordedResults(): BenchResults {
  const file = path.join(resultsDir, "latest.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as BenchResults;
  return {
    finishedAt: new Date().toISOString(),
    commit: currentCommit(),
    machine: machine(),
    load: [],
    pages: [],
    databaseScale: null,
    randomQuery: null,
    pageViews: null,
    landing: null,
    budgets: [],
  };
}

/** Writes latest.json and latest.md; the exit code says whether the budgets `checked` were met. */
function record(results: BenchResults, checked: (name: string) => boolean): number {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(results, null, 2) + "\n");
  const markdown = resultsMarkdown(results);
  writeFileSync(path.join(resultsDir, "latest.md"), markdown);
  console.log("\n" + markdown);

  const missed = results.budgets.filter((budget) => checked(budget.name) && !budget.pass);
  if (missed.length > 0) {
    console.error(`${missed.length} budget(s) missed.`);
    return 1;
  }
  console.log("Every budget met.");
  return 0;
}

/**
 * Uncached views over the bench's pages (in `dataDir`), then over 10,000 generated PGlite
 * sites, whose data directory is removed afterwards.
 */
async function measureGrownPglite(sites: BenchSite[], dataDir: string) {
  const { report, dataDir: grownDir } = await measurePgliteScale({
    fewDataDir: dataDir,
    fewPaths: loadedPages(sites).map((site) => site.path),
    seconds,
    withServer,
    log,
  });
  rmSync(grownDir, { recursive: true, force: true });
  return report;
}

/**
 * The results recorded so far, noting that `part` is about to be measured alone (its
 * figures will replace the full run's, and the report says when and where).
 */
function recordedResultsFor(part: (typeof PARTS)[number]): BenchResults {
  const recorded = recordedResults();
  const stamp = {
    part,
    measuredAt: new Date().toISOString(),
    commit: currentCommit(),
    loadAverage: os.loadavg()[0]!,
  };
  const others = (recorded.partsRunAlone ?? []).filter((each) => each.part !== part);
  return { ...recorded, partsRunAlone: [...others, stamp] };
}

/** Whether any process of the group is still running. */
function processGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's resident memory after a first start as deployed on an empty database (the
 * example sites and the demo seeded), six views of the landing page and of sites, a quiet
 * while and a full garbage collection.
 */
async function measureFirstStartMemory(database: "pglite" | "postgres"): Promise<number> {
  const dataDir = tempDataDir();
  const databaseName = "site_builder_bench_first_start";
  try {
    const env: Record<string, string> = {
      ...(await deployedEnv(dataDir, `first-start-${database}`)),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      ...INSPECTOR_ON_DEMAND,
    };
    if (database === "postgres") {
      env.DATABASE_URL = await recreateDatabase(benchDatabaseUrl!, databaseName);
    }
    return await withServer(env, async (url, pid, server) => {
      log(`memory after the first start on ${database}`);
      const landing = await (await fetch(url, { headers: PHONE_VIEW })).text();
      const sitePaths = [...landing.matchAll(/href="(\/[rsm]\/[^"?#]+)"/g)].map((m) => m[1]!);
      const views = ["/", "/signin", ...new Set(sitePaths), "/", "/", "/"].slice(0, 6);
      for (const view of views) {
        const response = await fetch(url + view, { headers: PHONE_VIEW });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${view}: ${response.status}`);
      }
      const inspector = await openInspector(pid, () => server.output());
      await new Promise((resolve) => setTimeout(resolve, MEMORY_QUIET_SECONDS * 1000));
      await collectGarbage(inspector);
      return processRssMiB(pid);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (database === "postgres") await dropDatabase(benchDatabaseUrl!, databaseName);
  }
}

/**
 * `npm start` as the README gives it, twice on one fresh data directory: the first start creates
 * the database and the example sites; the second is a restart of an unchanged checkout, whose
 * build `npm start` must not redo. Each is timed from the command to the first page answered.
 */
async function measureRestart(): Promise<RestartReport> {
  const dataDir = tempDataDir();
  const start = async () => {
    const port = await freePort();
    const startedAt = performance.now();
    // Its own process group, so that npm and the server it starts stop together.
    const npm = spawn("npm", ["start"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    // What it said last, for the error should it stop on its own.
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-2000);
    };
    npm.stdout.on("data", keep);
    npm.stderr.on("data", keep);
    try {
      for (;;) {
        if (npm.exitCode !== null) {
          throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
        }
        const answered = await fetch(`http://localhost:${port}/`).then(
          (response) => response.ok,
          () => false,
        );
        if (answered) return performance.now() - startedAt;
        if (performance.now() - startedAt > 120_000)
          throw new Error("npm start: no page in 2 minutes");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      if (npm.exitCode === null) {
        const exited = new Promise((resolve) => npm.once("exit", resolve));
        process.kill(-npm.pid!, "SIGTERM");
        await exited;
      }
      // npm may exit before the server it started has finished shutting down (and let go of
      // its database): wait for the whole group.
      while (processGroupAlive(npm.pid!)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    log("npm start, then npm start again");
    const firstStartMs = await start();
    const restartMs = await start();
    const firstStartRssMiB = {
      pglite: await measureFirstStartMemory("pglite"),
      postgres: benchDatabaseUrl ? await measureFirstStartMemory("postgres") : null,
    };
    return { firstStartMs, restartMs, firstStartRssMiB };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The owner's editor, products page and orders inbox on a throttled phone: bench/editor.ts
 * (`npm run bench:editor`), which keeps its own record (bench/results/editor.md). True when
 * every one of its targets is met.
 */
function measureEditor(): boolean {
  log("the editor, /user and the orders inbox on a phone (bench/editor.ts)");
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/editor.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) throw new Error(`bench/editor.ts exited with ${run.status}`);
  const { targetsMet } = JSON.parse(readFileSync(path.join(resultsDir, "editor.json"), "utf8")) as {
    targetsMet: boolean;
  };
  log(targetsMet ? "the editor meets its targets" : "the editor misses a target (editor.md)");
  return targetsMet;
}

/**
 * The orders bench (bench/orders.ts), with this run's PostgreSQL when it has one: whether the
 * order page and the orders meet their budgets (bench/results/orders.md says which missed).
 */
function measureOrders(): boolean {
  log("what orders cost, and the order page on a phone (bench/orders.ts)");
  const run = spawnSync(process.execPath, ["--import", "tsx", "bench/orders.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  log(run.status === 0 ? "the orders meet their budgets" : "the orders miss a budget (orders.md)");
  return run.status === 0;
}

/**
 * Every public page loaded from the page cache against its anchors, weighed and loaded in
 * Chromium, on the server as deployed, and each loaded with the cache off (PGlite, and
 * PostgreSQL with BENCH_DATABASE_URL).
 */
async function measurePageLoads(sites: BenchSite[], dataDir: string) {
  const { cachedRuns, pages } = await withServer(
    // Its log file beside its database, in the run's data directory.
    { DATA_DIR: dataDir, ...(await deployedEnv(dataDir, "cached")) },
    async (url, pid) => {
      const cachedRuns: Array<Omit<PageLoadReport, "uncached">> = [];
      for (const site of loadedPages(sites))
        cachedRuns.push(await measureCachedPage(url, pid, site));
      log("page weight and loading in Chromium");
      const pages = await measurePages(
        url,
        sites.map((site) => ({ name: site.name, path: site.path })),
        { runs: 5 },
      );
      return { cachedRuns, pages };
    },
  );
  const uncachedPglite = await measureUncached(sites, { DATA_DIR: dataDir });
  const uncachedPostgres = benchDatabaseUrl
    ? await withPostgresSites((postgresSites, postgresEnv) =>
        measureUncached(postgresSites, postgresEnv),
      )
    : null;
  const load: PageLoadReport[] = cachedRuns.map((run) => ({
    ...run,
    uncached: {
      pglite: uncachedPglite.get(run.page)!,
      postgres: uncachedPostgres?.get(run.page) ?? null,
    },
  }));
  return { load, pages };
}

/** Lighthouse on every public page, on a server started as deployed. */
async function auditDeployedPages(sites: BenchSite[], dataDir: string) {
  return withServer({ DATA_DIR: dataDir, ...(await deployedEnv(dataDir, "lighthouse")) }, (url) =>
    auditPublicPages(url, sites),
  );
}

/** `BENCH_ONLY=…`: one part alone, put into the recorded results. */
async function mainPartOnly(part: (typeof PARTS)[number]): Promise<number> {
  buildIfStale(root, log);
  if (part === "editor") return measureEditor() ? 0 : 1;
  if (part === "orders") return measureOrders() ? 0 : 1;
  if (part === "restart") {
    const results: BenchResults = { ...recordedResultsFor(part), restart: await measureRestart() };
    results.budgets = checkBudgets(results);
    return record(
      results,
      (name) =>
        name.startsWith(RESTART_BUDGET_PREFIX) || name.startsWith(FIRST_START_BUDGET_PREFIX),
    );
  }
  if (part === "workers") {
    if (!benchDatabaseUrl) throw new Error("BENCH_ONLY=workers needs BENCH_DATABASE_URL.");
    const results: BenchResults = { ...recordedResultsFor(part), workers: await measureWorkers() };
    results.budgets = checkBudgets(results);
    // Recorded side by side, with no budget of its own.
    return record(results, () => false);
  }
  if (part === "landing") {
    const { landing, lighthouse } = await measureLanding();
    const recorded = recordedResultsFor(part);
    const others = (recorded.lighthouse ?? []).filter(
      (audit) => audit.kind !== "entry" && audit.name !== LANDING_ANCHOR_NAME,
    );
    const results: BenchResults = {
      ...recorded,
      landing,
      lighthouse: [...others, ...lighthouse],
    };
    results.budgets = checkBudgets(results);
    return record(results, (name) => name.startsWith(LANDING_BUDGET_PREFIX));
  }
  const dataDir = tempDataDir();
  try {
    log(`creating the sites in ${dataDir}`);
    const sites = await seedSites({ DATA_DIR: dataDir });
    const env = { DATA_DIR: dataDir };
    if (part === "profile") {
      // Written to a report of its own: the recorded results are left as they are.
      await writeUncachedProfiles(sites, env);
      return 0;
    }
    const recorded = recordedResultsFor(part);
    if (part === "load") {
      const results: BenchResults = { ...recorded, ...(await measurePageLoads(sites, dataDir)) };
      results.budgets = checkBudgets(results);
      return record(
        results,
        (name) => !OTHER_PARTS_BUDGET_PREFIXES.some((p) => name.startsWith(p)),
      );
    }
    if (part === "lighthouse") {
      const audits = await auditDeployedPages(sites, dataDir);
      const { landing, lighthouse: entryAudits } = await measureLanding();
      const results: BenchResults = {
        ...recorded,
        landing,
        lighthouse: [...audits, ...entryAudits],
      };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(LIGHTHOUSE_BUDGET_PREFIX));
    }
    if (part === "pglite-scale") {
      const results: BenchResults = {
        ...recorded,
        pgliteScale: await measureGrownPglite(sites, dataDir),
      };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(PGLITE_SCALE_BUDGET_PREFIX));
    }
    if (part === "uncached") {
      const pglite = await measureUncached(sites, env);
      const postgres = benchDatabaseUrl
        ? await withPostgresSites((postgresSites, postgresEnv) =>
            measureUncached(postgresSites, postgresEnv),
          )
        : null;
      const load = recorded.load.map((run) => ({
        ...run,
        uncached: { pglite: pglite.get(run.page)!, postgres: postgres?.get(run.page) ?? null },
      }));
      const results: BenchResults = { ...recorded, load };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(UNCACHED_BUDGET_PREFIX));
    }
    if (part === "instructions") {
      const results: BenchResults = {
        ...recorded,
        uncachedInstructions: await measureInstructions(sites, env),
      };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(INSTRUCTIONS_BUDGET_PREFIX));
    }
    if (part === "hit-instructions") {
      const results: BenchResults = {
        ...recorded,
        hitInstructions: await measureHitInstructions(sites, env),
      };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(HIT_INSTRUCTIONS_BUDGET_PREFIX));
    }
    if (part === "memory") {
      const memory = [await measureMemory(sites, env, "pglite")];
      if (benchDatabaseUrl) {
        memory.push(
          await withPostgresSites((postgresSites, postgresEnv) =>
            measureMemory(postgresSites, postgresEnv, "postgres"),
          ),
        );
      }
      const results: BenchResults = { ...recorded, memory };
      results.budgets = checkBudgets(results);
      return record(results, (name) => name.startsWith(MEMORY_BUDGET_PREFIX));
    }
    const results: BenchResults =
      part === "random-query"
        ? { ...recorded, randomQuery: await measureRandomQuery(sites, env) }
        : { ...recorded, pageViews: await measurePageViewCost(sites, env) };
    results.budgets = checkBudgets(results);
    const prefix = part === "random-query" ? RANDOM_QUERY_BUDGET_PREFIX : PAGE_VIEW_BUDGET_PREFIX;
    return record(results, (name) => name.startsWith(prefix));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  if (only !== null) {
    const part = PARTS.find((name) => name === only);
    if (part) return mainPartOnly(part);
    throw new Error(`BENCH_ONLY=${only}: expected one of ${PARTS.join(", ")}.`);
  }
  buildIfStale(root, log);
  const loadAverage = os.loadavg()[0]!;
  const dataDir = tempDataDir();
  try {
    log(`creating the sites in ${dataDir}`);
    const sites = await seedSites({ DATA_DIR: dataDir });

    const { load, pages } = await measurePageLoads(sites, dataDir);
    const audits = await auditDeployedPages(sites, dataDir);
    const memory = [await measureMemory(sites, { DATA_DIR: dataDir }, "pglite")];

    const pageViews = await measurePageViewCost(sites, { DATA_DIR: dataDir });
    const randomQuery = await measureRandomQuery(sites, { DATA_DIR: dataDir });
    const { landing, lighthouse: entryAudits } = await measureLanding();
    const workers = await measureWorkers();
    const restart = await measureRestart();
    log("uncached views as PGlite grows to 10,000 sites");
    const pgliteScale = await measureGrownPglite(sites, dataDir);
    const uncachedInstructions = await measureInstructions(sites, { DATA_DIR: dataDir });
    const hitInstructions = await measureHitInstructions(sites, { DATA_DIR: dataDir });
    let databaseScale = null;
    if (benchDatabaseUrl) {
      memory.push(
        await withPostgresSites((postgresSites, postgresEnv) =>
          measureMemory(postgresSites, postgresEnv, "postgres"),
        ),
      );
      log("database time among 5,000,000 items");
      databaseScale = await measureDatabaseScale(benchDatabaseUrl, { log });
    }

    const measured = {
      load,
      memory,
      lighthouse: [...audits, ...entryAudits],
      pages,
      databaseScale,
      pgliteScale,
      uncachedInstructions,
      hitInstructions,
      randomQuery,
      pageViews,
      landing,
      workers,
      restart,
    };
    const finishedAt = new Date().toISOString();
    const commit = currentCommit();
    const results: BenchResults = {
      finishedAt,
      commit,
      machine: { ...machine(), loadAverage },
      ...measured,
      // Measured in this run: reported without a time and commit of its own.
      randomQuery: { ...randomQuery, finishedAt, commit },
      budgets: checkBudgets(measured),
    };
    const recorded = record(results, () => true);
    const editorMeetsTargets = measureEditor();
    const ordersMeetBudgets = measureOrders();
    return editorMeetsTargets && ordersMeetBudgets ? recorded : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("npm run bench failed:", error);
    process.exit(1);
  },
);
