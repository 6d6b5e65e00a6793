/**
 * Lighthouse (its default mobile settings: a mid-range phone on a slow 4G connection,
 * simulated) on the pages owners and their visitors see first, in Debian's Chromium. Each
 * page is audited three times; the report keeps the median of each figure. Unlike the
 * bench's own Chromium run (browser-metrics.ts), Lighthouse charges the connection's
 * set-up (DNS, TCP, TLS) to the page, as a phone meeting the site for the first time pays it.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./budgets";

export interface LighthouseTarget {
  name: string;
  path: string;
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
  /** JavaScript the page loads, compressed as sent. */
  scriptBytes: number;
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** Debian's Chromium, or CHROME_PATH. */
function chromePath(): string {
  return process.env.CHROME_PATH ?? "/usr/bin/chromium";
}

export async function measureLighthouse(
  baseUrl: string,
  targets: LighthouseTarget[],
  { runs = 3, log = (_line: string) => {} } = {},
): Promise<LighthouseReport[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const reports: LighthouseReport[] = [];
    for (const target of targets) {
      const samples: Array<Omit<LighthouseReport, "name" | "path" | "runs">> = [];
      for (let run = 1; run <= runs; run += 1) {
        log(`Lighthouse ${run} of ${runs}: ${target.name}`);
        const lhr = await auditPage(chrome.port, baseUrl, target, log);
        const score = (id: (typeof CATEGORIES)[number]) =>
          Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const scripts = (
          lhr.audits["resource-summary"]?.details as
            { items?: Array<{ resourceType: string; transferSize: number }> } | undefined
        )?.items?.find((item) => item.resourceType === "script");
        samples.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          lcpMs: numeric("largest-contentful-paint"),
          tbtMs: numeric("total-blocking-time"),
          scriptBytes: scripts?.transferSize ?? 0,
        });
      }
      const middle = (pick: (sample: (typeof samples)[number]) => number) =>
        median(samples.map(pick));
      reports.push({
        name: target.name,
        path: target.path,
        runs,
        performance: middle((each) => each.performance),
        accessibility: middle((each) => each.accessibility),
        bestPractices: middle((each) => each.bestPractices),
        seo: middle((each) => each.seo),
        lcpMs: middle((each) => each.lcpMs),
        tbtMs: middle((each) => each.tbtMs),
        scriptBytes: middle((each) => each.scriptBytes),
      });
    }
    return reports;
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
    const result = await lighthouse(baseUrl + target.path, {
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
