/**
 * A portal server in a process of its own, for tests that stop it with a signal:
 * `startServer`, the server's real life (SIGTERM finishes requests and closes the
 * services; SIGKILL ends it on the spot), with the app's routes loaded as Vitest loads
 * them, through Vite, so that their stylesheet URLs and the public pages' scripts resolve.
 *
 * Run with `node --import tsx tests/support/portal-child.ts` and the portal's environment
 * (DATA_DIR or DATABASE_URL, PORT=0 for any free port, …). It prints
 * `portal-child listening on {url}` once it answers.
 */
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer } from "vite";
import { browserScriptsPlugin } from "../../app/sites/browser-scripts.build";

const LISTENING_PREFIX = "portal-child listening on ";

const root = path.resolve(import.meta.dirname, "../..");
const vite = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: { "~": path.join(root, "app") } },
  plugins: [browserScriptsPlugin()],
  esbuild: { jsx: "automatic", jsxDev: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});

type MainModule = typeof import("../../app/server/runtime/main.server");
type BuildModule = typeof import("./server-build");
const { startServer } = (await vite.ssrLoadModule(
  "/app/server/runtime/main.server.ts",
)) as MainModule;
const { serverBuild } = (await vite.ssrLoadModule("/tests/support/server-build.ts")) as BuildModule;

// One process (no WEB_CONCURRENCY), so there is a server.
const server = (await startServer({ build: await serverBuild(), environment: process.env }))!;
const announce = () => {
  const { port } = server.address() as AddressInfo;
  console.log(`${LISTENING_PREFIX}http://127.0.0.1:${port}`);
};
if (server.listening) announce();
else server.once("listening", announce);
