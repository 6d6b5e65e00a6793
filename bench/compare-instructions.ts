/**
 * Instructions per uncached view of this checkout against another commit's:
 * `npm run bench:compare-instructions -- <commit>`.
 *
 * It builds the other commit in a worktree, starts each checkout's server once on a data
 * directory of its own to create the demo (each commit's own, so its own schema), then counts
 * each one's views of the demo menu and the demo shop under callgrind (bench/instructions.ts):
 * 1,500 views to warm up, then three stretches of 30 views of each page in turn. It prints each
 * page's count side by side with this checkout's against the other's. The counts do not move
 * with the host, so one run settles whether a change made a view dearer, to about 1%; the demo
 * may differ between the commits (the later one may show more), which the figures include.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPortal } from "../tests/e2e/server-process";
import { median } from "./budgets";
import { callgrindAvailable, countViewInstructions, type CountedPage } from "./instructions";
import { OURS, withOtherCheckout } from "./other-checkout";

const [baseRevision] = process.argv.slice(2);
if (!baseRevision) {
  console.error("Usage: npm run bench:compare-instructions -- <commit>");
  process.exit(2);
}
if (!callgrindAvailable()) throw new Error("valgrind is not installed (apt-get install valgrind).");

/** The example restaurant and shop every commit's demo has had at these addresses. */
const DEMO_PAGES: CountedPage[] = [
  { name: "Demo menu", path: "/r/rosas-trattoria-examplemenu" },
  { name: "Demo shop", path: "/s/harbor-pine-exampleshop" },
];
const STRETCHES = 3;
const WARM_UP_VIEWS = 1_500;
const VIEWS_PER_STRETCH = 30;

const env = {
  NODE_ENV: "production",
  MAIL: "off",
  SEED_DEMO: "true",
  AUTH_SECRET: "compare-instructions-secret-of-32-characters",
};

/** Each demo page's instructions per view in `checkout`: the median of its stretches. */
async function countDemo(checkout: string): Promise<Map<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-compare-instructions-"));
  try {
    // The first start creates the demo, at full speed.
    const seeding = await startPortal({ ...env, DATA_DIR: dataDir }, { cwd: checkout });
    await seeding.stop();
    const stretches = Array.from({ length: STRETCHES }, () => DEMO_PAGES).flat();
    const counted = await countViewInstructions({
      env: { ...env, DATA_DIR: dataDir },
      pages: stretches,
      warmUpViews: WARM_UP_VIEWS,
      viewsPerPage: VIEWS_PER_STRETCH,
      checkout,
      log: (line) => console.log(`[compare] ${line}`),
    });
    return new Map(
      DEMO_PAGES.map(({ name }) => [
        name,
        median(
          counted.filter((each) => each.page === name).map((each) => each.instructionsPerView),
        ),
      ]),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await withOtherCheckout(baseRevision, async (theirs) => {
  console.log(`[compare] ${baseRevision}`);
  const base = await countDemo(theirs);
  console.log("[compare] this checkout");
  const now = await countDemo(OURS);
  console.log(`\n| Page | ${baseRevision} | this checkout | this against ${baseRevision} |`);
  console.log("| --- | --- | --- | --- |");
  for (const { name } of DEMO_PAGES) {
    const [before, after] = [base.get(name)!, now.get(name)!];
    console.log(
      `| ${name} | ${(before / 1e6).toFixed(2)} M | ${(after / 1e6).toFixed(2)} M | ` +
        `${(after / before).toFixed(3)}× |`,
    );
  }
  console.log(
    `\nInstructions of the serving thread per uncached view, in millions: the median of ` +
      `${STRETCHES} stretches of ${VIEWS_PER_STRETCH} views after ${WARM_UP_VIEWS.toLocaleString("en-US")} to warm up.`,
  );
});
