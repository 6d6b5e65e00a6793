import { constants as zlib } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { browserScriptsPlugin } from "./app/sites/browser-scripts.build";

/** The site types' definitions and the words they name things with. */
const SITE_DEFINITIONS =
  /\/app\/(sites\/(index|site|product-types|profile-info|[a-z]+\/site)|lib\/i18n\/portal\/site-types)\.ts$/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  build: {
    // The example screenshots stay files however small: the browser picks one width of each
    // from its srcset, while a width inlined as data would be in every visitor's HTML.
    assetsInlineLimit: (file: string) => (file.includes("/assets/examples/") ? false : undefined),
    // The server bundle's entry is our HTTP app, which embeds the React Router
    // build, so the Node server, the routes and the services share one module graph.
    // In the browser's build, chunks under 1 KB join a chunk loaded with them: a phone on
    // HTTP/1.1 fetched the editor in 38 files over six connections, and now in 30, interactive
    // about 150 ms sooner for some 5 KB more (bench/results/editor.md). A larger threshold
    // also moved code that is fetched on first use into the first load (2 KB: 157 KB).
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            experimentalMinChunkSize: 1000,
            // The kinds of site are read wherever one is (the registry, app/sites/index.ts):
            // one chunk for all, so that none is merged into a chunk of forms a page never uses.
            manualChunks: (id: string) => (SITE_DEFINITIONS.test(id) ? "sites" : undefined),
          },
        },
  },
  ssr: {
    // Native and WASM packages are loaded from node_modules at run time, not bundled.
    external: ["@electric-sql/pglite", "pg", "better-auth", "sharp"],
  },
  // `virtual:shop-page-script`, `virtual:menu-nav-script`, `virtual:menu-filter-script`: the
  // public pages' inline scripts, each built from its own entry.
  plugins: [
    reactRouter(),
    browserScriptsPlugin(),
    // The browser's scripts and styles, compressed once at build time at the highest levels;
    // the server sends these files as they are (app/server/http/http.server.ts).
    isSsrBuild
      ? null
      : compression({
          include: /\.(js|css|svg|json)$/,
          algorithms: [
            defineAlgorithm("brotliCompress", {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
            }),
            defineAlgorithm("gzip", { level: 9 }),
          ],
          threshold: 1024,
        }),
  ],
}));
