/**
 * Builds the shop page's inline script from its browser entry (shop-page-script.browser.ts)
 * and hands it to the app as the module `virtual:shop-page-script`, whose one export,
 * `SHOP_PAGE_SCRIPT`, is the script's exact text: the page embeds it in a `<script>`, and
 * the public pages' Content-Security-Policy allows it by the SHA-256 of that same string
 * (app/server/http/security-headers.server.ts).
 *
 * Build tooling, never part of the server bundle:
 * - Vite (`npm run build`, `npm run dev`) and Vitest load the module through
 *   `shopPageScriptPlugin`, in vite.config.ts and vitest.config.ts;
 * - tools that do not run Vite (tsc, and Playwright's test files, which render the shop page
 *   in Node) find it through tsconfig.json's `paths`, at shop-page-script.node.ts, which
 *   builds the same text on import.
 * See docs/decisions/0008-public-shop-script.md.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { Plugin } from "vite";

export const SHOP_PAGE_SCRIPT_MODULE = "virtual:shop-page-script";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ENTRY = path.join(ROOT, "app/sites/shoppy/shop-page-script.browser.ts");

/**
 * The script as one minified program in a function scope, for browsers of ES2019 syntax
 * on; non-ASCII characters escaped, so the text and its hash never depend on an encoding.
 * Also the files it was built from, which Vite watches in development.
 */
export function buildShopPageScript(): { code: string; inputs: string[] } {
  const result = buildSync({
    entryPoints: [ENTRY],
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

/** The Vite plugin that serves `virtual:shop-page-script`, built afresh whenever its files change. */
export function shopPageScriptPlugin(): Plugin {
  const resolvedId = `\0${SHOP_PAGE_SCRIPT_MODULE}`;
  return {
    name: "shop-page-script",
    resolveId: (id) => (id === SHOP_PAGE_SCRIPT_MODULE ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      const { code, inputs } = buildShopPageScript();
      for (const input of inputs) this.addWatchFile(input);
      return `export const SHOP_PAGE_SCRIPT = ${JSON.stringify(code)};\n`;
    },
  };
}
