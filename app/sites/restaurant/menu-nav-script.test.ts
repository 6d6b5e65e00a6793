import { describe, expect, it } from "vitest";
import { MENU_NAV_SCRIPT } from "./menu-nav-script";

describe("the restaurant page's script", () => {
  it("stays under 1 KB", () => {
    expect(Buffer.byteLength(MENU_NAV_SCRIPT, "utf8")).toBeLessThan(1024);
  });

  it("is one program in a function scope that parses", () => {
    expect(MENU_NAV_SCRIPT).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- parsing the page's script is the test
    expect(() => new Function(MENU_NAV_SCRIPT)).not.toThrow();
  });

  it("cannot end its own script element, and is plain ASCII (its CSP hash cannot depend on an encoding)", () => {
    expect(MENU_NAV_SCRIPT).not.toMatch(/<\/script|<!--/i);
    expect(MENU_NAV_SCRIPT).toMatch(/^[\x20-\x7e]*$/);
  });
});
