/**
 * What the public pages must achieve, checked against one benchmark run, and the short
 * markdown report of that run. Pure functions, so the checks themselves are unit-tested.
 */
import type { PageReport } from "./browser-metrics";
import type { DatabaseScaleReport } from "./database-scale";
import type { LoadResult, RandomQueryLoadResult } from "./load";

const KB = 1024;

export const BUDGETS = {
  /** The cached page against a static file of the same size from the same server. */
  cachedToStaticRatio: 0.5,
  cachedP99Ms: 50,
  uncachedPgliteRequestsPerSecond: 300,
  jsGzipBytes: 15 * KB,
  totalGzipBytes: 60 * KB,
  lcpMs: 1000,
  cls: 0.02,
  databaseP99Ms: 5,
  /** A random query string on every request against the plain page, both at 200 connections. */
  randomQueryToPlainRatio: 0.5,
  randomQueryHitRatio: 0.99,
  /** What counting a view may add to serving the cached page: server CPU per request, on vs off. */
  pageViewAddedMs: 1,
  /** The landing page, with its screenshots of the example sites, under mobile throttling. */
  landingLcpMs: 1500,
  landingCls: 0.02,
} as const;

export interface PageLoadReport {
  page: string;
  path: string;
  cached: LoadResult;
  staticFile: LoadResult;
  uncached: { pglite: LoadResult; postgres: LoadResult | null };
}

export interface RandomQueryPageReport {
  page: string;
  path: string;
  /** The plain page, from the cache, at the same connections. */
  plain: LoadResult;
  randomQuery: RandomQueryLoadResult;
}

/** Measured on its own server, and possibly in a run of its own (BENCH_ONLY=random-query). */
export interface RandomQueryReport {
  finishedAt: string;
  commit: string;
  /** The machine's 1-minute load average as the measurement began. */
  loadAverage: number;
  pages: RandomQueryPageReport[];
}

/** The cached restaurant page on a server that counts views and on one that does not. */
export interface PageViewCostReport {
  page: string;
  path: string;
  analyticsOff: LoadResult;
  analyticsOn: LoadResult;
  /** The server's CPU time (user + system) per request, without and with counting. */
  cpuMsPerRequestOff: number;
  cpuMsPerRequestOn: number;
  /** Views of the page the counting server wrote: the proof that its load was counted. */
  viewsCounted: number;
}

/** The same page from one and from two worker processes (WEB_CONCURRENCY), on PostgreSQL. */
export interface WorkersReport {
  finishedAt: string;
  /** The machine's 1-minute load average as the measurement began. */
  loadAverage: number;
  cpus: number;
  rows: Array<{ page: string; workers: number; cached: LoadResult; uncached: LoadResult }>;
}

export interface BenchResults {
  finishedAt: string;
  commit: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  load: PageLoadReport[];
  pages: PageReport[];
  databaseScale: DatabaseScaleReport | null;
  /** Absent from results recorded before it was measured. */
  randomQuery?: RandomQueryReport | null;
  /** Absent from results recorded before it was measured. */
  pageViews?: PageViewCostReport | null;
  /** The landing page in Chromium; absent from results recorded before it was measured. */
  landing?: PageReport | null;
  /** One and two server processes on PostgreSQL (BENCH_DATABASE_URL); null when not run. */
  workers?: WorkersReport | null;
  budgets: BudgetCheck[];
}

/** The budgets the random-query run checks; a run of that part alone reports only these. */
export const RANDOM_QUERY_BUDGET_PREFIX = "Random query";
export const PAGE_VIEW_BUDGET_PREFIX = "Counting a view";
export const LANDING_BUDGET_PREFIX = "Landing page";

export interface BudgetCheck {
  name: string;
  page: string;
  limit: string;
  actual: string;
  pass: boolean;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const perSecond = (value: number) => `${value.toLocaleString("en-US")}/s`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
/** How many requests a second `run` answered for each one `against` answered. */
const rateRatio = (run: LoadResult, against: LoadResult) =>
  against.requestsPerSecond > 0 ? run.requestsPerSecond / against.requestsPerSecond : 0;

export function checkBudgets(
  results: Pick<
    BenchResults,
    "load" | "pages" | "databaseScale" | "randomQuery" | "pageViews" | "landing" | "workers"
  >,
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const check = (name: string, page: string, limit: string, actual: string, pass: boolean) =>
    checks.push({ name, page, limit, actual, pass });

  for (const { page, cached, staticFile, uncached } of results.load) {
    const runs = [
      cached,
      staticFile,
      uncached.pglite,
      ...(uncached.postgres ? [uncached.postgres] : []),
    ];
    const failures = runs.reduce((sum, run) => sum + run.failures, 0);
    check("Failed requests under load", page, "0", String(failures), failures === 0);

    const ratio =
      staticFile.requestsPerSecond > 0
        ? cached.requestsPerSecond / staticFile.requestsPerSecond
        : 0;
    check(
      "Cached page vs static file, requests/s",
      page,
      `≥ ${BUDGETS.cachedToStaticRatio}×`,
      `${ratio.toFixed(2)}× (${perSecond(cached.requestsPerSecond)} vs ${perSecond(staticFile.requestsPerSecond)})`,
      ratio >= BUDGETS.cachedToStaticRatio,
    );
    check(
      "Cached page p99",
      page,
      `< ${ms(BUDGETS.cachedP99Ms)}`,
      ms(cached.p99Ms),
      cached.p99Ms < BUDGETS.cachedP99Ms,
    );
    check(
      "Uncached page on PGlite, requests/s",
      page,
      `≥ ${perSecond(BUDGETS.uncachedPgliteRequestsPerSecond)}`,
      perSecond(uncached.pglite.requestsPerSecond),
      uncached.pglite.requestsPerSecond >= BUDGETS.uncachedPgliteRequestsPerSecond,
    );
  }

  for (const { name, weight, vitals } of results.pages) {
    check(
      "JavaScript (gzip)",
      name,
      `≤ ${kb(BUDGETS.jsGzipBytes)}`,
      kb(weight.js.gzip),
      weight.js.gzip <= BUDGETS.jsGzipBytes,
    );
    check(
      "HTML + CSS + JS (gzip)",
      name,
      `≤ ${kb(BUDGETS.totalGzipBytes)}`,
      kb(weight.total.gzip),
      weight.total.gzip <= BUDGETS.totalGzipBytes,
    );
    check(
      "LCP (mobile throttling)",
      name,
      `≤ ${ms(BUDGETS.lcpMs)}`,
      ms(vitals.lcpMs),
      vitals.lcpMs <= BUDGETS.lcpMs,
    );
    check("CLS", name, `≤ ${BUDGETS.cls}`, vitals.cls.toFixed(4), vitals.cls <= BUDGETS.cls);
  }

  for (const { page, plain, randomQuery } of results.randomQuery?.pages ?? []) {
    const failures = plain.failures + randomQuery.failures;
    check(
      `${RANDOM_QUERY_BUDGET_PREFIX}: failed or timed-out requests`,
      page,
      "0",
      String(failures),
      failures === 0,
    );
    const ratio = rateRatio(randomQuery, plain);
    check(
      `${RANDOM_QUERY_BUDGET_PREFIX} vs plain page, requests/s`,
      page,
      `≥ ${BUDGETS.randomQueryToPlainRatio}×`,
      `${ratio.toFixed(2)}× (${perSecond(randomQuery.requestsPerSecond)} vs ${perSecond(plain.requestsPerSecond)})`,
      ratio >= BUDGETS.randomQueryToPlainRatio,
    );
    check(
      `${RANDOM_QUERY_BUDGET_PREFIX}: page cache hits`,
      page,
      `≥ ${percent(BUDGETS.randomQueryHitRatio)}`,
      percent(randomQuery.hitRatio),
      randomQuery.hitRatio >= BUDGETS.randomQueryHitRatio,
    );
  }

  const views = results.pageViews;
  if (views) {
    const { page, analyticsOff: off, analyticsOn: on } = views;
    const failures = off.failures + on.failures;
    check(
      `${PAGE_VIEW_BUDGET_PREFIX}: failed requests`,
      page,
      "0",
      String(failures),
      failures === 0,
    );
    const added = views.cpuMsPerRequestOn - views.cpuMsPerRequestOff;
    check(
      `${PAGE_VIEW_BUDGET_PREFIX}: added server time per view`,
      page,
      `≤ ${ms(BUDGETS.pageViewAddedMs)}`,
      `${added.toFixed(3)} ms (${views.cpuMsPerRequestOn.toFixed(3)} vs ` +
        `${views.cpuMsPerRequestOff.toFixed(3)} ms CPU per request)`,
      added <= BUDGETS.pageViewAddedMs,
    );
    check(
      `${PAGE_VIEW_BUDGET_PREFIX}: views counted with ANALYTICS=on`,
      page,
      "> 0",
      views.viewsCounted.toLocaleString("en-US"),
      views.viewsCounted > 0,
    );
  }

  const landing = results.landing;
  if (landing) {
    check(
      `${LANDING_BUDGET_PREFIX}: LCP (mobile throttling)`,
      landing.name,
      `≤ ${ms(BUDGETS.landingLcpMs)}`,
      ms(landing.vitals.lcpMs),
      landing.vitals.lcpMs <= BUDGETS.landingLcpMs,
    );
    check(
      `${LANDING_BUDGET_PREFIX}: CLS`,
      landing.name,
      `≤ ${BUDGETS.landingCls}`,
      landing.vitals.cls.toFixed(4),
      landing.vitals.cls <= BUDGETS.landingCls,
    );
  }

  const scale = results.databaseScale;
  if (scale) {
    const at = `${scale.items.toLocaleString("en-US")} items`;
    for (const [page, latency] of [
      ["restaurant", scale.restaurant],
      ["shop", scale.shop],
    ] as const) {
      check(
        `Database time p99 at ${at}`,
        page,
        `< ${ms(BUDGETS.databaseP99Ms)}`,
        ms(latency.p99Ms),
        latency.p99Ms < BUDGETS.databaseP99Ms,
      );
    }
  }
  return checks;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function resultsMarkdown(results: BenchResults): string {
  const { machine } = results;
  const sections = [
    `# Public pages benchmark`,
    `${results.finishedAt} · commit ${results.commit} · ${machine.cpus} × ${machine.cpuModel}, ` +
      `${machine.memoryGiB} GiB · Node ${machine.node} · ${results.load[0]?.cached.connections ?? 0} connections`,
    `## Throughput`,
    table(
      ["Page", "Bytes", "Static file", "Cached", "Uncached, PGlite", "Uncached, PostgreSQL"],
      results.load.map(({ page, cached, staticFile, uncached }) => {
        const cell = (run: LoadResult | null) =>
          run
            ? `${perSecond(run.requestsPerSecond)}, p50 ${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}`
            : "not run";
        return [
          page,
          String(cached.bytes),
          cell(staticFile),
          cell(cached),
          cell(uncached.pglite),
          cell(uncached.postgres),
        ];
      }),
    ),
    `## Weight and loading (Chromium, 150 ms RTT, 1.6 Mbps down, 750 Kbps up, 4× CPU)`,
    table(
      ["Page", "HTML", "CSS", "JS", "Total", "LCP", "CLS", "TBT"],
      [...results.pages, ...(results.landing ? [results.landing] : [])].map(
        ({ name, weight, vitals }) => {
          const bytes = (count: { raw: number; gzip: number }) =>
            `${kb(count.gzip)} (${kb(count.raw)} raw)`;
          return [
            name,
            bytes(weight.html),
            bytes(weight.css),
            bytes(weight.js),
            bytes(weight.total),
            ms(vitals.lcpMs),
            vitals.cls.toFixed(4),
            ms(vitals.tbtMs),
          ];
        },
      ),
    ),
  ];
  sections.push(`## Random query strings`, randomQueryMarkdown(results));
  sections.push(`## One and two server processes (PostgreSQL)`, workersMarkdown(results.workers));
  sections.push(`## Counting page views`, pageViewsMarkdown(results.pageViews));
  const scale = results.databaseScale;
  sections.push(
    `## Database time at scale (PostgreSQL)`,
    scale
      ? table(
          ["Page", "Products", "Items", "Samples", "p50", "p99", "max"],
          (
            [
              ["restaurant", scale.restaurant],
              ["shop", scale.shop],
            ] as const
          ).map(([page, latency]) => [
            page,
            scale.products.toLocaleString("en-US"),
            scale.items.toLocaleString("en-US"),
            String(latency.samples),
            ms(latency.p50Ms),
            ms(latency.p99Ms),
            ms(latency.maxMs),
          ]),
        )
      : "Not run: set BENCH_DATABASE_URL to a PostgreSQL server.",
    `## Budgets`,
    table(
      ["Budget", "Page", "Limit", "Measured", ""],
      results.budgets.map((budget) => [
        budget.name,
        budget.page,
        budget.limit,
        budget.actual,
        budget.pass ? "pass" : "**MISSED**",
      ]),
    ),
  );
  return sections.join("\n\n") + "\n";
}

function randomQueryMarkdown(results: BenchResults): string {
  const report = results.randomQuery;
  if (!report) return "Not run.";
  const [first] = report.pages;
  const cell = (run: LoadResult) =>
    `${perSecond(run.requestsPerSecond)}, p50 ${ms(run.p50Ms)}, p99 ${ms(run.p99Ms)}`;
  const about = [
    ...(report.commit === results.commit && report.finishedAt === results.finishedAt
      ? []
      : [`${report.finishedAt} · commit ${report.commit}`]),
    `load average ${report.loadAverage.toFixed(2)} at the start`,
    `${first?.randomQuery.connections ?? 0} connections`,
    `every request \`${first?.randomQuery.query ?? ""}\` with fresh values`,
  ].join(" · ");
  return [
    about,
    table(
      [
        "Page",
        "Plain page (cached)",
        "Random query",
        "Ratio",
        "Cache hits",
        "Errors (timeouts) / non-2xx",
      ],
      report.pages.map(({ page, plain, randomQuery }) => {
        const { pageCache } = randomQuery;
        return [
          page,
          cell(plain),
          cell(randomQuery),
          `${rateRatio(randomQuery, plain).toFixed(2)}×`,
          `${percent(randomQuery.hitRatio)} (${pageCache.hit.toLocaleString("en-US")} hit, ${pageCache.miss} miss, ${pageCache.bypass} bypass)`,
          `${randomQuery.errors} (${randomQuery.timeouts}) / ${randomQuery.non2xx}`,
        ];
      }),
    ),
  ].join("\n\n");
}

function pageViewsMarkdown(report: PageViewCostReport | null | undefined): string {
  if (!report) return "Not run.";
  const { page, analyticsOff: off, analyticsOn: on, viewsCounted } = report;
  const cell = (run: LoadResult) =>
    `${perSecond(run.requestsPerSecond)}, mean ${ms(run.meanMs)}, p99 ${ms(run.p99Ms)}`;
  return [
    `${on.connections} connections · every request from a phone's browser, referred by a search engine`,
    table(
      [
        "Page",
        "ANALYTICS=off",
        "ANALYTICS=on",
        "Server CPU per request (off → on)",
        "Mean latency added",
        "Requests/s",
        "Views counted",
      ],
      [
        [
          page,
          cell(off),
          cell(on),
          `${report.cpuMsPerRequestOff.toFixed(3)} → ${report.cpuMsPerRequestOn.toFixed(3)} ms`,
          `${(on.meanMs - off.meanMs).toFixed(2)} ms`,
          `${(on.requestsPerSecond - off.requestsPerSecond).toLocaleString("en-US")}/s`,
          viewsCounted.toLocaleString("en-US"),
        ],
      ],
    ),
  ].join("\n\n");
}

function workersMarkdown(report: WorkersReport | null | undefined): string {
  if (!report) return "Not run: set BENCH_DATABASE_URL to a PostgreSQL server.";
  const cell = (run: LoadResult) => `${perSecond(run.requestsPerSecond)}, p99 ${ms(run.p99Ms)}`;
  const ratio = (page: string, pick: (row: WorkersReport["rows"][number]) => LoadResult) => {
    const one = report.rows.find((row) => row.page === page && row.workers === 1);
    const two = report.rows.find((row) => row.page === page && row.workers === 2);
    return one && two ? `${rateRatio(pick(two), pick(one)).toFixed(2)}×` : "";
  };
  return [
    `${report.finishedAt} · ${report.cpus} cores, shared with the load generator · load average ${report.loadAverage.toFixed(2)} as it began · ${report.rows[0]?.cached.connections ?? 0} connections`,
    table(
      ["Page", "Workers", "Cached", "Uncached", "Cached, 2 vs 1", "Uncached, 2 vs 1"],
      report.rows.map((row) => [
        row.page,
        String(row.workers),
        cell(row.cached),
        cell(row.uncached),
        row.workers === 2 ? ratio(row.page, (each) => each.cached) : "",
        row.workers === 2 ? ratio(row.page, (each) => each.uncached) : "",
      ]),
    ),
  ].join("\n\n");
}
