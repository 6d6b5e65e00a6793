import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "test-summary.mjs");

/** The line the script prints for these reports (null: the suite left none). */
function summary(reports: { vitest: unknown; playwright: unknown }): string {
  const dir = mkdtempSync(path.join(tmpdir(), "test-summary-"));
  mkdirSync(path.join(dir, "reports"));
  for (const [name, report] of Object.entries(reports)) {
    if (report !== null) {
      writeFileSync(path.join(dir, "reports", `${name}.json`), JSON.stringify(report));
    }
  }
  return execFileSync(process.execPath, [script], { cwd: dir, encoding: "utf8" }).trim();
}

const vitest = { numPassedTests: 10, numFailedTests: 1, testResults: [] };

describe("the closing line of the test suite", () => {
  it("adds up both suites, flaky tests as passed", () => {
    const playwright = { stats: { expected: 5, unexpected: 2, flaky: 1 }, errors: [] };
    expect(summary({ vitest, playwright })).toBe("16 passed, 3 failed");
  });

  it("counts a spec file that could not be loaded as a failure", () => {
    const playwright = {
      stats: { expected: 0, unexpected: 0, flaky: 0 },
      errors: [{ message: "Error: Cannot find package '~'" }],
    };
    expect(summary({ vitest, playwright })).toBe("10 passed, 2 failed");
  });

  it("counts a suite that left no report, or a test file that did not load, as a failure", () => {
    expect(summary({ vitest: null, playwright: null })).toBe("0 passed, 2 failed");
    const unloaded = { ...vitest, testResults: [{ status: "failed", assertionResults: [] }] };
    expect(summary({ vitest: unloaded, playwright: null })).toBe("10 passed, 3 failed");
  });
});
