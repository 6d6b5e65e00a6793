import { gzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { filterCountText } from "./menu-dietary";
import { MENU_FILTER_SCRIPT } from "./menu-filter-script";

describe("the menu's filter script", () => {
  it("stays well under 1 KB gzip", () => {
    expect(gzipSync(Buffer.from(MENU_FILTER_SCRIPT, "utf8"), { level: 9 }).length).toBeLessThan(
      1024,
    );
  });

  it("cannot end its own element, and is plain ASCII (its hash never depends on an encoding)", () => {
    expect(MENU_FILTER_SCRIPT.toLowerCase()).not.toContain("</script");
    expect(MENU_FILTER_SCRIPT).toMatch(/^[\x20-\x7e]+$/);
  });

  it("is one program that leaves no globals and does nothing on a page without the filter", () => {
    const getElementById = vi.fn(() => null);
    const globals = new Set(Object.keys(globalThis));
    vi.stubGlobal("document", { getElementById });
    vi.stubGlobal("window", { FormData: class {} });
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the page's script is the test
      const run = new Function(MENU_FILTER_SCRIPT) as () => void;
      run();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(getElementById).toHaveBeenCalledWith("menu-filter");
    expect(Object.keys(globalThis).filter((key) => !globals.has(key))).toEqual([]);
  });

  it("writes the count as the server does", () => {
    for (const [matching, total] of [
      [1, 4],
      [3, 1],
      [0, 50],
    ] as const) {
      const text = filterCountText(matching, total);
      const written = `Showing ${matching} of ${total}${total === 1 ? " dish." : " dishes."}`;
      expect(text).toBe(written);
    }
    expect(MENU_FILTER_SCRIPT).toContain(
      '"Showing "+n+" of "+items.length+(items.length===1?" dish.":" dishes.")',
    );
  });
});
