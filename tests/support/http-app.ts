/**
 * The real HTTP app (Express, the page cache, React Router with the app's
 * routes) on a free port, for tests that need whole requests and responses.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpApp } from "../../app/server/http.server";
import type { AppServices } from "../../app/server/services.server";
import { serverBuild } from "./server-build";

export interface TestHttpApp {
  url: string;
  /** How many requests reached React Router's handler. */
  renders(): number;
  close(): Promise<void>;
}

/**
 * With `countRenders`, React Router takes the build afresh for every request
 * it handles (as in development), which is how they are counted; it costs time.
 */
export async function startHttpApp(
  services: AppServices,
  { countRenders = true } = {},
): Promise<TestHttpApp> {
  let renders = 0;
  const build = await serverBuild();
  const app = createHttpApp({
    services,
    build: countRenders
      ? async () => {
          renders += 1;
          return build;
        }
      : build,
    isAccepting: () => true,
  });
  // Listening for product changes before the first request, as the server does.
  await services.pageCache.start();
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
