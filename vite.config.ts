import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { shopPageScriptPlugin } from "./app/sites/shoppy/shop-page-script.build";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  build: {
    // The server bundle's entry is our HTTP app, which embeds the React Router
    // build, so the Node server, the routes and the services share one module graph.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    // Native and WASM packages are loaded from node_modules at run time, not bundled.
    external: ["@electric-sql/pglite", "pg", "better-auth", "sharp"],
  },
  // `virtual:shop-page-script`: the shop page's inline script, built from its own entry.
  plugins: [reactRouter(), shopPageScriptPlugin()],
}));
