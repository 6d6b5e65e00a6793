/**
 * Builds the public pages' browser scripts, each from its TypeScript entry, and hands each to
 * the app as a module of its own (`virtual:shop-page-script`, …) whose one export is the
 * script's exact text: the page embeds it in a `<script>`, and the public pages'
 * Content-Security-Policy allows it by the SHA-256 of that same string
 * (app/sites/browser-scripts.ts, app/server/http/security-headers.server.ts).
 *
 * Build tooling, never part of the server bundle:
 * - Vite (`npm run build`, `npm run dev`) and Vitest load the modules through
 *   `browserScriptsPlugin`, in vite.config.ts and vitest.config.ts;
 * - tools that do not run Vite (tsc, tsx, and Playwright's test files, which render pages
 *   in Node) find them through tsconfig.json's `paths`, at browser-scripts.node.ts, which
 *   builds the same texts on import.
 * See docs/decisions/0020-browser-scripts-as-modules.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { Plugin } from "vite";

/**
 * Each script's module, the name of its one export, and its browser entry. A cached public
 * page's script is allowed by its hash (app/sites/browser-scripts.ts); a page rendered per
 * request carries its script with the page's nonce.
 */
export const BROWSER_SCRIPTS = {
  "virtual:shop-page-script": {
    allowedBy: "hash",
    exportName: "SHOP_PAGE_SCRIPT",
    entry: "app/sites/shoppy/shop-page-script.browser.ts",
  },
  "virtual:menu-nav-script": {
    allowedBy: "hash",
    exportName: "MENU_NAV_SCRIPT",
    entry: "app/sites/restaurant/menu-nav-script.browser.ts",
  },
  "virtual:language-hint-script": {
    allowedBy: "hash",
    exportName: "LANGUAGE_HINT_SCRIPT",
    entry: "app/components/language-hint-script.browser.ts",
  },
  "virtual:menu-filter-script": {
    allowedBy: "hash",
    exportName: "MENU_FILTER_SCRIPT",
    entry: "app/sites/restaurant/menu-filter-script.browser.ts",
  },
  // The order pages are rendered per request: their scripts run by the page's nonce.
  "virtual:order-page-script": {
    allowedBy: "nonce",
    exportName: "ORDER_PAGE_SCRIPT",
    entry: "app/routes/orders/order-page-script.browser.ts",
  },
  "virtual:order-status-script": {
    allowedBy: "nonce",
    exportName: "ORDER_STATUS_SCRIPT",
    entry: "app/routes/orders/order-status-script.browser.ts",
  },
} as const;

export type BrowserScriptModule = keyof typeof BROWSER_SCRIPTS;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function isBrowserScriptModule(id: string): id is BrowserScriptModule {
  return Object.hasOwn(BROWSER_SCRIPTS, id);
}

/**
 * A script as one minified program in a function scope, for browsers of ES2019 syntax on;
 * non-ASCII characters escaped, so the text and its hash never depend on an encoding. Also
 * the files it was built from, which Vite watches in development.
 */
export function buildBrowserScript(module: BrowserScriptModule): {
  code: string;
  inputs: string[];
} {
  const result = buildSync({
    entryPoints: [path.join(ROOT, BROWSER_SCRIPTS[module].entry)],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2019",
    minify: true,
    legalComments: "none",
    charset: "ascii",
    absWorkingDir: ROOT,
    alias: { "~": path.join(ROOT, "app") },
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text.trimEnd();
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(ROOT, input));
  return { code, inputs };
}

/** The Vite plugin that serves every script's module, built afresh whenever its files change. */
export function browserScriptsPlugin(): Plugin {
  return {
    name: "browser-scripts",
    resolveId: (id) => (isBrowserScriptModule(id) ? `\0${id}` : undefined),
    load(id) {
      const module = id.slice(1);
      if (!id.startsWith("\0") || !isBrowserScriptModule(module)) return undefined;
      const { code, inputs } = buildBrowserScript(module);
      for (const input of inputs) this.addWatchFile(input);
      return `export const ${BROWSER_SCRIPTS[module].exportName} = ${JSON.stringify(code)};\n`;
    },
  };
}
