/**
 * Entry of the server bundle: the React Router build plus our HTTP server,
 * in one module graph. `server.js` imports it from build/server in production
 * and through Vite in development.
 */
import * as build from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { seedFirstStartAndExit, startServer as startWithBuild } from "~/server/runtime/main.server";

export function startServer({
  devServer,
  environment,
  seedProcessArgs,
}: {
  devServer?: ViteDevServer;
  /** The environment as the operator gave it, before server.js chose React's build. */
  environment: NodeJS.ProcessEnv;
  /** How to start the process that seeds a first start (server.js --seed-first-start). */
  seedProcessArgs?: readonly string[];
}) {
  return startWithBuild({
    devServer,
    environment,
    seedProcessArgs,
    // In development every request takes the latest build, so edits show at once.
    build: devServer
      ? () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
      : build,
  });
}

/** `server.js --seed-first-start`: seeds a first start, then exits. */
export function seedFirstStart({ environment }: { environment: NodeJS.ProcessEnv }) {
  return seedFirstStartAndExit(environment);
}
