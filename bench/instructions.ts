/**
 * What an uncached view costs in instructions, counted by valgrind's callgrind, beside the
 * same count for the render-and-compress anchor (anchors/render-compress.js).
 *
 * CPU time per view moves with the host: on a shared two-core host the same commit has
 * measured a quarter apart from one run to the next, and its ratio to the anchor's time did
 * not hold from one host to another. An instruction count does not depend on what else the
 * machine is doing.
 *
 * The server runs under callgrind with its instrumentation off while it starts and warms up
 * (valgrind then runs it a few times slower, not a hundred), and with it on only for each
 * page's counted views, sent one after another. What is counted is the thread that serves
 * them: there the portal's code, React, PGlite's WebAssembly and brotli run, with the garbage
 * collector's own pauses. V8's optimising compiler and the collector's helpers run on threads
 * of their own, when timing decides, and by how much they differ from one stretch of views to
 * the next (a tenth, for the same page) they would hide what a change did; they are left out.
 * Counted so, the same page over consecutive stretches of 30 views differs by under 1%. The
 * warm-up is long because functions a view calls once reach V8's optimising compiler only
 * after a few thousand views, and until then the serving thread interprets them.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startPortal } from "../tests/e2e/server-process";
import { fetchAsSent, fetchSettledCopy, startBareNode, startRenderCompressServer } from "./anchors";
import { median } from "./budgets";
import { measureLoad } from "./load";

export interface CountedPage {
  name: string;
  path: string;
}

export interface ViewInstructions {
  page: string;
  /** Instructions the portal's serving thread ran per view. */
  instructionsPerView: number;
}

export interface InstructionsReport {
  database: "pglite" | "postgres";
  /** Views of the pages, in turn, before any was counted. */
  warmUpViews: number;
  viewsPerPage: number;
  /** Views of a page counted together, whose median stretch is its figure (absent from older results). */
  viewsPerStretch?: number;
  /** The render-and-compress anchor's instructions per page, counted in the same run. */
  anchorInstructionsPerPage: number;
  pages: ViewInstructions[];
}

/** valgrind's callgrind and its control program, from Debian's valgrind package. */
export function callgrindAvailable(): boolean {
  return ["valgrind", "callgrind_control"].every(
    (program) => spawnSync(program, ["--version"], { stdio: "ignore" }).status === 0,
  );
}

/**
 * callgrind's options: V8 writes the code it runs, so valgrind must watch all of memory for it,
 * and each thread is counted apart, so that the serving thread's count can be read alone.
 */
const CALLGRIND = [
  "valgrind",
  "--tool=callgrind",
  "--smc-check=all-non-file",
  "--separate-threads=yes",
];
/** The main thread's part of a dump: callgrind numbers the threads from 01 in their order. */
const MAIN_THREAD = "-01";

/**
 * The instructions a callgrind dump counted: its "totals:" line, at the end. (The "summary:"
 * line at its head reads 0 in a dump asked for while the program runs.)
 */
export function dumpTotal(dump: string): number {
  const line = /^totals: (\d+)$/m.exec(dump);
  if (!line) throw new Error("A callgrind dump without a totals line.");
  return Number(line[1]);
}

function callgrindControl(pid: number, ...options: string[]) {
  const run = spawnSync("callgrind_control", [...options, String(pid)], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`callgrind_control ${options.join(" ")}: ${run.stderr}`);
}

/** callgrind's command line for a server whose instructions are counted into `dumps`. */
function underCallgrind(dumps: string): string[] {
  return [
    ...CALLGRIND,
    // Off while the server starts and warms up: valgrind then runs it a few times slower,
    // not a hundred.
    "--instr-atstart=no",
    `--callgrind-out-file=${path.join(dumps, "callgrind.out")}`,
    process.execPath,
  ];
}

/**
 * The instructions the serving thread of `pid` (a server under `underCallgrind(dumps)`) runs
 * per request, over `requests` requests sent one after another by `send`.
 */
async function countPerRequest(
  pid: number,
  dumps: string,
  requests: number,
  send: () => Promise<unknown>,
): Promise<number> {
  callgrindControl(pid, "--zero");
  callgrindControl(pid, "--instr=on");
  for (let i = 0; i < requests; i += 1) await send();
  callgrindControl(pid, "--instr=off");
  callgrindControl(pid, "--dump");
  return dumpTotal(readFileSync(newestMainThreadDump(dumps), "utf8")) / requests;
}

/**
 * Each page's instructions per uncached view, served from this checkout's build (or
 * `checkout`'s) with `env`: `warmUpViews` views of the pages in turn, then `viewsPerPage`
 * counted views of each, in stretches of VIEW_STRETCH whose median is the figure. The server
 * runs as a counted hit's does (`UNDER_LOAD_HEAP`, `STRETCHED_TIMERS`): counted in one piece
 * at its own speed, the first page took in what the portal does by the clock (the views'
 * flush, the log's hand-over) as the instrumentation was switched on, and the same build's
 * menu counted 30.6, 34.6 and 37.5 million instructions a view in three runs.
 */
export async function countViewInstructions({
  env,
  pages,
  warmUpViews,
  viewsPerPage,
  checkout,
  log,
}: {
  env: Record<string, string>;
  pages: CountedPage[];
  warmUpViews: number;
  viewsPerPage: number;
  checkout?: string;
  log: (line: string) => void;
}): Promise<ViewInstructions[]> {
  const dumps = mkdtempSync(path.join(os.tmpdir(), "bench-callgrind-"));
  const server = await startPortal(
    { ...env, PAGE_CACHE_BYTES: "0" },
    { cwd: checkout, command: [...underCallgrind(dumps), ...UNDER_LOAD_HEAP, ...STRETCHED_TIMERS] },
  );
  const view = (page: CountedPage) => fetchAsSent(server.url + page.path, BROTLI);
  try {
    log(`warming up: ${warmUpViews} views of ${pages.length} pages in turn`);
    for (let i = 0; i < warmUpViews; i += 1) await view(pages[i % pages.length]!);
    const counted: ViewInstructions[] = [];
    for (const page of pages) {
      const perViewByStretch = await countStretches(
        server.child.pid!,
        dumps,
        Math.max(1, Math.round(viewsPerPage / VIEW_STRETCH)),
        VIEW_STRETCH,
        () => view(page),
      );
      const instructionsPerView = median(perViewByStretch);
      log(`${page.path}: ${(instructionsPerView / 1e6).toFixed(2)} million instructions per view`);
      counted.push({ page: page.name, instructionsPerView });
    }
    return counted;
  } finally {
    await server.stop();
    rmSync(dumps, { recursive: true, force: true });
  }
}

const BROTLI = { "accept-encoding": "br" };

/**
 * Views of the pages in turn before the instructions are counted: functions a view calls once
 * reach V8's optimising compiler after a few thousand views.
 */
export const INSTRUCTION_WARM_UP_VIEWS = 2_000;

/** Uncached views counted together: a page's 50 are five stretches, whose median is its figure. */
export const VIEW_STRETCH = 10;

/**
 * The main thread's part of the dump callgrind_control just asked for: callgrind numbers the
 * dumps callgrind.out.1, .2, … and each thread's part of one callgrind.out.1-01, -02, …
 */
function newestMainThreadDump(dir: string): string {
  const numbered = readdirSync(dir)
    .map((name) => new RegExp(`^callgrind\\.out\\.(\\d+)${MAIN_THREAD}$`).exec(name))
    .filter((match) => match !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  if (numbered.length === 0) throw new Error(`callgrind wrote no dump in ${dir}.`);
  return path.join(dir, numbered[0]![0]);
}

/** The anchor's requests before it is counted, and those counted. */
const ANCHOR_WARM_UP_REQUESTS = 500;
const ANCHOR_COUNTED_REQUESTS = 50;

/**
 * The anchor's instructions per page: anchors/render-compress.js serving its work under
 * callgrind, counted as a view is: after 500 requests to warm up, over 50 more.
 */
export async function countAnchorInstructions(): Promise<number> {
  const dumps = mkdtempSync(path.join(os.tmpdir(), "bench-callgrind-anchor-"));
  const anchor = await startRenderCompressServer(underCallgrind(dumps));
  try {
    const send = () => fetchAsSent(anchor.url, BROTLI);
    for (let i = 0; i < ANCHOR_WARM_UP_REQUESTS; i += 1) await send();
    return await countPerRequest(anchor.pid, dumps, ANCHOR_COUNTED_REQUESTS, send);
  } finally {
    await anchor.stop();
    rmSync(dumps, { recursive: true, force: true });
  }
}

/** The portal's configurations in the page-view comparison (bench/run.ts). */
export type HitPortal = "deployed" | "analyticsOff" | "quiet";
/** Those, and bare Node sending the same bytes. */
export type HitServer = HitPortal | "bareNode";

export interface HitCount {
  /**
   * Instructions the serving thread ran per cache hit: the median of the counted stretches'
   * (`HIT_STRETCH`), which leaves out the few that held a timer's work.
   */
  instructionsPerHit: number;
  /** Every instruction of the counted stretches per hit, the timers' work included. */
  allCountedPerHit: number;
  /** Counted answers that were not a 200 cache hit carrying the page's whole body. */
  wrongAnswers: number;
}

/** What a cache hit costs each server of the page-view comparison, in instructions. */
export interface HitInstructionsReport {
  page: string;
  path: string;
  /** Requests each server answered, from parallel connections, before it was counted. */
  warmUpRequests: number;
  /** Hits counted on each server, one after another on one connection. */
  countedHits: number;
  /** Hits of each stretch counted apart, whose median is the figure. */
  hitsPerStretch: number;
  servers: Record<HitServer, HitCount>;
}

/**
 * Hits counted together, each stretch in a dump of its own. The portal's timers are stretched
 * as valgrind slows the server (`STRETCHED_TIMERS`), so what it does by the clock falls into
 * the count as rarely per hit as at full speed; what else lands in a few stretches only (a
 * garbage collection of the whole heap) is left out by taking their median.
 */
export const HIT_STRETCH = 50;

/**
 * The instructions the serving thread of `pid` (a server under `underCallgrind(dumps)`) runs
 * per request in each of `stretches` stretches of `requestsPerStretch` requests sent one after
 * another by `send`. Counted without a break, each stretch dumped apart (a dump sets the counters back
 * to zero): switching the instrumentation on has valgrind translate all the code again.
 */
async function countStretches(
  pid: number,
  dumps: string,
  stretches: number,
  requestsPerStretch: number,
  send: () => Promise<unknown>,
): Promise<number[]> {
  callgrindControl(pid, "--zero");
  callgrindControl(pid, "--instr=on");
  const perRequest: number[] = [];
  for (let stretch = 0; stretch < stretches; stretch += 1) {
    for (let i = 0; i < requestsPerStretch; i += 1) await send();
    callgrindControl(pid, "--dump");
    perRequest.push(
      dumpTotal(readFileSync(newestMainThreadDump(dumps), "utf8")) / requestsPerStretch,
    );
  }
  callgrindControl(pid, "--instr=off");
  return perRequest;
}

/**
 * V8's settings for a counted server (hits, and uncached views). Valgrind runs the server some fifty times
 * slower, so it allocates fifty times less per second, and V8 takes that for a process gone
 * idle: its memory reducer collects the whole heap to give memory back, and the young
 * generation shrinks to a fraction of its size, after which it is collected every few hits;
 * within two minutes a hit's count climbed by nearly a tenth. Under load at full speed the young
 * generation keeps its largest size (16 MB a semi-space) and the memory reducer stays still:
 * these settings keep the counted server there.
 */
const UNDER_LOAD_HEAP = ["--no-memory-reducer", "--min-semi-space-size=16"];

/**
 * The counted server's timers, stretched as valgrind slows it (./stretched-timers.js): what
 * the portal does by the clock (its log's hand-over of gathered lines, the views' flush, the
 * orders' sweep) then comes as often per hit as at full speed, not a hundred times as often.
 */
const STRETCHED_TIMERS = [
  "--import",
  pathToFileURL(path.join(import.meta.dirname, "stretched-timers.js")).href,
];

/**
 * Whether an answer is the cache's hit with the page's whole body, `page`: an answer from
 * the renderer, a shorter body or another page would be counted as a hit's instructions.
 */
export function isWholeCacheHit(
  answer: { headers: Record<string, string>; body: Buffer },
  page: Buffer,
): boolean {
  return answer.headers["x-page-cache"] === "hit" && answer.body.equals(page);
}

/** A server's figures from each stretch's instructions per hit (see `HIT_STRETCH`). */
export function hitCount(perHitByStretch: number[], wrongAnswers: number): HitCount {
  const sum = perHitByStretch.reduce((total, perHit) => total + perHit, 0);
  return {
    instructionsPerHit: median(perHitByStretch),
    allCountedPerHit: sum / perHitByStretch.length,
    wrongAnswers,
  };
}

/**
 * `requests` requests from parallel connections (autocannon, through measureLoad), a few
 * seconds at a time, asked for with `headers`.
 */
async function warmUp(url: string, headers: Record<string, string>, requests: number) {
  for (let answered = 0; answered < requests;) {
    const run = await measureLoad(url, { seconds: 5, warmupSeconds: 0, headers });
    if (run.requestsPerSecond === 0) throw new Error(`${url} answered nothing while warming up.`);
    answered += run.requestsPerSecond * run.seconds;
  }
}

/** A server counted under callgrind: the address of the page it serves, and its process. */
interface CountedServer {
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}

/**
 * Each server's instructions per cache hit of `pagePath`, asked for with `headers`: the
 * portal in each of its `portals` configurations, then bare Node sending the bytes the first
 * of them sent. One at a time, each is started under callgrind with its instrumentation off,
 * answers `warmUpRequests` from parallel connections (a hit's code reaches V8's optimising
 * compiler only after tens of thousands), and is counted over `countedHits` hits sent one
 * after another on one kept-alive connection, in stretches of `HIT_STRETCH`.
 */
export async function countCachedHitInstructions({
  pagePath,
  headers,
  portals,
  warmUpRequests,
  countedHits,
  log,
}: {
  pagePath: string;
  headers: Record<string, string>;
  /** Each configuration's environment, and the file its log goes to as a collector takes it. */
  portals: Record<HitPortal, { env: Record<string, string>; logFile?: string }>;
  warmUpRequests: number;
  countedHits: number;
  log: (line: string) => void;
}): Promise<Record<HitServer, HitCount>> {
  let firstSent: { body: Buffer; headers: Record<string, string> } | undefined;
  const count = async (
    name: HitServer,
    start: (command: string[]) => Promise<CountedServer>,
  ): Promise<HitCount> => {
    const dumps = mkdtempSync(path.join(os.tmpdir(), "bench-callgrind-hits-"));
    const server = await start([...underCallgrind(dumps), ...UNDER_LOAD_HEAP, ...STRETCHED_TIMERS]);
    try {
      log(`${name}: warming up, ${warmUpRequests.toLocaleString("en-US")} requests`);
      await warmUp(server.url, headers, warmUpRequests);
      // The page as this server's cache settled on it: what each counted hit must carry. (The
      // portal's pages name their own address, so each server's differ by a few bytes.)
      const sent = await fetchSettledCopy(server.url, headers);
      firstSent ??= sent;
      let wrongAnswers = 0;
      const ask = () => fetchAsSent(server.url, headers);
      const hit = async () => {
        const whole = await ask()
          // Node closes a kept-alive connection idle for 5 s, and under valgrind a timer's
          // query can hold the server that long between two hits: asked again, on a new one.
          .catch((error: NodeJS.ErrnoException) =>
            error.code === "ECONNRESET" ? ask() : Promise.reject(error),
          )
          .then(
            (answer) => isWholeCacheHit(answer, sent.body),
            () => false,
          );
        if (!whole) wrongAnswers += 1;
      };
      const perHitByStretch = await countStretches(
        server.pid,
        dumps,
        Math.ceil(countedHits / HIT_STRETCH),
        HIT_STRETCH,
        hit,
      );
      const counts = hitCount(perHitByStretch, wrongAnswers);
      const dearer = perHitByStretch.filter((each) => each > counts.instructionsPerHit * 1.03);
      const thousands = (count: number) => `${(count / 1e3).toFixed(1)} k`;
      log(
        `${name}: ${thousands(counts.instructionsPerHit)} instructions per hit, the median of ` +
          `${perHitByStretch.length} stretches (${dearer.length} over it by 3% or more); ` +
          `${thousands(counts.allCountedPerHit)} with the timers' work` +
          (wrongAnswers > 0 ? `; ${wrongAnswers} answers not the whole cached page` : ""),
      );
      return counts;
    } finally {
      await server.stop();
      rmSync(dumps, { recursive: true, force: true });
    }
  };

  const counts: Partial<Record<HitServer, HitCount>> = {};
  for (const [name, { env, logFile }] of Object.entries(portals) as Array<
    [HitPortal, (typeof portals)[HitPortal]]
  >) {
    counts[name] = await count(name, async (command) => {
      const server = await startPortal(env, { logFile, command });
      return { url: server.url + pagePath, pid: server.child.pid!, stop: () => server.stop() };
    });
  }
  counts.bareNode = await count("bareNode", (command) =>
    startBareNode(firstSent!.body, firstSent!.headers, command),
  );
  return counts as Record<HitServer, HitCount>;
}
