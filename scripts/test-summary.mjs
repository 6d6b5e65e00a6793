// Adds up the results of every suite that ran into one line: "N passed, N failed".
// A suite that was expected but left no report counts as one failure, so a crash is never green.
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;

const vitest = read("reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // Files that failed to load have no test counts of their own.
  failed += (vitest.testResults ?? []).filter(
    (file) => file.status === "failed" && (file.assertionResults ?? []).length === 0,
  ).length;
} else {
  failed += 1;
}

const playwright = read("reports/playwright.json");
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  // Errors outside any test (a spec file that cannot be loaded) stop the run before it counts.
  failed += (playwright.errors ?? []).length;
} else {
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed`);
