import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import { describe, expect, it } from "vitest";
import { currentSectionIndex } from "./menu-nav-script";

// What every browser script must be (one program, ASCII, …): app/sites/browser-scripts.test.ts.
describe("the restaurant page's navigation script, as built", () => {
  it("stays under 1 KB", () => {
    expect(Buffer.byteLength(MENU_NAV_SCRIPT, "utf8")).toBeLessThan(1024);
  });
});

describe("currentSectionIndex", () => {
  // Five sections; the sticky bar ends 100 px down the viewport, 800 px high.
  const LINE = 100;
  const HEIGHT = 800;
  const current = (tops: number[], { atPageEnd = false, addressed = -1 } = {}) =>
    currentSectionIndex(tops, LINE, HEIGHT, atPageEnd, addressed);

  it("is none while no section has reached the bar", () => {
    expect(current([300, 900, 1500, 2100, 2700])).toBe(-1);
    expect(current([])).toBe(-1);
  });

  it("is the last section whose top has passed under the bar", () => {
    expect(current([100, 700, 1300, 1900, 2500])).toBe(0);
    expect(current([-500, 101, 700, 1300, 1900])).toBe(0);
    expect(current([-1300, -700, -100, 60, 400])).toBe(3);
  });

  it("at the page's end, is the section the address points to when that one is on screen", () => {
    const tops = [-2000, -1400, -800, 200, 500];
    expect(current(tops, { atPageEnd: true, addressed: 3 })).toBe(3);
    expect(current(tops, { atPageEnd: true, addressed: 4 })).toBe(4);
    // None addressed, or not on screen (above it, at its very top, below it): the last section.
    expect(current(tops, { atPageEnd: true })).toBe(4);
    expect(current(tops, { atPageEnd: true, addressed: 1 })).toBe(4);
    expect(current([-2000, -1400, 0, 200, 500], { atPageEnd: true, addressed: 2 })).toBe(4);
    expect(current([-2000, -1400, -800, 800, 1200], { atPageEnd: true, addressed: 3 })).toBe(4);
  });

  it("at the page's end of a page too short to scroll, is still none if no section reached the bar", () => {
    expect(current([300, 500], { atPageEnd: true, addressed: 1 })).toBe(-1);
  });
});
