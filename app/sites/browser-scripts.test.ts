import { gzipSync } from "node:zlib";
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import { ORDER_PAGE_SCRIPT } from "virtual:order-page-script";
import { ORDER_STATUS_SCRIPT } from "virtual:order-status-script";
import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";
import { describe, expect, it } from "vitest";
import {
  BROWSER_SCRIPTS,
  buildBrowserScript,
  type BrowserScriptModule,
} from "./browser-scripts.build";
import * as builtInNode from "./browser-scripts.node";
import { PUBLIC_PAGE_SCRIPTS } from "./browser-scripts";

/** GUIDE section 6: at most 15 KB of JavaScript (gzip) on any public page. */
const PUBLIC_PAGE_BUDGET_BYTES = 15 * 1024;

/** Each module's text as the app reads it, through the Vite plugin. */
const SERVED: Record<BrowserScriptModule, string> = {
  "virtual:shop-page-script": SHOP_PAGE_SCRIPT,
  "virtual:menu-nav-script": MENU_NAV_SCRIPT,
  "virtual:menu-filter-script": MENU_FILTER_SCRIPT,
  "virtual:language-hint-script": LANGUAGE_HINT_SCRIPT,
  "virtual:order-page-script": ORDER_PAGE_SCRIPT,
  "virtual:order-status-script": ORDER_STATUS_SCRIPT,
};

const modules = Object.keys(BROWSER_SCRIPTS) as BrowserScriptModule[];

/** Every site type's public page scripts, one list. */
const allPublicPageScripts = Object.values(PUBLIC_PAGE_SCRIPTS).flat();

describe.each(modules)("%s, as built", (module) => {
  const text = SERVED[module];
  const { exportName, entry } = BROWSER_SCRIPTS[module];

  it("is what the build makes of its browser entry, in Vite and out of it", () => {
    const built = buildBrowserScript(module);
    expect(text).toBe(built.code);
    expect((builtInNode as Record<string, string>)[exportName]).toBe(built.code);
    expect(built.inputs).toContain(new URL(`../../${entry}`, import.meta.url).pathname);
  });

  it("is one program in a function scope that parses", () => {
    expect(text).toMatch(/^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);$/);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- parsing the page's script is the test
    expect(() => new Function(text)).not.toThrow();
  });

  it("cannot end its own script element, and has no module code and no raw non-ASCII", () => {
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toMatch(/\b(import|require|__vite|__name|exports)\b/);
    // Escaped, so the text (and its CSP hash) cannot depend on an encoding.
    expect(text).toMatch(/^[\x20-\x7e]*$/);
  });

  it("is allowed on some public pages by its hash, or else carried with a nonce", () => {
    const byHash = BROWSER_SCRIPTS[module].allowedBy === "hash";
    expect(allPublicPageScripts.includes(text)).toBe(byHash);
  });

  it("fits a public page's JavaScript budget on its own", () => {
    expect(gzipSync(Buffer.from(text, "utf8"), { level: 9 }).length).toBeLessThan(
      PUBLIC_PAGE_BUDGET_BYTES,
    );
  });
});

describe("the public pages' scripts", () => {
  it("are the built scripts, each once for each site type", () => {
    const byHash = modules.filter((module) => BROWSER_SCRIPTS[module].allowedBy === "hash");
    expect([...new Set(allPublicPageScripts)].sort()).toEqual(
      byHash.map((module) => SERVED[module]).sort(),
    );
    for (const scripts of Object.values(PUBLIC_PAGE_SCRIPTS)) {
      expect(new Set(scripts).size).toBe(scripts.length);
    }
  });

  it("fit the public pages' JavaScript budget even all on one page", () => {
    const all = Buffer.from([...new Set(allPublicPageScripts)].join(""), "utf8");
    expect(gzipSync(all, { level: 9 }).length).toBeLessThan(PUBLIC_PAGE_BUDGET_BYTES);
  });
});
