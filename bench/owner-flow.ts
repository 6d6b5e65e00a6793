/**
 * `npm run bench:owner-flow`: how long, and how many interactions, a scripted new owner needs
 * from /register to a public menu with a theme, a logo, opening hours and five items, on a
 * 360 × 800 phone and a 1280 × 800 desktop (the flow of tests/e2e/owner-flow.ts, unthrottled,
 * against the production build on a fresh data directory). Writes
 * bench/results/owner-flow.json and owner-flow.md.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { smallPng } from "../tests/support/image-fixtures";
import { expectFinishedMenu, runOwnerFlow } from "../tests/e2e/owner-flow";
import { startPortal, tempDataDir } from "../tests/e2e/server-process";

const root = path.resolve(import.meta.dirname, "..");
const COMMAND = "npm run build && npm run bench:owner-flow";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SCREENS = [
  { name: "phone", viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

interface ScreenResult {
  screen: string;
  interactions: number;
  /** Each run's time from opening /register to the finished editor, in seconds. */
  seconds: number[];
  medianSeconds: number;
  loadAverage: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const portal = await startPortal({ DATA_DIR: tempDataDir(), TRUST_PROXY: "1" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
const results: ScreenResult[] = [];
try {
  const logo = await smallPng(240, 240);
  for (const screen of SCREENS) {
    const seconds: number[] = [];
    let interactions = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: screen.viewport,
        isMobile: screen.isMobile,
        hasTouch: screen.hasTouch,
        // Each run is another visitor, so the sign-up rate limit applies per run as per person.
        extraHTTPHeaders: { "X-Forwarded-For": `127.0.${results.length + 1}.${run + 1}` },
      });
      const page = await context.newPage();
      const flow = await runOwnerFlow(page, { baseURL: portal.url, logo });
      await expectFinishedMenu(page, portal.url, flow.publicPath);
      seconds.push(flow.milliseconds / 1000);
      interactions = flow.interactions;
      await context.close();
    }
    results.push({
      screen: screen.name,
      interactions,
      seconds,
      medianSeconds: median(seconds),
      loadAverage: os.loadavg()[0]!,
    });
    console.log(
      `[owner flow] ${screen.name}: ${interactions} interactions, median ${median(seconds).toFixed(1)} s`,
    );
  }
} finally {
  await browser.close();
  await portal.stop();
}

const recorded = { command: COMMAND, date: new Date().toISOString(), runs: RUNS, results };
writeFileSync(
  path.join(root, "bench/results/owner-flow.json"),
  `${JSON.stringify(recorded, null, 2)}\n`,
);
writeFileSync(
  path.join(root, "bench/results/owner-flow.md"),
  [
    "# Owner flow",
    "",
    `A scripted new owner from \`/register\` to a public menu with a theme, a logo, opening hours`,
    `and five items (tests/e2e/owner-flow.ts), unthrottled, median of ${RUNS} runs.`,
    `Measured ${recorded.date} with \`${COMMAND}\`.`,
    "",
    "| screen | interactions | median time | runs | load average (1 min) |",
    "| --- | ---: | ---: | --- | ---: |",
    ...results.map(
      (result) =>
        `| ${result.screen} | ${result.interactions} | ${result.medianSeconds.toFixed(1)} s | ${result.seconds
          .map((value) => value.toFixed(1))
          .join(", ")} s | ${result.loadAverage.toFixed(2)} |`,
    ),
    "",
  ].join("\n"),
);
