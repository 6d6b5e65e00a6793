import { describe, expect, it } from "vitest";
import { dumpTotal, hitCount, isWholeCacheHit } from "./instructions";

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

describe("isWholeCacheHit", () => {
  const page = Buffer.from("the page's brotli bytes");
  const hit = { headers: { "x-page-cache": "hit", "content-encoding": "br" }, body: page };

  it("takes the cache's hit carrying the page's whole body", () => {
    expect(isWholeCacheHit(hit, page)).toBe(true);
  });

  it("refuses an answer the renderer made, or none the cache named", () => {
    expect(isWholeCacheHit({ ...hit, headers: { "x-page-cache": "miss" } }, page)).toBe(false);
    expect(isWholeCacheHit({ ...hit, headers: {} }, page)).toBe(false);
  });

  it("refuses a body cut short or another page's", () => {
    expect(isWholeCacheHit({ ...hit, body: page.subarray(0, page.length - 1) }, page)).toBe(false);
    expect(isWholeCacheHit({ ...hit, body: Buffer.from("the page's brotli bytez") }, page)).toBe(
      false,
    );
  });
});

describe("hitCount", () => {
  it("takes the median stretch, leaving out those a timer's query fell into", () => {
    // Six stretches within 1% of each other, and two holding the views' flush and the orders'
    // sweep.
    const stretches = [100_100, 99_900, 100_000, 160_000, 100_200, 99_800, 300_000, 100_000];
    const counted = hitCount(stretches, 0);
    expect(counted.instructionsPerHit).toBe(100_050);
    expect(counted.allCountedPerHit).toBe(132_500);
    expect(counted.wrongAnswers).toBe(0);
  });

  it("keeps the wrong answers it was given", () => {
    expect(hitCount([1, 2, 3], 4).wrongAnswers).toBe(4);
  });
});
