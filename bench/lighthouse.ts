/**
 * Lighthouse (its default mobile settings: a mid-range phone on a slow 4G connection,
 * simulated) on the pages owners and their visitors see first, in Debian's Chromium, as a
 * visitor's phone meets them: each audit in a Chromium of its own, started for it on a fresh
 * profile, so no cache, compiled code or warmed-up process carries over from another. Each
 * page is audited five times, the pages in turn; the report keeps the median of each figure
 * (with three, the median blocking time of the same page moved from 10 to 57 ms between runs).
 * Unlike the bench's own Chromium run (browser-metrics.ts), Lighthouse charges the
 * connection's set-up (DNS, TCP, TLS) to the page, as a phone meeting the site for the first
 * time pays it.
 *
 * With `anchor`, a trivial static page (one heading, one paragraph, from bare Node) is
 * audited in the same turns: what this machine and this Chromium give a page that does
 * nothing, which the pages' budgets are set against.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBareNode } from "./anchors";
import { processCpuMs } from "./load";
import { MAIN_THREAD_KINDS, median, type MainThreadKind } from "./budgets";

export interface LighthouseTarget {
  name: string;
  path: string;
  /** Another origin's page (the anchor's); `path` is then only its name in the report. */
  url?: string;
  /** A signed-in owner's session, for the portal's own pages. */
  cookie?: string;
}

export interface LighthouseReport {
  name: string;
  path: string;
  runs: number;
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  /** The main thread's work while loading (Lighthouse's "main-thread work breakdown"). */
  mainThreadMs?: number;
  /**
   * That work by kind, the medians: what a trace of the load spent on style and layout, on
   * script, on parsing, on paint and on the rest (Lighthouse's groups, by their ids, in ms).
   * Absent from older results.
   */
  mainThreadByKind?: Partial<Record<MainThreadKind, number>>;
  /** Each run's blocking time, in the order run: a budget met in every run, not only the median. */
  tbtRunsMs?: number[];
  /** JavaScript the page loads, compressed as sent. */
  scriptBytes: number;
  /**
   * The page itself as it came over the connection: its response headers and its compressed
   * body. Absent from older results.
   */
  documentBytes?: number;
  /** The trivial page's figures from the same audits, when it was audited beside this one. */
  anchor?: LighthouseAnchorFigures;
}

export type LighthouseAnchorFigures = Pick<
  LighthouseReport,
  "performance" | "lcpMs" | "tbtMs" | "mainThreadMs"
>;

/** The anchor's name and path in a report. */
export const TRIVIAL_PAGE_NAME = "Trivial page (anchor)";
export const TRIVIAL_PAGE_PATH = "(bare Node)";

/** One heading, one paragraph: a page as light as a page can be, with what Lighthouse asks. */
const TRIVIAL_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A trivial page</title>
<meta name="description" content="One heading and one paragraph, for comparison.">
</head>
<body>
<h1>A trivial page</h1>
<p>One heading and one paragraph, sent by bare Node, audited beside the portal's pages.</p>
</body>
</html>
`;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Debian's Chromium, or CHROME_PATH. */
function chromePath(): string {
  return process.env.CHROME_PATH ?? "/usr/bin/chromium";
}

/** How long a server must have used next to no CPU time before an audit starts. */
const QUIET_MS = 1000;
/** Next to none: one tick of the kernel's CPU clock (10 ms) in QUIET_MS. */
const QUIET_CPU_MS = 10;
/** How long to wait for that at most before auditing anyway (and saying so). */
const QUIET_WAIT_LIMIT_MS = 30_000;

/**
 * Waits until the process `pid` has been nearly idle for a second. A server that has just
 * answered thousands of requests goes on collecting its garbage for seconds (V8's memory
 * reducer), and on a two-core host that work lands inside the page loads Lighthouse times.
 */
async function untilQuiet(pid: number, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  let before = processCpuMs(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    const now = processCpuMs(pid);
    if (now - before <= QUIET_CPU_MS) return;
    if (performance.now() - started > QUIET_WAIT_LIMIT_MS) {
      log(`the server was still busy after ${QUIET_WAIT_LIMIT_MS / 1000} s: auditing anyway`);
      return;
    }
    before = now;
  }
}

export async function measureLighthouse(
  baseUrl: string,
  targets: LighthouseTarget[],
  {
    runs = 5,
    log = (_line: string) => {},
    anchor = false,
    /** The server behind `baseUrl`: each audit waits for it to be quiet (`untilQuiet`). */
    serverPid,
  }: {
    runs?: number;
    log?: (line: string) => void;
    anchor?: boolean;
    serverPid?: number;
  } = {},
): Promise<LighthouseReport[]> {
  const trivialPage = anchor
    ? await startBareNode(Buffer.from(TRIVIAL_PAGE), {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
      })
    : null;
  try {
    const audited: LighthouseTarget[] = [
      ...(trivialPage
        ? [{ name: TRIVIAL_PAGE_NAME, path: TRIVIAL_PAGE_PATH, url: trivialPage.url }]
        : []),
      ...targets,
    ];
    const samples = new Map<LighthouseTarget, Sample[]>(audited.map((target) => [target, []]));
    // Run by run, every page in turn: a machine growing busier or quieter weighs on all alike.
    for (let run = 1; run <= runs; run += 1) {
      for (const target of audited) {
        log(`Lighthouse ${run} of ${runs}: ${target.name}`);
        if (serverPid !== undefined) await untilQuiet(serverPid, log);
        samples.get(target)!.push(await auditInFreshChromium(baseUrl, target, log));
      }
    }
    const reports = audited.map((target) => {
      const taken = samples.get(target)!;
      const middle = (pick: (sample: Sample) => number) => median(taken.map(pick));
      return {
        name: target.name,
        path: target.path,
        runs,
        performance: middle((each) => each.performance),
        accessibility: middle((each) => each.accessibility),
        bestPractices: middle((each) => each.bestPractices),
        seo: middle((each) => each.seo),
        lcpMs: middle((each) => each.lcpMs),
        tbtMs: middle((each) => each.tbtMs),
        mainThreadMs: middle((each) => each.mainThreadMs),
        mainThreadByKind: Object.fromEntries(
          (Object.keys(MAIN_THREAD_KINDS) as MainThreadKind[]).map((kind) => [
            kind,
            middle((each) => each.mainThreadByKind[kind] ?? 0),
          ]),
        ),
        tbtRunsMs: taken.map((each) => each.tbtMs),
        scriptBytes: middle((each) => each.scriptBytes),
        documentBytes: middle((each) => each.documentBytes),
      } satisfies LighthouseReport;
    });
    if (!trivialPage) return reports;
    const [trivial, ...pages] = reports;
    const figures: LighthouseAnchorFigures = {
      performance: trivial!.performance,
      lcpMs: trivial!.lcpMs,
      tbtMs: trivial!.tbtMs,
      mainThreadMs: trivial!.mainThreadMs,
    };
    return [trivial!, ...pages.map((page) => ({ ...page, anchor: figures }))];
  } finally {
    await trivialPage?.stop();
  }
}

type Sample = Required<Omit<LighthouseReport, "name" | "path" | "runs" | "anchor" | "tbtRunsMs">>;

/** One audit, in a Chromium started for it on a fresh profile and stopped after it. */
async function auditInFreshChromium(
  baseUrl: string,
  target: LighthouseTarget,
  log: (line: string) => void,
): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const lhr = await auditPage(chrome.port, baseUrl, target, log);
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (
      lhr.audits["resource-summary"]?.details as
        { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
    )?.items?.find((item) => item.resourceType === "script");
    const byKind = (
      lhr.audits["mainthread-work-breakdown"]?.details as
        { items?: Array<{ group: string; duration: number }> } | undefined
    )?.items;
    const requests = (
      lhr.audits["network-requests"]?.details as
        { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
    )?.items;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      mainThreadMs: numeric("mainthread-work-breakdown"),
      mainThreadByKind: Object.fromEntries(
        (byKind ?? []).map((item) => [item.group, item.duration]),
      ),
      scriptBytes: scripts?.transferSize ?? 0,
      documentBytes: requests?.find((item) => item.resourceType === "Document")?.transferSize ?? 0,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes fails to record a page load's trace (NO_NAVSTART, "Please run
 * Lighthouse again"); such a run is repeated, a few times at most.
 */
const ATTEMPTS_PER_RUN = 3;

/** One Lighthouse run of `target`, repeated when Lighthouse itself failed. */
async function auditPage(
  port: number,
  baseUrl: string,
  target: LighthouseTarget,
  log: (line: string) => void,
) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(target.url ?? baseUrl + target.path, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}.`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    const failure = `Lighthouse on ${target.path}: ${lhr.runtimeError.message}`;
    if (attempt >= ATTEMPTS_PER_RUN) throw new Error(failure);
    log(`${failure}; running it again`);
  }
}
