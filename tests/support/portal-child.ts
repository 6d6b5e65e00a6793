/**
 * A portal server in a process of its own, for tests that stop it with a signal:
 * `startServer`, the server's real life (SIGTERM finishes requests and closes the
 * services; SIGKILL ends it on the spot).
 *
 * It serves the production build, as `node server.js` does, when the checkout has one as new as
 * its sources (the test command builds before it runs Vitest). Otherwise it loads the app's
 * routes as Vitest loads them, through Vite, so that their stylesheet URLs and the public
 * pages' scripts resolve: the same server, but each start then transforms the whole app, which
 * costs a process many seconds of CPU.
 *
 * Run with `node --import tsx tests/support/portal-child.ts` and the portal's environment
 * (DATA_DIR or DATABASE_URL, PORT=0 for any free port, …). It prints
 * `portal-child listening on {url}` once it answers.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUILD_MARKER, buildIsStale } from "../../scripts/build-if-stale.mjs";

const LISTENING_PREFIX = "portal-child listening on ";

const root = path.resolve(import.meta.dirname, "../..");

type MainModule = typeof import("../../app/server/runtime/main.server");

/** As server.js starts it: React's production build, the operator's environment passed on. */
async function startBuiltServer(): Promise<Server | null> {
  const environment = { ...process.env };
  process.env.NODE_ENV = "production";
  const bundle = (await import(pathToFileURL(path.join(root, BUILD_MARKER)).href)) as {
    startServer: (options: {
      environment: NodeJS.ProcessEnv;
    }) => ReturnType<MainModule["startServer"]>;
  };
  return bundle.startServer({ environment });
}

async function startThroughVite(): Promise<Server | null> {
  const { createServer } = await import("vite");
  const { browserScriptsPlugin } = await import("../../app/sites/browser-scripts.build");
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
  type BuildModule = typeof import("./server-build");
  const { startServer } = (await vite.ssrLoadModule(
    "/app/server/runtime/main.server.ts",
  )) as MainModule;
  const { serverBuild } = (await vite.ssrLoadModule(
    "/tests/support/server-build.ts",
  )) as BuildModule;
  return startServer({ build: await serverBuild(), environment: process.env });
}

// One process (no WEB_CONCURRENCY), so there is a server.
const server = (buildIsStale(root) ? await startThroughVite() : await startBuiltServer())!;
const announce = () => {
  const { port } = server.address() as AddressInfo;
  console.log(`${LISTENING_PREFIX}http://127.0.0.1:${port}`);
};
if (server.listening) announce();
else server.once("listening", announce);
