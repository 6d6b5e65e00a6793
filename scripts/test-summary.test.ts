import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "test-summary.mjs");

/** What the script prints for these reports (null: the suite left none). */
function printed(reports: { vitest: unknown; playwright: unknown }): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "test-summary-"));
  mkdirSync(path.join(dir, "reports"));
  for (const [name, report] of Object.entries(reports)) {
    if (report !== null) {
      writeFileSync(path.join(dir, "reports", `${name}.json`), JSON.stringify(report));
    }
  }
  return execFileSync(process.execPath, [script], { cwd: dir, encoding: "utf8" })
    .trim()
    .split("\n");
}

/** The closing line alone. */
const summary = (reports: { vitest: unknown; playwright: unknown }) => printed(reports).at(-1);

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

  it("names each failure above the closing line, with the first line of its error", () => {
    const failingVitest = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        {
          name: path.join(process.cwd(), "tests/integration/orders.test.ts"),
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "orders are placed", failureMessages: [] },
            {
              status: "failed",
              fullName: "orders are kept",
              failureMessages: [
                "\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x.ts:1",
              ],
            },
          ],
        },
        {
          name: path.join(process.cwd(), "app/broken.test.ts"),
          status: "failed",
          message: "SyntaxError: Unexpected token\nmore",
          assertionResults: [],
        },
      ],
    };
    const failingPlaywright = {
      stats: { expected: 2, unexpected: 1, flaky: 0 },
      errors: [],
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                {
                  title: "an order is taken",
                  file: "orders.spec.ts",
                  line: 12,
                  tests: [
                    {
                      status: "unexpected",
                      results: [{ error: { message: "Error: timed out\nCall log" } }],
                    },
                  ],
                },
                {
                  title: "passes",
                  file: "orders.spec.ts",
                  line: 40,
                  tests: [{ status: "expected" }],
                },
              ],
            },
          ],
        },
      ],
    };
    const lines = printed({ vitest: failingVitest, playwright: failingPlaywright });
    // The script runs in a folder of its own: paths outside it are written relative to it.
    expect(lines[0]).toBe("Failed:");
    expect(lines[1]).toMatch(
      /^ {2}Vitest .*tests\/integration\/orders\.test\.ts › orders are kept: AssertionError: expected 1 to be 2$/,
    );
    expect(lines[2]).toMatch(/^ {2}Vitest .*app\/broken\.test\.ts: SyntaxError: Unexpected token$/);
    expect(lines[3]).toBe("  Playwright orders.spec.ts:12 › an order is taken: Error: timed out");
    expect(lines.slice(4)).toEqual(["5 passed, 3 failed"]);
  });

  it("shows the page a failed browser test left, from its error context, above the failures", () => {
    const context = path.join(
      mkdtempSync(path.join(tmpdir(), "error-context-")),
      "error-context.md",
    );
    const pageLines = Array.from({ length: 130 }, (_, index) => `- listitem: dish ${index}`);
    writeFileSync(
      context,
      [
        "# Error details",
        "```",
        "Error: timed out",
        "```",
        "",
        "```yaml",
        ...pageLines,
        "```",
      ].join("\n"),
    );
    const attachments = [{ name: "error-context", contentType: "text/markdown", path: context }];
    const playwright = {
      stats: { expected: 0, unexpected: 1, flaky: 0 },
      errors: [],
      suites: [
        {
          specs: [
            {
              title: "a photo is sent",
              file: "photo.spec.ts",
              line: 7,
              tests: [
                {
                  status: "unexpected",
                  results: [{ error: { message: "Error: timed out" }, attachments }],
                },
              ],
            },
          ],
        },
      ],
    };
    const lines = printed({ vitest: { ...vitest, numFailedTests: 0 }, playwright });
    expect(lines[0]).toBe("The page when Playwright photo.spec.ts:7 › a photo is sent failed:");
    // At most 120 of its lines, then how many more there were.
    expect(lines.slice(1, 122)).toEqual([
      ...pageLines.slice(0, 120).map((line) => `  ${line}`),
      "  ... (10 more lines)",
    ]);
    expect(lines.slice(122)).toEqual([
      "Failed:",
      "  Playwright photo.spec.ts:7 › a photo is sent: Error: timed out",
      "10 passed, 1 failed",
    ]);
  });

  it("prints the closing line alone when nothing failed", () => {
    const green = { numPassedTests: 4, numFailedTests: 0, testResults: [] };
    const playwright = { stats: { expected: 2, unexpected: 0, flaky: 0 }, errors: [], suites: [] };
    expect(printed({ vitest: green, playwright })).toEqual(["6 passed, 0 failed"]);
  });
});
