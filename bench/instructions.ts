/**
 * What an uncached view costs in instructions, counted by valgrind's callgrind, beside the
 * same count for the render-and-compress anchor (anchors/render-compress.js).
 *
 * CPU time per view moves with the host: on a shared two-core host the same commit has
 * measured a quarter apart from one run to the next, and its ratio to the anchor's time did
 * not hold from one host to another. An instruction count does not depend on what else the
 * machine is doing: the same commit, pages and numbers of views count the same to within a
 * tenth of a percent. Between commits, a garbage collection or a compilation that falls inside
 * or outside a page's counted views still moves that page's count, so the views counted must be
 * many for a difference to say that a change made a view dearer.
 *
 * The server runs under callgrind with its instrumentation off while it starts and warms up
 * (valgrind then runs it a few times slower, not a hundred), and with it on only for each
 * page's counted views, sent one after another. Node runs with `--single-threaded`, so V8
 * compiles and collects garbage on the thread that serves the views, at points that repeat
 * from run to run, rather than on helper threads at moments that depend on timing. The
 * warm-up is long because functions a view calls once reach V8's optimising compiler only
 * after a few thousand views.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPortal } from "../tests/e2e/server-process";
import { fetchAsSent } from "./anchors";

export interface CountedPage {
  name: string;
  path: string;
}

export interface ViewInstructions {
  page: string;
  /** Instructions the portal's process ran per view, all its threads. */
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

/** callgrind's options: V8 writes the code it runs, so valgrind must watch all of memory for it. */
const CALLGRIND = ["valgrind", "--tool=callgrind", "--smc-check=all-non-file"];
const NODE = [process.execPath, "--single-threaded"];

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
    {
      cwd: checkout,
      command: [
        ...CALLGRIND,
        "--instr-atstart=no",
        `--callgrind-out-file=${path.join(dumps, "callgrind.out")}`,
        ...NODE,
      ],
    },
  );
  const pid = server.child.pid!;
  const view = (page: CountedPage) => fetchAsSent(server.url + page.path, BROTLI);
  try {
    log(`warming up: ${warmUpViews} views of ${pages.length} pages in turn`);
    for (let i = 0; i < warmUpViews; i += 1) await view(pages[i % pages.length]!);
    const counted: ViewInstructions[] = [];
    for (const page of pages) {
      callgrindControl(pid, "--zero");
      callgrindControl(pid, "--instr=on");
      for (let i = 0; i < viewsPerPage; i += 1) await view(page);
      callgrindControl(pid, "--instr=off");
      callgrindControl(pid, "--dump");
      const instructions = dumpTotal(readFileSync(newestDump(dumps), "utf8"));
      const instructionsPerView = instructions / viewsPerPage;
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

/** The dump callgrind_control just asked for: callgrind numbers them callgrind.out.1, .2, … */
function newestDump(dir: string): string {
  const numbered = readdirSync(dir)
    .map((name) => /^callgrind\.out\.(\d+)$/.exec(name))
    .filter((match) => match !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  if (numbered.length === 0) throw new Error(`callgrind wrote no dump in ${dir}.`);
  return path.join(dir, numbered[0]![0]);
}

/** Pages the anchor measures in its two runs: their difference is what is counted. */
const ANCHOR_FEW_PAGES = 40;
const ANCHOR_MORE_PAGES = 200;

/**
 * The anchor's instructions per page: anchors/render-compress.js under callgrind twice, with
 * 40 and with 200 pages after its warm-up, so that the difference leaves out Node's start,
 * the warm-up and the compilation they bring.
 */
export function countAnchorInstructions(): number {
  const dumps = mkdtempSync(path.join(os.tmpdir(), "bench-callgrind-anchor-"));
  const script = path.join(import.meta.dirname, "anchors", "render-compress.js");
  const count = (pages: number) => {
    const out = path.join(dumps, `pages-${pages}.out`);
    const run = spawnSync(
      CALLGRIND[0]!,
      [...CALLGRIND.slice(1), `--callgrind-out-file=${out}`, ...NODE, script, String(pages)],
      { encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
    );
    if (run.status !== 0) throw new Error(`the anchor under callgrind failed:\n${run.stderr}`);
    return dumpTotal(readFileSync(out, "utf8"));
  };
  try {
    const few = count(ANCHOR_FEW_PAGES);
    const more = count(ANCHOR_MORE_PAGES);
    return (more - few) / (ANCHOR_MORE_PAGES - ANCHOR_FEW_PAGES);
  } finally {
    rmSync(dumps, { recursive: true, force: true });
  }
}
