import { describe, expect, it } from "vitest";
import type { PageReport } from "./browser-metrics";
import {
  BUDGETS,
  checkBudgets,
  HIT_INSTRUCTIONS_BUDGET_PREFIX,
  INSTRUCTIONS_BUDGET_PREFIX,
  fullCacheHeldMiB,
  mainThreadMarkdown,
  resultsMarkdown,
  type BenchResults,
  type LighthousePageKind,
  type MemoryReport,
  type PageLoadReport,
  type PageViewCostReport,
  type RandomQueryReport,
} from "./budgets";
import type { DatabaseScaleReport } from "./database-scale";
import type { HitCount, HitInstructionsReport, InstructionsReport } from "./instructions";
import type { LighthouseReport } from "./lighthouse";
import type { LoadResult, RandomQueryLoadResult } from "./load";

function run(
  requestsPerSecond: number,
  p99Ms: number,
  failures = 0,
  cpuMsPerRequest?: number,
): LoadResult {
  return {
    cpuMsPerRequest,
    url: "http://localhost/x",
    connections: 50,
    seconds: 10,
    requestsPerSecond,
    meanMs: p99Ms / 3,
    p50Ms: p99Ms / 4,
    p99Ms,
    maxMs: p99Ms * 2,
    failures,
    bytes: 60_000,
  };
}

/** Three runs at these rates, each using `cpuMs` of the server's CPU per answer. */
const runs = (rates: number[], cpuMs: number) => rates.map((rate) => run(rate, 20, 0, cpuMs));

function load(overrides: Partial<PageLoadReport> = {}): PageLoadReport {
  return {
    page: "Bench Bistro",
    type: "restaurant",
    path: "/r/bench-bistro-1",
    html: {
      rawBytes: 60_000,
      brotliBytes: 7_000,
      withoutStyles: { rawBytes: 50_000, brotliBytes: 6_000 },
    },
    cached: runs([9500, 10000, 8500], 0.05),
    bareNode: runs([10000, 11000, 10500], 0.03),
    nginx: runs([12000, 12500, 11000], 0.02),
    uncached: { pglite: { ...run(500, 300, 0, 1.9), anchorCpuMs: 1 }, postgres: null },
    ...overrides,
  };
}

function memory(overrides: Partial<MemoryReport> = {}): MemoryReport {
  return {
    database: "pglite",
    startMiB: 270,
    idleMiB: 240,
    underLoadMiB: 260,
    fullCacheMiB: 240 + 32 + 40,
    cacheBytes: 31 * 2 ** 20,
    cacheMaxBytes: 32 * 2 ** 20,
    idleHeapUsedMiB: 50,
    idleExternalMiB: 140,
    // The pages in the external memory, their objects in the heap: 32 + 6 MiB held.
    fullHeapUsedMiB: 56,
    fullExternalMiB: 172,
    ...overrides,
  };
}

function page(overrides: Partial<PageReport["weight"]> = {}, lcpMs = 800, cls = 0): PageReport {
  const bytes = (gzip: number) => ({ raw: gzip * 4, gzip });
  return {
    name: "Bench Bistro",
    path: "/r/bench-bistro-1",
    weight: {
      html: bytes(8_000),
      css: bytes(6_000),
      js: bytes(0),
      total: bytes(14_000),
      requests: 4,
      ...overrides,
    },
    vitals: { lcpMs, cls, tbtMs: 0, fcpMs: lcpMs },
    vitalsRuns: [],
  };
}

const scale = (p99Ms: number): DatabaseScaleReport => {
  const latency = { samples: 2000, p50Ms: 1, p99Ms, meanMs: 1.2, maxMs: p99Ms + 1 };
  return {
    products: 100_000,
    items: 5_000_000,
    generateSeconds: 90,
    restaurant: latency,
    shop: latency,
  };
};

function randomQueryRun(
  requestsPerSecond: number,
  { hit = 50_000, miss = 1, errors = 0, timeouts = 0 } = {},
): RandomQueryLoadResult {
  const base = run(requestsPerSecond, 120, errors + timeouts);
  return {
    ...base,
    connections: 200,
    query: "?utm_source=qr&utm_content={random}&{random}=1",
    errors: errors + timeouts,
    timeouts,
    non2xx: 0,
    pageCache: { hit, miss, bypass: 0, none: 0 },
    hitRatio: hit / (hit + miss),
  };
}

function randomQuery(
  pages: Array<{ plain?: LoadResult; randomQuery?: RandomQueryLoadResult }> = [{}],
): RandomQueryReport {
  return {
    finishedAt: "2026-11-22T12:05:00.000Z",
    commit: "def5678",
    loadAverage: 1.5,
    pages: pages.map((page) => ({
      page: "Bench Bistro",
      path: "/r/bench-bistro-1",
      plain: page.plain ?? { ...run(5000, 100), connections: 200 },
      randomQuery: page.randomQuery ?? randomQueryRun(4000),
    })),
  };
}

const missed = (checks: ReturnType<typeof checkBudgets>) =>
  checks.filter((check) => !check.pass).map((check) => check.name);

describe("checkBudgets", () => {
  it("passes a run that meets every budget, and checks the database only when it was measured", () => {
    const checks = checkBudgets({ load: [load()], pages: [page()], databaseScale: null });
    expect(missed(checks)).toEqual([]);
    expect(checks.some((check) => check.name.startsWith("Database"))).toBe(false);

    const withDatabase = checkBudgets({ load: [], pages: [], databaseScale: scale(4.9) });
    expect(withDatabase.map((check) => [check.page, check.pass])).toEqual([
      ["restaurant", true],
      ["shop", true],
    ]);
  });

  it("judges the cache by the median of its runs against bare Node's, and by CPU per hit", () => {
    // Medians 9,450 and 10,500: exactly 0.9×, whatever the runs' order.
    const atLimit = load({
      cached: runs([9600, 9450, 3000], 0.119),
      bareNode: runs([10500, 12000, 9000], 0.03),
    });
    expect(missed(checkBudgets({ load: [atLimit], pages: [], databaseScale: null }))).toEqual([]);

    const below = load({
      cached: runs([8300, 9449, 9600], 0.12),
      bareNode: runs([10500, 12000, 9000], 0.03),
    });
    const checks = checkBudgets({ load: [below], pages: [], databaseScale: null });
    expect(missed(checks)).toEqual([
      "Cached page vs bare Node, requests/s (brotli)",
      "Cached page: server CPU per hit",
    ]);
    expect(checks.find((check) => check.name.startsWith("Cached page vs"))!.actual).toBe(
      "0.90× (9,449/s vs 10,500/s)",
    );
  });

  it("allows each page this design's anchors per uncached view, on each database, + 10%", () => {
    // A host where the anchor takes 2 ms under the load: each page's limit doubles with it.
    const anchorCpuMs = 2;
    const withAnchor = (cpuMs: number) => ({ ...run(200, 300, 0, cpuMs), anchorCpuMs });
    const limitOf = (page: string, database: "pglite" | "postgres") =>
      BUDGETS.uncachedAnchorsPerView[page]![database] * anchorCpuMs * BUDGETS.uncachedAllowance;
    const shop = (pglite: number, postgres: number) =>
      load({
        page: "Bench Shop",
        type: "shoppy",
        html: {
          rawBytes: 90 * 1024,
          brotliBytes: 14 * 1024,
          withoutStyles: { rawBytes: BUDGETS.shopHtmlRawBytes, brotliBytes: 10 * 1024 },
        },
        uncached: { pglite: withAnchor(pglite), postgres: withAnchor(postgres) },
      });
    const atLimit = shop(limitOf("Bench Shop", "pglite"), limitOf("Bench Shop", "postgres"));
    const checks = checkBudgets({ load: [atLimit], pages: [], databaseScale: null });
    expect(missed(checks)).toEqual([]);
    const design = BUDGETS.uncachedAnchorsPerView["Bench Shop"]!.pglite;
    expect(checks.find((check) => check.name.startsWith("Uncached page on PGlite"))!.limit).toBe(
      `≤ ${limitOf("Bench Shop", "pglite").toFixed(3)} ms (this design's ${design.toFixed(2)} ` +
        "anchors × the anchor's 2.000 ms, + 10.00%)",
    );
    const over = shop(limitOf("Bench Shop", "pglite"), limitOf("Bench Shop", "postgres") + 0.001);
    expect(missed(checkBudgets({ load: [over], pages: [], databaseScale: null }))).toEqual([
      "Uncached page on PostgreSQL: server CPU per view",
    ]);
    // Each language's page is held to its own figure, not the menu's.
    const spanish = load({
      page: "Bench Bistro (Spanish)",
      uncached: {
        pglite: withAnchor(limitOf("Bench Bistro (Spanish)", "pglite") + 0.001),
        postgres: null,
      },
    });
    expect(missed(checkBudgets({ load: [spanish], pages: [], databaseScale: null }))).toEqual([
      "Uncached page on PGlite: server CPU per view",
    ]);
  });

  it("misses an uncached run without its anchor, and a page without a design figure", () => {
    const withoutAnchor = load({ uncached: { pglite: run(500, 300, 0, 0.1), postgres: null } });
    expect(missed(checkBudgets({ load: [withoutAnchor], pages: [], databaseScale: null }))).toEqual(
      ["Uncached page on PGlite: server CPU per view"],
    );
    const unknown = load({ page: "Another page" });
    expect(missed(checkBudgets({ load: [unknown], pages: [], databaseScale: null }))).toEqual([
      "Uncached page on PGlite: server CPU per view",
    ]);
  });

  it("weighs the shop's HTML without its styles, and every page with them", () => {
    const heavy = load({
      page: "Bench Shop",
      type: "shoppy",
      html: {
        rawBytes: 90 * 1024,
        brotliBytes: 14 * 1024 + 1,
        withoutStyles: { rawBytes: BUDGETS.shopHtmlRawBytes + 1, brotliBytes: 10 * 1024 + 1 },
      },
      uncached: { pglite: { ...run(300, 300, 0, 2.5), anchorCpuMs: 1 }, postgres: null },
    });
    expect(missed(checkBudgets({ load: [heavy], pages: [], databaseScale: null }))).toEqual([
      "Page with its styles inline, brotli",
      "Shop page HTML without its styles, raw",
      "Shop page HTML without its styles, brotli",
    ]);
  });

  it("lets uncached views over 10,000 PGlite sites take at most twice the p99 and CPU of the few", () => {
    const grown = (manyP99: number, manyCpu: number) => ({
      sites: 10_000,
      items: 500_000,
      generateSeconds: 20,
      few: { ...run(400, 300, 0, 2.5), pages: 2 },
      many: { ...run(300, manyP99, 0, manyCpu), pages: 5_000 },
    });
    const within = checkBudgets({
      load: [],
      pages: [],
      databaseScale: null,
      pgliteScale: grown(600, 5),
    });
    expect(within.map((check) => [check.name, check.pass])).toEqual([
      ["Uncached views at 10,000 PGlite sites: p99", true],
      ["Uncached views at 10,000 PGlite sites: server CPU per view", true],
    ]);
    const over = checkBudgets({
      load: [],
      pages: [],
      databaseScale: null,
      pgliteScale: grown(601, 5.01),
    });
    expect(missed(over)).toEqual([
      "Uncached views at 10,000 PGlite sites: p99",
      "Uncached views at 10,000 PGlite sites: server CPU per view",
    ]);
    const markdown = markdownOf({
      load: [],
      pages: [],
      databaseScale: null,
      pgliteScale: grown(601, 5.01),
    });
    expect(markdown).toContain(
      "| the bench's | 2 | 400 | 75.0 ms | 300.0 ms | 600.0 ms | 2.500 ms |",
    );
    expect(markdown).toContain(
      "| 10,000 | 5,000 | 300 | 150.3 ms | 601.0 ms | 1202.0 ms | 5.010 ms |",
    );
  });

  it("holds memory at idle under each database's limit, and a full cache to its budget", () => {
    const within = [
      memory(),
      memory({ database: "postgres", idleMiB: 149, idleExternalMiB: 6, fullExternalMiB: 38 }),
    ];
    const fine = checkBudgets({ load: [], memory: within, pages: [], databaseScale: null });
    expect(missed(fine)).toEqual([]);
    expect(fine).toHaveLength(4);
    // Held: what the pages added to the heap in use and outside it, not the resident growth.
    expect(fullCacheHeldMiB(memory())).toBe(38);

    const over = [
      memory({ idleMiB: 250, fullExternalMiB: 140 + 32 + 2.1 }),
      memory({ database: "postgres", idleMiB: 150 }),
    ];
    expect(
      missed(checkBudgets({ load: [], memory: over, pages: [], databaseScale: null })),
    ).toEqual([
      "Memory at idle on PGlite",
      "Memory a full page cache holds on PGlite",
      "Memory at idle on PostgreSQL",
    ]);
  });

  it("voids a run with any failed request, on any of its servers", () => {
    const checks = checkBudgets({
      load: [
        load({
          uncached: {
            pglite: { ...run(400, 100, 0, 1), anchorCpuMs: 1 },
            postgres: { ...run(400, 100, 3, 1), anchorCpuMs: 1 },
          },
        }),
      ],
      pages: [],
      databaseScale: null,
    });
    expect(missed(checks)).toEqual(["Failed requests under load"]);
    expect(checks[0]!.actual).toBe("3");
  });

  it("misses weight, LCP, CLS and database time just past their limits", () => {
    const checks = checkBudgets({
      load: [],
      pages: [
        page(
          { js: { raw: 50_000, gzip: 15 * 1024 + 1 }, total: { raw: 1, gzip: 60 * 1024 + 1 } },
          1000.1,
          0.0201,
        ),
      ],
      databaseScale: scale(5),
    });
    expect(missed(checks)).toEqual([
      "JavaScript (gzip)",
      "HTML + CSS + JS (gzip)",
      "LCP (mobile throttling)",
      "CLS",
      "Database time p99 at 5,000,000 items",
      "Database time p99 at 5,000,000 items",
    ]);
  });
});

describe("checkBudgets with Lighthouse", () => {
  const audit = (
    name: string,
    kind: LighthousePageKind,
    overrides: Partial<LighthouseReport> = {},
  ): NonNullable<BenchResults["lighthouse"]>[number] => ({
    name,
    kind,
    path: "/x",
    runs: 3,
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 900,
    tbtMs: 0,
    scriptBytes: 0,
    ...overrides,
  });
  const judge = (lighthouse: NonNullable<BenchResults["lighthouse"]>) =>
    checkBudgets({ load: [], lighthouse, pages: [], databaseScale: null });

  const anchor = { performance: 100, lcpMs: 700, tbtMs: 30, mainThreadMs: 400 };

  it("asks 100 of every public page, and little of editors and of the trivial page", () => {
    const fine = judge([
      audit("Trivial page (anchor)", "anchor", { performance: 90, lcpMs: 5000 }),
      audit("Bench Bistro", "menu"),
      audit("Bench Shop", "shop"),
      audit("Bench Motors", "public", { lcpMs: 2000 }),
      audit("Restaurant editor", "editor", { performance: 60, scriptBytes: 300_000 }),
    ]);
    expect(missed(fine)).toEqual([]);
    expect(fine.map((check) => `${check.name}: ${check.page}`)).toEqual([
      "Lighthouse performance: Bench Bistro",
      "Lighthouse performance: Bench Shop",
      "Lighthouse performance: Bench Motors",
    ]);
    const slow = judge([audit("Bench Motors", "public", { performance: 99 })]);
    expect(missed(slow)).toEqual(["Lighthouse performance"]);
  });

  it("asks each page beside a trivial page at most 50 ms more blocking and 250 ms more LCP", () => {
    const atTheLimits = judge([
      audit("Bench Bistro", "menu", { anchor, tbtMs: 80, lcpMs: 950 }),
      audit("Sign in", "entry", { anchor, tbtMs: 80, lcpMs: 950 }),
    ]);
    expect(missed(atTheLimits)).toEqual([]);
    const lcp = atTheLimits.find((check) => check.name === "Lighthouse LCP")!;
    expect(lcp.limit).toBe("≤ 950.0 ms (the trivial page's 700.0 ms + 250.0 ms)");

    const over = judge([
      audit("Bench Bistro", "menu", { anchor, tbtMs: 80.1, lcpMs: 950 }),
      audit("Bench Motors", "public", { anchor, tbtMs: 0, lcpMs: 950.1 }),
      audit("Landing", "entry", { anchor: { ...anchor, tbtMs: 0 }, tbtMs: 51 }),
    ]);
    expect(
      over.filter((check) => !check.pass).map((check) => `${check.name}: ${check.page}`),
    ).toEqual([
      "Lighthouse TBT: Bench Bistro",
      "Lighthouse LCP: Bench Motors",
      "Lighthouse TBT: Landing",
    ]);
  });

  it("asks that blocking time of a public page in every run, not only in the median", () => {
    const oneSlowRun = judge([
      audit("Bench Bistro", "menu", { anchor, tbtMs: 20, tbtRunsMs: [10, 20, 81, 15, 30] }),
      audit("Bench Shop", "shop", { anchor, tbtMs: 20, tbtRunsMs: [10, 20, 80, 15, 30] }),
      // Sign-in keeps its own browsing context group, and its occasional fresh renderer: the median.
      audit("Sign in", "entry", { anchor, tbtMs: 20, tbtRunsMs: [10, 20, 120, 15, 30] }),
    ]);
    const tbt = oneSlowRun.filter((check) => check.name === "Lighthouse TBT");
    expect(tbt.map((check) => [check.page, check.pass])).toEqual([
      ["Bench Bistro", false],
      ["Bench Shop", true],
      ["Sign in", true],
    ]);
    expect(tbt[0]!.actual).toBe("81.0 ms at worst of 5 (median 20.0 ms)");
  });

  it("tells where each page's main-thread time went, by kind, with each run's blocking time", () => {
    const markdown = mainThreadMarkdown([
      audit("Bench Bistro", "menu", {
        mainThreadByKind: { styleLayout: 99.4, scriptEvaluation: 74, other: 219.6 },
        tbtRunsMs: [2, 28, 12.4],
      }),
      audit("Sign in", "entry"),
    ]);
    expect(markdown).toContain(
      "| Page | Style & layout | Script | Script compile | HTML & CSS parsing | Paint | Garbage collection | Other | Blocking time by run |",
    );
    expect(markdown).toContain(
      "| Bench Bistro | 99 ms | 74 ms | 0 ms | 0 ms | 0 ms | 0 ms | 220 ms | 2, 28, 12 ms |",
    );
    // A page audited without them is left out, and a report with none has no table.
    expect(markdown).not.toContain("Sign in");
    expect(mainThreadMarkdown([audit("Sign in", "entry")])).toBeNull();
  });

  it("asks every public page to come in TCP's first window, headers and all", () => {
    const checks = judge([
      audit("Bench Bistro", "menu", { anchor, documentBytes: 14_600 }),
      audit("Bench Shop", "shop", { anchor, documentBytes: 14_601 }),
      // The landing and sign-in pages have budgets of their own; an old record has no bytes.
      audit("Landing", "entry", { anchor, documentBytes: 20_000 }),
      audit("Bench Motors", "public", { anchor }),
    ]);
    const window = checks.filter(
      (check) => check.name === "Lighthouse: the page in TCP's first window",
    );
    expect(window.map((check) => [check.page, check.actual, check.pass])).toEqual([
      ["Bench Bistro", "14,600 B", true],
      ["Bench Shop", "14,601 B", false],
    ]);
    expect(window[0]!.limit).toBe("≤ 14,600 B (headers and brotli body)");
  });

  it("asks 98 and at most 60 KB of JavaScript of the landing and sign-in pages", () => {
    expect(
      missed(judge([audit("Sign in", "entry", { performance: 98, scriptBytes: 60 * 1024 })])),
    ).toEqual([]);
    expect(
      missed(judge([audit("Sign in", "entry", { performance: 97, scriptBytes: 60 * 1024 + 1 })])),
    ).toEqual(["Lighthouse performance", "JavaScript loaded (compressed)"]);
  });
});

describe("checkBudgets with random query strings", () => {
  const checksOf = (report: RandomQueryReport) =>
    checkBudgets({ load: [], pages: [], databaseScale: null, randomQuery: report });

  it("passes a run close to the plain page's rate, nearly all from the cache", () => {
    const checks = checksOf(randomQuery([{ randomQuery: randomQueryRun(2500) }]));
    expect(checks.map((check) => [check.name, check.pass])).toEqual([
      ["Random query: failed or timed-out requests", true],
      ["Random query vs plain page, requests/s", true],
      ["Random query: page cache hits", true],
    ]);
    expect(checks[1]!.actual).toBe("0.50× (2,500/s vs 5,000/s)");
  });

  it("misses at half the plain page's rate, at a 99% hit ratio, and on any failure", () => {
    const checks = checksOf(
      randomQuery([
        { randomQuery: randomQueryRun(2499, { hit: 9899, miss: 101 }) },
        { randomQuery: randomQueryRun(4000, { timeouts: 2 }) },
        { plain: { ...run(5000, 100, 1), connections: 200 } },
      ]),
    );
    expect(missed(checks)).toEqual([
      "Random query vs plain page, requests/s",
      "Random query: page cache hits",
      "Random query: failed or timed-out requests",
      "Random query: failed or timed-out requests",
    ]);
    expect(checks[2]!.actual).toBe("98.99%");
  });

  it("checks nothing of it in results that lack it", () => {
    const checks = checkBudgets({ load: [load()], pages: [], databaseScale: null });
    expect(checks.some((check) => check.name.startsWith("Random query"))).toBe(false);
  });
});

/** The report of a run that measured only `measured`. */
function markdownOf(measured: Parameters<typeof checkBudgets>[0]): string {
  return resultsMarkdown({
    finishedAt: "2026-11-22T12:00:00.000Z",
    commit: "abc1234",
    machine: { cpus: 2, cpuModel: "Test CPU", memoryGiB: 24, node: "v20.20.2" },
    ...measured,
    budgets: checkBudgets(measured),
  });
}

describe("checkBudgets with view counting and request logging", () => {
  /**
   * The cached menu from a server as deployed, with ANALYTICS=off, and also with LOG_LEVEL=warn
   * (0.050 ms of CPU per request), counting and logging each adding these shares of it, and
   * bare Node's 0.042 ms.
   */
  const pageViews = (
    countingShare: number,
    loggingShare: number,
    { viewsCounted = 30_000, failures = 0, bareNodeMs = 0.042 } = {},
  ) => {
    const quietMs = 0.05;
    const offMs = quietMs * (1 + loggingShare);
    const onMs = offMs * (1 + countingShare);
    return {
      page: "Bench Bistro",
      path: "/r/bench-bistro-1",
      analyticsOn: { ...run(14_000, 30, failures, onMs), meanMs: 3.5 },
      analyticsOff: { ...run(14_500, 30, 0, offMs), meanMs: 3.4 },
      quiet: { ...run(15_000, 30, 0, quietMs), meanMs: 3.3 },
      bareNode: { ...run(16_000, 30, 0, bareNodeMs), meanMs: 3.1 },
      viewsCounted,
    } satisfies PageViewCostReport;
  };
  const checksOf = (report: PageViewCostReport) =>
    checkBudgets({ load: [], pages: [], databaseScale: null, pageViews: report });

  it("passes when counting and logging each add at most 5% to a hit, at 0.75× bare Node's capacity, and the load was counted", () => {
    const checks = checksOf(pageViews(0.05, 0.049));
    expect(missed(checks)).toEqual([]);
    expect(
      checks.find((check) => check.name.endsWith("added server CPU per cached view"))!.actual,
    ).toBe("5.00% (0.055 ms vs 0.052 ms CPU per request)");
  });

  it("reports counting's and logging's CPU without judging it, as instructions judge them", () => {
    const checks = checksOf(pageViews(0.08, 0.07, { bareNodeMs: 0.045 }));
    expect(missed(checks)).toEqual([]);
    const reported = checks.filter((check) => check.reportedOnly);
    expect(reported.map(({ name, actual }) => ({ name, actual }))).toEqual([
      {
        name: "Counting a view: added server CPU per cached view",
        actual: "8.00% (0.058 ms vs 0.054 ms CPU per request)",
      },
      {
        name: "Counting a view: a request's log line, added server CPU",
        actual: "7.00% (0.054 ms vs 0.050 ms CPU per request)",
      },
    ]);
    expect(reported[0]!.limit).toMatch(/^not judged: /);
  });

  it("misses when nothing was counted, on any failure, and below 0.75× bare Node's capacity", () => {
    expect(missed(checksOf(pageViews(0.01, 0.01, { viewsCounted: 0 })))).toEqual([
      "Counting a view: views counted with ANALYTICS=on",
    ]);
    expect(missed(checksOf(pageViews(0.01, 0.01, { failures: 1 })))).toEqual([
      "Counting a view: failed requests",
    ]);
    // 0.038 ms against 0.051 ms as deployed: 0.745×.
    expect(missed(checksOf(pageViews(0.01, 0.01, { bareNodeMs: 0.038 })))).toEqual([
      "Counting a view: capacity as deployed vs bare Node (its CPU per hit ÷ ours)",
    ]);
  });

  it("reads the costs round by round when it has the turns, whatever pace the host ran at", () => {
    // The host's pace changes from round to round, and in one round the quiet server's turn
    // alone ran fast: its least disturbed turn would make the log line look like 50%.
    const pace = [1, 1.6, 0.9, 2.1, 1.2];
    const report = {
      ...pageViews(0.03, 0.04),
      turnCpuMs: {
        analyticsOn: pace.map((each) => 0.05 * 1.04 * 1.03 * each),
        analyticsOff: pace.map((each) => 0.05 * 1.04 * each),
        quiet: pace.map((each, round) => 0.05 * each * (round === 2 ? 0.7 : 1)),
        bareNode: pace.map((each) => 0.042 * each),
      },
    };
    const checks = checksOf(report);
    expect(missed(checks)).toEqual([]);
    const actual = (ending: string, among = checks) =>
      among.find((check) => check.name.endsWith(ending))!.actual;
    expect(actual("a request's log line, added server CPU")).toMatch(
      /^4\.00% .*the median of 5 rounds\)$/,
    );
    expect(actual("added server CPU per cached view")).toMatch(/^3\.00% /);
    expect(actual("(its CPU per hit ÷ ours)")).toMatch(/^0\.78× /);
    const slower = { ...report.turnCpuMs, analyticsOff: pace.map((each) => 0.05 * 1.06 * each) };
    const slowerChecks = checksOf({ ...report, turnCpuMs: slower });
    expect(actual("a request's log line, added server CPU", slowerChecks)).toMatch(/^6\.00% /);
    expect(missed(slowerChecks)).toEqual([]);
  });

  it("is tabled beside the other measurements, each server against bare Node", () => {
    const report = pageViews(0.02, 0.02);
    const markdown = markdownOf({ load: [], pages: [], databaseScale: null, pageViews: report });
    expect(markdown).toContain(
      "| As deployed (views counted, a log line per request) | 14,000/s, mean 3.5 ms, p99 30.0 ms | 0.052 ms | 0.88× | 0.81× |",
    );
    expect(markdown).toContain(
      "| Bare Node, the same bytes | 16,000/s, mean 3.1 ms, p99 30.0 ms | 0.042 ms | 1.00× | 1.00× |",
    );
    expect(checkBudgets({ load: [], pages: [], databaseScale: null })).toEqual([]);
  });
});

describe("checkBudgets with a cache hit's instructions", () => {
  /**
   * The cached menu's hits counted on the four servers: quiet at 100,000 instructions, the log
   * line and the view count each adding these shares, and bare Node at 80,000.
   */
  const hitInstructions = (
    countingShare: number,
    loggingShare: number,
    { wrongAnswers = 0, bareNode = 80_000 } = {},
  ): HitInstructionsReport => {
    const quiet = 100_000;
    const analyticsOff = quiet * (1 + loggingShare);
    const deployed = analyticsOff * (1 + countingShare);
    const counted = (instructionsPerHit: number, wrong = 0): HitCount => ({
      instructionsPerHit,
      allCountedPerHit: instructionsPerHit * 1.2,
      wrongAnswers: wrong,
    });
    return {
      page: "Bench Bistro",
      path: "/r/bench-bistro-1",
      warmUpRequests: 40_000,
      countedHits: 4_000,
      hitsPerStretch: 50,
      servers: {
        deployed: counted(deployed, wrongAnswers),
        analyticsOff: counted(analyticsOff),
        quiet: counted(quiet),
        bareNode: counted(bareNode),
      },
    };
  };
  const checksOf = (hits: HitInstructionsReport | null | undefined) =>
    checkBudgets({ load: [], pages: [], databaseScale: null, hitInstructions: hits }).filter(
      (check) => check.name.startsWith(HIT_INSTRUCTIONS_BUDGET_PREFIX),
    );

  it("passes when counting a view and a log line each add at most 5% to a hit", () => {
    const checks = checksOf(hitInstructions(0.04, 0.04));
    expect(missed(checks)).toEqual([]);
    const actual = (ending: string) => checks.find((check) => check.name.endsWith(ending))!;
    expect(actual("a request's log line, added").actual).toBe("4.00% (104.0 k vs 100.0 k)");
    expect(actual("a request's log line, added").limit).toBe("≤ 5.00%");
    expect(actual("counting a view, added").actual).toBe("4.00% (108.2 k vs 104.0 k)");
  });

  it("misses a log line or a view count adding 6%", () => {
    expect(missed(checksOf(hitInstructions(0.04, 0.06)))).toEqual([
      "Instructions per cache hit: a request's log line, added",
    ]);
    expect(missed(checksOf(hitInstructions(0.06, 0.04)))).toEqual([
      "Instructions per cache hit: counting a view, added",
    ]);
  });

  it("misses when a counted answer was not the whole cached page", () => {
    expect(missed(checksOf(hitInstructions(0.01, 0.01, { wrongAnswers: 3 })))).toEqual([
      "Instructions per cache hit: counted answers not the whole cached page",
    ]);
  });

  it("reports the capacity in instructions without judging it", () => {
    // Bare Node's 40,000 against 102,010 as deployed: 0.39×, far under CPU time's 0.75×.
    const checks = checksOf(hitInstructions(0.01, 0.01, { bareNode: 40_000 }));
    expect(missed(checks)).toEqual([]);
    const capacity = checks.find((check) => check.name.includes("capacity"))!;
    expect(capacity.reportedOnly).toBe(true);
    expect(capacity.actual).toBe("0.39× (40.0 k vs 102.0 k)");
  });

  it("checks nothing without a count, or when valgrind was not there to make one", () => {
    expect(checksOf(undefined)).toEqual([]);
    expect(checksOf(null)).toEqual([]);
    expect(
      markdownOf({ load: [], pages: [], databaseScale: null, hitInstructions: null }),
    ).toContain("### Cache hits in instructions\n\nNot run: valgrind is not installed");
  });

  it("tables each server's count, what its one difference adds, and marks reported rows", () => {
    const markdown = markdownOf({
      load: [],
      pages: [],
      databaseScale: null,
      hitInstructions: hitInstructions(0.03, 0.06),
    });
    expect(markdown).toContain(
      "| ANALYTICS=off (a log line per request) | 106.0 k | 6.00% | 0.75× | 127.2 k |",
    );
    expect(markdown).toContain("| Bare Node, the same bytes | 80.0 k |  | 1.00× | 96.0 k |");
    expect(markdown).toMatch(
      /\| Instructions per cache hit: capacity as deployed vs bare Node \(its count ÷ ours\) \| Bench Bistro \| not judged: .* \| 0\.73× \(80\.0 k vs 109\.2 k\) \| reported \|/,
    );
    expect(markdown).toContain(
      "| Instructions per cache hit: a request's log line, added | Bench Bistro | ≤ 5.00% | 6.00% (106.0 k vs 100.0 k) | **MISSED** |",
    );
  });
});

describe("checkBudgets with a restart", () => {
  const checksOf = (restartMs: number) =>
    checkBudgets({
      load: [],
      pages: [],
      databaseScale: null,
      restart: { firstStartMs: 9_000, restartMs },
    });

  it("passes when npm start again answers its first page within 3 seconds", () => {
    const checks = checksOf(3_000);
    expect(missed(checks)).toEqual([]);
    expect(checks[0]!.actual).toBe("3000.0 ms (the first start: 9000.0 ms)");
  });

  it("misses past 3 seconds, as a start that builds again would", () => {
    expect(missed(checksOf(17_000))).toEqual(["npm start again: to the first page"]);
  });
});

describe("instructions per uncached view", () => {
  const anchor = 10_000_000;
  const counted = (pglite: number, postgres: number): InstructionsReport[] =>
    (
      [
        ["pglite", pglite],
        ["postgres", postgres],
      ] as const
    ).map(([database, anchors]) => ({
      database,
      warmUpViews: 2_000,
      viewsPerPage: 50,
      anchorInstructionsPerPage: anchor,
      pages: [{ page: "Bench Bistro", instructionsPerView: anchors * anchor }],
    }));
  const results: BenchResults = {
    finishedAt: "2026-11-29T12:00:00.000Z",
    commit: "abc1234",
    machine: { cpus: 2, cpuModel: "Test CPU", memoryGiB: 4, node: "v20" },
    load: [load()],
    pages: [],
    databaseScale: null,
    uncachedInstructions: null,
    budgets: [],
  };

  it("are tabled by page and database, in millions and in anchors, with the anchor's count", () => {
    const markdown = resultsMarkdown({ ...results, uncachedInstructions: counted(3, 2.5) });
    expect(markdown).toContain("2,000 views of the pages in turn to warm up, then 50 views");
    expect(markdown).toContain(
      "| Bench Bistro | 30.00 M (3.000 anchors) | 25.00 M (2.500 anchors) |",
    );
    expect(markdown).toContain("| The anchor, per page | 10.00 M | 10.00 M |");
    // Older results, counted in one piece, say nothing of stretches.
    expect(markdown).not.toContain("stretches of");
  });

  it("say the stretches a page was counted in, when it was", () => {
    const inStretches = counted(3, 2.5).map((report) => ({ ...report, viewsPerStretch: 10 }));
    expect(resultsMarkdown({ ...results, uncachedInstructions: inStretches })).toContain(
      "then 50 views of each page one after another, their instructions counted in stretches of 10 and the median stretch taken",
    );
  });

  it("say when valgrind was not there to count them, and are then held to nothing", () => {
    expect(resultsMarkdown(results)).toContain("Not run: valgrind is not installed");
    expect(instructionChecks(checksOf(null))).toEqual([]);
  });

  const design = BUDGETS.uncachedAnchorsPerViewOnPglite["Bench Bistro"]!;
  const checksOf = (uncachedInstructions: InstructionsReport[] | null) =>
    checkBudgets({ load: [load()], pages: [], databaseScale: null, uncachedInstructions });
  const instructionChecks = (checks: ReturnType<typeof checkBudgets>) =>
    checks.filter((check) => check.name.startsWith(INSTRUCTIONS_BUDGET_PREFIX));

  it("allow a page on PGlite this design's anchors + 10%, and hold PostgreSQL's to nothing", () => {
    const checks = instructionChecks(checksOf(counted(design * 1.1, 100)));
    expect(checks.map(({ name, page, pass }) => ({ name, page, pass }))).toEqual([
      {
        name: `${INSTRUCTIONS_BUDGET_PREFIX} on PGlite, in anchors`,
        page: "Bench Bistro",
        pass: true,
      },
    ]);
    expect(checks[0]!.limit).toBe(
      `≤ ${(design * 1.1).toFixed(3)} (this design's ${design.toFixed(3)} + 10.00%)`,
    );
  });

  it("miss a view on PGlite more than 10% over", () => {
    const checks = instructionChecks(checksOf(counted(design * 1.11, 0)));
    expect(missed(checks)).toEqual([`${INSTRUCTIONS_BUDGET_PREFIX} on PGlite, in anchors`]);
  });

  it("hold no page to a budget it has none of", () => {
    const elsewhere = counted(100, 100).map((report) => ({
      ...report,
      pages: [{ page: "Elsewhere", instructionsPerView: 100 * anchor }],
    }));
    expect(instructionChecks(checksOf(elsewhere))).toEqual([]);
  });
});

describe("resultsMarkdown", () => {
  it("tables every measurement and marks a missed budget", () => {
    const measured = { load: [load()], pages: [page({}, 1200)], databaseScale: null };
    const results: BenchResults = {
      finishedAt: "2026-11-22T12:00:00.000Z",
      commit: "abc1234",
      machine: { cpus: 2, cpuModel: "Test CPU", memoryGiB: 24, node: "v20.20.2" },
      ...measured,
      budgets: checkBudgets(measured),
    };
    const markdown = resultsMarkdown(results);
    expect(markdown).toContain(
      "| Bench Bistro | 58.6 KB (6.8 KB); without styles 48.8 KB (5.9 KB) | 9,500/s ±8%, p99 20.0 ms, 0.050 ms CPU | " +
        "10,500/s ±5%, p99 20.0 ms, 0.030 ms CPU | 12,000/s ±6%, p99 20.0 ms, 0.020 ms CPU | 0.90× |",
    );
    expect(markdown).toContain(
      "| Bench Bistro | 500/s, p99 300.0 ms, 1.900 ms CPU per view (anchor 1.000 ms) | not run |",
    );
    expect(markdown).toContain(
      "| LCP (mobile throttling) | Bench Bistro | ≤ 1000.0 ms | 1200.0 ms | **MISSED** |",
    );
    expect(markdown).toContain("Not run: set BENCH_DATABASE_URL");
    expect(markdown).toContain("## Random query strings\n\nNot run.");
    expect(markdown).toContain("## Counting page views\n\nNot run.");
  });

  it("says which parts were measured alone after the full run, and when", () => {
    const markdown = markdownOf({ load: [], pages: [], databaseScale: null });
    expect(markdown).not.toContain("Measured alone");
    const stamped = resultsMarkdown({
      finishedAt: "2026-11-22T12:00:00.000Z",
      commit: "abc1234",
      machine: { cpus: 2, cpuModel: "Test CPU", memoryGiB: 24, node: "v20.20.2" },
      load: [],
      pages: [],
      databaseScale: null,
      budgets: [],
      partsRunAlone: [
        {
          part: "memory",
          measuredAt: "2026-11-23T08:00:00.000Z",
          commit: "def5678",
          loadAverage: 0.5,
        },
      ],
    });
    expect(stamped).toContain(
      "Measured alone since (`BENCH_ONLY=memory`): 2026-11-23T08:00:00.000Z · commit def5678 · load average 0.50 before it; its figures replace the full run's.",
    );
  });

  it("tables the random query run, dated when it was measured on its own", () => {
    const measured = {
      load: [load()],
      pages: [],
      databaseScale: null,
      randomQuery: randomQuery([
        { randomQuery: randomQueryRun(4000, { hit: 39_999, timeouts: 1 }) },
      ]),
    };
    const results: BenchResults = {
      finishedAt: "2026-11-22T12:00:00.000Z",
      commit: "abc1234",
      machine: { cpus: 2, cpuModel: "Test CPU", memoryGiB: 24, node: "v20.20.2" },
      ...measured,
      budgets: checkBudgets(measured),
    };
    const markdown = resultsMarkdown(results);
    expect(markdown).toContain(
      "2026-11-22T12:05:00.000Z · commit def5678 · load average 1.50 at the start · 200 connections",
    );
    expect(markdown).toContain(
      "| Bench Bistro | 5,000/s, p50 25.0 ms, p99 100.0 ms | 4,000/s, p50 30.0 ms, p99 120.0 ms | 0.80× | 100.00% (39,999 hit, 1 miss, 0 bypass) | 1 (1) / 0 |",
    );
    expect(
      resultsMarkdown({
        ...results,
        randomQuery: { ...measured.randomQuery, finishedAt: results.finishedAt, commit: "abc1234" },
      }),
    ).toContain("## Random query strings\n\nload average 1.50 at the start");
  });
});

describe("the memory table", () => {
  it("gives what a full cache added to idle memory with its sign", () => {
    const markdownWith = (fullCacheMiB: number) =>
      markdownOf({ load: [], pages: [], databaseScale: null, memory: [memory({ fullCacheMiB })] });
    expect(markdownWith(240 + 72.4)).toContain("| 312 MiB (+72 MiB) |");
    // Rendering can leave less heap behind than start-up did, so a full cache may read lower.
    expect(markdownWith(239.2)).toContain("| 239 MiB (-1 MiB) |");
    expect(markdownWith(240.3)).toContain("| 240 MiB (±0 MiB) |");
  });
});

describe("checkBudgets with the landing page", () => {
  const landing = (lcpMs: number, cls = 0) => ({ ...page({}, lcpMs, cls), name: "Landing" });
  const checksOf = (report: PageReport) =>
    checkBudgets({ load: [], pages: [], databaseScale: null, landing: report });

  it("allows the landing page 1.5 s of LCP, more than a public page's 1 s", () => {
    expect(missed(checksOf(landing(1500)))).toEqual([]);
    expect(missed(checksOf(landing(1501)))).toEqual(["Landing page: LCP (mobile throttling)"]);
    expect(missed(checksOf(landing(900, 0.05)))).toEqual(["Landing page: CLS"]);
  });

  it("is a row of the loading table", () => {
    const markdown = markdownOf({
      load: [],
      pages: [],
      databaseScale: null,
      landing: landing(1234.5),
    });
    expect(markdown).toMatch(/\| Landing \| .* \| 1234\.5 ms \| 0\.0000 \|/);
  });
});

describe("one and two worker processes", () => {
  it("are tabled side by side, with two workers' rate against one's", () => {
    const markdown = markdownOf({
      load: [],
      pages: [],
      databaseScale: null,
      workers: {
        finishedAt: "2026-11-25T16:00:00.000Z",
        loadAverage: 0.4,
        cpus: 2,
        rows: [
          { page: "Bench Bistro", workers: 1, cached: run(3000, 30), uncached: run(400, 200) },
          { page: "Bench Bistro", workers: 2, cached: run(3600, 30), uncached: run(700, 150) },
        ],
      },
    });
    expect(markdown).toContain("## One and two server processes (PostgreSQL)");
    expect(markdown).toContain(
      "| Bench Bistro | 2 | 3,600/s, p99 30.0 ms | 700/s, p99 150.0 ms | 1.20× | 1.75× |",
    );
    expect(markdownOf({ load: [], pages: [], databaseScale: null })).toContain(
      "Not run: set BENCH_DATABASE_URL",
    );
  });
});
