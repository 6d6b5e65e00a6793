// Adds up the results of every suite that ran into one line: "N passed, N failed".
// A suite that was expected but left no report counts as one failure, so a crash is never green.
// Above that line it names each failure with the first line of its error: a CI log is often
// read from its end, where the runners' own reports of the failures are long scrolled away.
// A failed browser test also shows the page as it was when it failed: CI keeps no traces, and
// a failure seen once in many runs is otherwise hard to explain afterwards.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
const failures = [];
const pagesAtFailure = [];

/** The longest page snapshot printed for one failure, in lines. */
const SNAPSHOT_LINES = 120;

/** The page snapshot (its YAML block) in Playwright's error context for a failed test, if any. */
function pageSnapshot(results) {
  const file = (results ?? [])
    .flatMap((result) => result.attachments ?? [])
    .find((attachment) => attachment.name === "error-context" && attachment.path)?.path;
  if (!file || !existsSync(file)) return null;
  const snapshot = /```yaml\n([\s\S]*?)\n```/.exec(readFileSync(file, "utf8"))?.[1];
  if (!snapshot) return null;
  const lines = snapshot.split("\n");
  return lines.length > SNAPSHOT_LINES
    ? [...lines.slice(0, SNAPSHOT_LINES), `... (${lines.length - SNAPSHOT_LINES} more lines)`]
    : lines;
}

/** An error's first line that says something, without the terminal's colours. */
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ""));
  return (
    plain
      .split("\n")
      .map((line) => line.trim())
      .find(Boolean) ?? "(no message)"
  );
}

const relative = (file) => (file ? path.relative(process.cwd(), file) : "(unknown file)");

const vitest = read("reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  for (const file of vitest.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    // Files that failed to load have no test counts of their own.
    if (file.status === "failed" && tests.length === 0) {
      failed += 1;
      failures.push(`Vitest ${relative(file.name)}: ${firstLine(file.message)}`);
    }
    for (const test of tests.filter((each) => each.status === "failed")) {
      failures.push(
        `Vitest ${relative(file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    }
  }
} else {
  failed += 1;
  failures.push("Vitest left no report (reports/vitest.json)");
}

/** Every spec in Playwright's report, however deeply its describe blocks nest. */
function* specsOf(suites) {
  for (const suite of suites ?? []) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites);
  }
}

const playwright = read("reports/playwright.json");
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  // Errors outside any test (a spec file that cannot be loaded) stop the run before it counts.
  failed += (playwright.errors ?? []).length;
  for (const error of playwright.errors ?? []) {
    failures.push(`Playwright: ${firstLine(error.message)}`);
  }
  for (const spec of specsOf(playwright.suites)) {
    for (const test of (spec.tests ?? []).filter((each) => each.status === "unexpected")) {
      const error = (test.results ?? []).map((result) => result.error).find(Boolean);
      const name = `Playwright ${spec.file}:${spec.line} › ${spec.title}`;
      failures.push(`${name}: ${firstLine(error?.message)}`);
      const snapshot = pageSnapshot(test.results);
      if (snapshot) pagesAtFailure.push({ name, snapshot });
    }
  }
} else {
  failed += 1;
  failures.push("Playwright left no report (reports/playwright.json)");
}

for (const { name, snapshot } of pagesAtFailure) {
  console.log(`The page when ${name} failed:`);
  for (const line of snapshot) console.log(`  ${line}`);
}
if (failures.length > 0) {
  console.log("Failed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
