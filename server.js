// Starts the portal: the built server (`npm start`, which builds first when the build is
// stale, and `npm run serve`), or Vite in middleware mode for development (`npm run dev`).
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// What the operator gave, before React's build is chosen below: NODE_ENV=production
// also marks a deployment (see app/server/runtime/env.server.ts). Worker processes
// (WEB_CONCURRENCY) inherit the choice made below, so the given value travels beside it.
process.env.PORTAL_GIVEN_NODE_ENV ??= process.env.NODE_ENV ?? "";
const environment = { ...process.env, NODE_ENV: process.env.PORTAL_GIVEN_NODE_ENV };

if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({ devServer: vite, environment });
} else {
  // Outside `npm run dev`, React and React Router always run their production builds,
  // whatever NODE_ENV says: it is read when React is first imported, just below.
  process.env.NODE_ENV = "production";
  // Workers (WEB_CONCURRENCY) are started with the same arguments, after the first process built.
  if (process.argv.includes("--build-if-stale") && cluster.isPrimary) {
    // `npm start`: builds first when the sources changed since the last build. Checked here
    // rather than by a command of its own, so that a restart starts Node once, not twice.
    const { buildIfStale } = await import("./scripts/build-if-stale.mjs");
    try {
      buildIfStale(fileURLToPath(new URL(".", import.meta.url)));
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  const bundle = new URL("./build/server/index.js", import.meta.url);
  if (!existsSync(bundle)) {
    console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
    process.exit(1);
  }
  const { seedFirstStart, startServer } = await import(bundle.href);
  const server = fileURLToPath(import.meta.url);
  if (process.argv.includes("--seed-first-start")) await seedFirstStart({ environment });
  else await startServer({ environment, seedProcessArgs: [server, "--seed-first-start"] });
}
