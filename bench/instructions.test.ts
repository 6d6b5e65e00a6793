import { describe, expect, it } from "vitest";
import { dumpTotal } from "./instructions";

describe("dumpTotal", () => {
  it("reads a dump's totals line, not the summary a dump taken while running leaves at 0", () => {
    const dump = [
      "# callgrind format",
      "events: Ir",
      "summary: 0",
      "",
      "fn=(1) main",
      "0 120",
      "totals: 987654321",
      "",
    ].join("\n");
    expect(dumpTotal(dump)).toBe(987_654_321);
  });

  it("refuses a dump without one, rather than count nothing", () => {
    expect(() => dumpTotal("events: Ir\nsummary: 12\n")).toThrow("without a totals line");
  });
});
