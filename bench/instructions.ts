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
import { startPortal } from "../tests/e2e/server-process";
import { fetchAsSent, startRenderCompressServer } from "./anchors";

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
 * counted views of each.
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
    { cwd: checkout, command: underCallgrind(dumps) },
  );
  const view = (page: CountedPage) => fetchAsSent(server.url + page.path, BROTLI);
  try {
    log(`warming up: ${warmUpViews} views of ${pages.length} pages in turn`);
    for (let i = 0; i < warmUpViews; i += 1) await view(pages[i % pages.length]!);
    const counted: ViewInstructions[] = [];
    for (const page of pages) {
      const instructionsPerView = await countPerRequest(
        server.child.pid!,
        dumps,
        viewsPerPage,
        () => view(page),
      );
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
