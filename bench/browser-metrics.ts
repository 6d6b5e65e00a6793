// Browser-side metrics for the public pages of a running production server: page weight
// (what a visitor downloads) and Core Web Vitals under Lighthouse's mobile throttling.
//
// Everything runs in Debian's Chromium through Playwright and the DevTools protocol, so the
// benchmark needs no Lighthouse install and no network access.

import { gzipSync } from "node:zlib";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from "@playwright/test";

export interface ByteCount {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  html: ByteCount;
  css: ByteCount;
  js: ByteCount;
  total: ByteCount;
  requests: number;
}

export interface PageVitals {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

export interface PageReport {
  name: string;
  path: string;
  weight: PageWeight;
  vitals: PageVitals;
  vitalsRuns: PageVitals[];
}

/**
 * Lighthouse's default mobile throttling ("Slow 4G" on a mid-range phone): 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, and a CPU four times slower than the benchmark machine.
 */
export const MOBILE_THROTTLING = {
  rttMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
} as const;

const CHROMIUM_ARGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** A Moto G Power-sized screen, the device Lighthouse emulates for mobile. */
const MOBILE_SCREEN = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} satisfies BrowserContextOptions;

/** Cold loads under throttling take seconds; a stuck page should fail, not hang the benchmark. */
const NAVIGATION_TIMEOUT_MS = 120_000;
/** LCP and layout shifts settle after load; this much silence means the page is done. */
const QUIET_MS = 1_500;
/** Upper bound on the wait for quiet, for pages that keep polling or animating forever. */
const MAX_SETTLE_MS = 20_000;
const POLL_MS = 100;

/** Where the init script keeps its state on `window`. */
const PROBE_KEY = "__benchBrowserMetrics";

export async function measurePages(
  baseUrl: string,
  pages: Array<{ name: string; path: string }>,
  options?: { runs?: number },
): Promise<PageReport[]> {
  const runs = options?.runs ?? 5;
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`measurePages: runs must be a positive integer, got ${runs}`);
  }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    // Lighthouse's mobile user agent, with the real Chromium version. The default headless
    // agent says "HeadlessChrome", which isbot flags, and React Router's default server entry
    // answers bots with the whole page buffered instead of the streamed HTML visitors get.
    const contextOptions: BrowserContextOptions = {
      ...MOBILE_SCREEN,
      userAgent:
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 " +
        `(KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`,
    };

    const reports: PageReport[] = [];
    for (const { name, path } of pages) {
      const url = new URL(path, baseUrl).href;
      const weight = await measureWeight(browser, contextOptions, url);
      const vitalsRuns: PageVitals[] = [];
      for (let run = 0; run < runs; run++) {
        vitalsRuns.push(await measureVitals(browser, contextOptions, url));
      }
      reports.push({ name, path, weight, vitals: medianVitals(vitalsRuns), vitalsRuns });
    }
    return reports;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Page weight

type AssetKind = "html" | "css" | "js";

/** Loads the page once, unthrottled and with an empty cache, and adds up what it downloaded. */
async function measureWeight(
  browser: Browser,
  contextOptions: BrowserContextOptions,
  url: string,
): Promise<PageWeight> {
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    // Bodies are requested as soon as each response arrives: Playwright only keeps them while
    // the page that made the request is alive, and a failed read must fail the measurement
    // rather than silently make the page look lighter.
    const assets: Array<Promise<{ kind: AssetKind; url: string; body: Buffer }>> = [];
    page.on("response", (response) => {
      const kind = assetKind(response, page);
      if (!kind) return;
      const read = response.body().then(
        (body) => ({ kind, url: response.url(), body }),
        (error: unknown) => {
          throw new Error(`Could not read the body of ${response.url()}: ${String(error)}`);
        },
      );
      read.catch(() => {}); // Awaited below; this only prevents an unhandled-rejection crash.
      assets.push(read);
    });

    const navigation = await page.goto(url, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS });
    assertOk(navigation, url);
    // Modules imported after hydration (lazy routes, prefetches) belong to the page too. A page
    // that never goes idle (polling) is weighed with what it loaded by then instead of failing.
    await page.waitForLoadState("networkidle", { timeout: MAX_SETTLE_MS }).catch(() => {});

    const files = await Promise.all(assets);
    const html = emptyCount();
    const css = emptyCount();
    const externalJs = emptyCount();
    let documentHtml: string | undefined;
    for (const file of files) {
      const target = file.kind === "html" ? html : file.kind === "css" ? css : externalJs;
      addTo(target, countBytes(file.body));
      if (file.kind === "html" && documentHtml === undefined) {
        documentHtml = file.body.toString("utf8");
      }
    }
    if (documentHtml === undefined) throw new Error(`No HTML document was recorded for ${url}`);

    // Inline scripts are part of the HTML bytes already, so they go into `js` (it is script the
    // phone has to parse and run) but not into `total` a second time. All of a document's inline
    // scripts are gzipped together, as one file: they travel in one compressed response, and
    // gzipping each tiny script apart would add a gzip header per script.
    const inlineJs = await inlineScripts(context, documentHtml);
    const js = emptyCount();
    addTo(js, externalJs);
    if (inlineJs.length > 0) addTo(js, countBytes(Buffer.from(inlineJs.join(""), "utf8")));

    const total = emptyCount();
    addTo(total, html);
    addTo(total, css);
    addTo(total, externalJs);
    return { html, css, js, total, requests: files.length };
  } finally {
    await context.close();
  }
}

/**
 * Which part of the page weight a response belongs to, or null for everything that is not
 * HTML, CSS or JavaScript (images, fonts, the favicon, `.data` fetches, ...). Redirects are
 * skipped: they have no body, and the response they lead to is counted.
 */
function assetKind(response: Response, page: Page): AssetKind | null {
  const status = response.status();
  if (status >= 300 && status < 400) return null;
  const request = response.request();
  const resourceType = request.resourceType();
  const contentType = (response.headers()["content-type"] ?? "").toLowerCase();
  if (resourceType === "document") {
    return request.frame() === page.mainFrame() && contentType.includes("html") ? "html" : null;
  }
  if (resourceType === "stylesheet" || contentType.startsWith("text/css")) return "css";
  // Covers <script src>, module imports and <link rel=modulepreload>, whatever resource type
  // Chromium files the preload under. React Router's `.data` responses are "text/x-script".
  if (resourceType === "script" || /\b(java|ecma)script\b/.test(contentType)) return "js";
  return null;
}

/** MIME types that make a `<script type=...>` a classic script (HTML spec, "JavaScript MIME type"). */
const JAVASCRIPT_MIME_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/**
 * The text of the document's executable inline scripts. Data blocks are left out: JSON-LD
 * (`application/ld+json`), import maps, speculation rules and other non-JavaScript types are
 * never run, and the public pages carry their structured data that way on purpose, so counting
 * it as JavaScript would make the no-JS pages look as if they shipped script.
 *
 * The HTML is parsed by Chromium's own parser (DOMParser never runs scripts) on a blank page of
 * its own, so the result is what the browser saw, untouched by hydration or the page's CSP.
 */
async function inlineScripts(context: BrowserContext, html: string): Promise<string[]> {
  const parserPage = await context.newPage();
  try {
    const scripts = await parserPage.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "text/html");
      return Array.from(doc.querySelectorAll("script:not([src])")).map((script) => ({
        type: script.getAttribute("type"),
        language: script.getAttribute("language"),
        text: script.textContent ?? "",
      }));
    }, html);
    return scripts.filter(isExecutableScript).map((script) => script.text);
  } finally {
    await parserPage.close();
  }
}

/** The HTML spec's "prepare the script element" rules for telling script from data. */
function isExecutableScript(script: { type: string | null; language: string | null }): boolean {
  let type: string;
  if (script.type === null) {
    if (script.language === null || script.language === "") return true;
    type = `text/${script.language}`;
  } else {
    type = script.type;
  }
  type = type.trim().toLowerCase();
  return type === "" || type === "module" || JAVASCRIPT_MIME_TYPES.has(type);
}

/**
 * Raw and gzipped size of one body. The gzip figure is computed here, at the highest level,
 * rather than read from Content-Length: it then measures the asset itself and stays comparable
 * whether or not (and however well) the server compresses, and whatever proxy sits in front.
 */
function countBytes(body: Buffer): ByteCount {
  return { raw: body.length, gzip: body.length === 0 ? 0 : gzipSync(body, { level: 9 }).length };
}

function emptyCount(): ByteCount {
  return { raw: 0, gzip: 0 };
}

function addTo(target: ByteCount, add: ByteCount): void {
  target.raw += add.raw;
  target.gzip += add.gzip;
}

function assertOk(response: Response | null, url: string): void {
  if (!response) throw new Error(`No response for ${url}`);
  if (!response.ok()) throw new Error(`${url} answered HTTP ${response.status()}`);
}

// ---------------------------------------------------------------------------------------------
// Web Vitals

/** What the init script hands back: raw entries, reduced to metrics on the Node side. */
interface ProbeResult {
  fcp: number | null;
  lcp: number | null;
  shifts: Array<{ startTime: number; value: number }>;
  longTasks: Array<{ startTime: number; duration: number }>;
}

/**
 * Installed before any of the page's own code runs, so every entry is seen; `buffered: true`
 * also replays entries from before the observers existed. Plain JavaScript in a string, since
 * tsx's transpiled functions can reference helpers that do not exist in the page.
 */
const PROBE_SCRIPT = `(() => {
  if (window !== window.top || window[${JSON.stringify(PROBE_KEY)}]) return;
  const state = { fcp: null, lcp: null, shifts: [], longTasks: [] };
  let lastEntryAt = performance.now();
  const observers = [];
  const handlers = {
    "paint": (entry) => {
      if (entry.name === "first-contentful-paint") state.fcp = entry.startTime;
    },
    // Chrome stops emitting LCP entries once the user interacts, so the last one is final.
    "largest-contentful-paint": (entry) => {
      state.lcp = entry.startTime;
    },
    "layout-shift": (entry) => {
      if (!entry.hadRecentInput) state.shifts.push({ startTime: entry.startTime, value: entry.value });
    },
    "longtask": (entry) => {
      state.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    },
  };
  for (const [type, handle] of Object.entries(handlers)) {
    try {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) handle(entry);
        lastEntryAt = performance.now();
      });
      observer.observe({ type, buffered: true });
      observers.push({ observer, handle });
    } catch {
      // An entry type this browser does not support; its metric stays empty.
    }
  }
  Object.defineProperty(window, ${JSON.stringify(PROBE_KEY)}, {
    value: {
      quietMs: () => performance.now() - lastEntryAt,
      // Delivers entries still queued for the callbacks, then stops observing for good.
      stop: () => {
        for (const { observer, handle } of observers) {
          for (const entry of observer.takeRecords()) handle(entry);
          observer.disconnect();
        }
        return state;
      },
    },
  });
})();`;

/** One cold load (new context, so an empty cache) under mobile throttling. */
async function measureVitals(
  browser: Browser,
  contextOptions: BrowserContextOptions,
  url: string,
): Promise<PageVitals> {
  const context = await browser.newContext(contextOptions);
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // The protocol wants bytes per second; Lighthouse's kbps are 1024-bit kilobits.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: MOBILE_THROTTLING.rttMs,
      downloadThroughput: (MOBILE_THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (MOBILE_THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_THROTTLING.cpuSlowdown });

    let inFlight = 0;
    let lastNetworkAt = Date.now();
    const started = () => {
      inFlight++;
      lastNetworkAt = Date.now();
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastNetworkAt = Date.now();
    };
    page.on("request", started);
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);

    const navigation = await page.goto(url, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS });
    assertOk(navigation, url);

    // LCP is only final once rendering has settled, which can be well after "load" on a
    // hydrating page: wait until neither the network nor the observers have seen anything for
    // QUIET_MS. Nothing here touches the page, since any input would end LCP early.
    const deadline = Date.now() + MAX_SETTLE_MS;
    while (Date.now() < deadline) {
      const pageQuietMs = await page.evaluate(
        (key) => (window as unknown as Record<string, { quietMs(): number }>)[key]!.quietMs(),
        PROBE_KEY,
      );
      if (inFlight === 0 && Date.now() - lastNetworkAt >= QUIET_MS && pageQuietMs >= QUIET_MS) {
        break;
      }
      await page.waitForTimeout(POLL_MS);
    }

    const probe = await page.evaluate(
      (key) => (window as unknown as Record<string, { stop(): ProbeResult }>)[key]!.stop(),
      PROBE_KEY,
    );
    return vitalsFromProbe(probe, url);
  } finally {
    await context.close();
  }
}

function vitalsFromProbe(probe: ProbeResult, url: string): PageVitals {
  if (probe.fcp === null) throw new Error(`${url}: no first-contentful-paint entry was recorded`);
  if (probe.lcp === null) throw new Error(`${url}: no largest-contentful-paint entry was recorded`);
  const fcp = probe.fcp;

  // Total Blocking Time: the part of each long task beyond 50 ms, for tasks after first paint.
  let tbt = 0;
  for (const task of probe.longTasks) {
    if (task.startTime >= fcp) tbt += Math.max(0, task.duration - 50);
  }

  return {
    lcpMs: round(probe.lcp, 1),
    cls: round(cumulativeLayoutShift(probe.shifts), 4),
    tbtMs: round(tbt, 1),
    fcpMs: round(fcp, 1),
  };
}

/**
 * CLS as web-vitals defines it: shifts are grouped into session windows (a new window starts
 * after a 1 s gap or when the window would exceed 5 s) and the largest window's sum wins.
 */
function cumulativeLayoutShift(shifts: ProbeResult["shifts"]): number {
  let worst = 0;
  let windowSum = 0;
  let windowStart = 0;
  let previous = 0;
  for (const [index, shift] of [...shifts].sort((a, b) => a.startTime - b.startTime).entries()) {
    const continues =
      index > 0 && shift.startTime - previous < 1_000 && shift.startTime - windowStart < 5_000;
    if (continues) {
      windowSum += shift.value;
    } else {
      windowSum = shift.value;
      windowStart = shift.startTime;
    }
    previous = shift.startTime;
    worst = Math.max(worst, windowSum);
  }
  return worst;
}

/** Each metric's median on its own, so one slow run cannot drag the others with it. */
function medianVitals(runs: PageVitals[]): PageVitals {
  return {
    lcpMs: round(median(runs.map((run) => run.lcpMs)), 1),
    cls: round(median(runs.map((run) => run.cls)), 4),
    tbtMs: round(median(runs.map((run) => run.tbtMs)), 1),
    fcpMs: round(median(runs.map((run) => run.fcpMs)), 1),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) throw new Error("median of no values");
  return sorted.length % 2 === 1 ? upper : (sorted[middle - 1]! + upper) / 2;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
