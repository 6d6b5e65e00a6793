/**
 * Uncached views of this checkout against another commit's, on this host, in one session:
 * `npm run bench:compare-uncached -- <commit> [rounds]`.
 *
 * The uncached budgets scale with a render-and-compress anchor (bench/budgets.ts), and runs
 * of the same build on one host still differ by up to a fifth in anchors. When a run misses,
 * this says whether the code became dearer: it builds the other commit in a worktree, then runs `BENCH_ONLY=uncached` in
 * both, in alternation (theirs, ours, theirs, ours, …), and prints each page's CPU per view,
 * the median of the rounds, and ours against theirs. `BENCH_DATABASE_URL` adds PostgreSQL, as
 * it does for the bench. This checkout's recorded results are left as they were.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { median, type BenchResults } from "./budgets";
import { OURS, run, withOtherCheckout } from "./other-checkout";

const [baseRevision, roundsArgument = "2"] = process.argv.slice(2);
if (!baseRevision) {
  console.error("Usage: npm run bench:compare-uncached -- <commit> [rounds]");
  process.exit(2);
}
const rounds = Number(roundsArgument);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("rounds: a whole number from 1.");

const RESULTS = ["bench/results/latest.json", "bench/results/latest.md"];

interface UncachedFigures {
  /** CPU per view by "page · database". */
  cpuMs: Map<string, number>;
  /** The same, in multiples of the anchor measured beside that load. */
  anchored: Map<string, number>;
  anchors: number[];
}

/** One uncached run in `checkout`; its figures, read from the results it recorded. */
function uncachedRun(checkout: string): UncachedFigures {
  const resultsFile = path.join(checkout, RESULTS[0]!);
  const before = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "";
  // The bench exits 1 when a budget is missed: the recorded results say whether it ran.
  run("npm", ["run", "bench"], checkout, { BENCH_ONLY: "uncached" });
  const text = readFileSync(resultsFile, "utf8");
  if (text === before) throw new Error(`The bench in ${checkout} recorded nothing.`);
  const recorded = JSON.parse(text) as Pick<BenchResults, "load">;
  const figures: UncachedFigures = { cpuMs: new Map(), anchored: new Map(), anchors: [] };
  for (const page of recorded.load) {
    for (const [database, load] of Object.entries(page.uncached)) {
      // PostgreSQL's is null when BENCH_DATABASE_URL was not set; older results lack the CPU.
      if (load?.cpuMsPerRequest === undefined) continue;
      const key = `${page.page} · ${database}`;
      figures.cpuMs.set(key, load.cpuMsPerRequest);
      if (load.anchorCpuMs === undefined) continue;
      figures.anchors.push(load.anchorCpuMs);
      figures.anchored.set(key, load.cpuMsPerRequest / load.anchorCpuMs);
    }
  }
  return figures;
}

const kept = RESULTS.map((file) => [file, readFileSync(path.join(OURS, file), "utf8")] as const);
try {
  await withOtherCheckout(baseRevision, (theirs) => {
    const runs = { theirs: [] as UncachedFigures[], ours: [] as UncachedFigures[] };
    for (let round = 1; round <= rounds; round++) {
      console.log(`[compare] round ${round} of ${rounds}: ${baseRevision}, then this checkout`);
      runs.theirs.push(uncachedRun(theirs));
      runs.ours.push(uncachedRun(OURS));
    }
    printComparison(runs);
  });
} finally {
  for (const [file, text] of kept) writeFileSync(path.join(OURS, file), text);
}

function printComparison(runs: { theirs: UncachedFigures[]; ours: UncachedFigures[] }) {
  const middle = (values: number[]) => (values.length ? median(values) : NaN);
  const medianOf = (figures: UncachedFigures[], key: string, of: "cpuMs" | "anchored") =>
    middle(figures.flatMap((run) => run[of].get(key) ?? []));
  const keys = [...runs.ours[0]!.cpuMs.keys()].filter((key) => runs.theirs[0]!.cpuMs.has(key));
  console.log(
    `\n| Page · database | ${baseRevision} | this checkout | this against ${baseRevision} | ` +
      `the same, each in anchors |`,
  );
  console.log("| --- | --- | --- | --- | --- |");
  for (const key of keys) {
    const base = medianOf(runs.theirs, key, "cpuMs");
    const now = medianOf(runs.ours, key, "cpuMs");
    const anchored = medianOf(runs.ours, key, "anchored") / medianOf(runs.theirs, key, "anchored");
    console.log(
      `| ${key} | ${base.toFixed(2)} ms | ${now.toFixed(2)} ms | ${(now / base).toFixed(2)}× | ` +
        `${anchored.toFixed(2)}× |`,
    );
  }
  const anchors = (figures: UncachedFigures[]) =>
    middle(figures.flatMap((run) => run.anchors)).toFixed(3);
  console.log(
    `\nCPU per view, the median of ${rounds} round(s); the anchor's median: ` +
      `${anchors(runs.theirs)} ms beside ${baseRevision}, ${anchors(runs.ours)} ms beside this checkout.`,
  );
}
