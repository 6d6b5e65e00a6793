/**
 * The real HTTP app (Express, the page cache, React Router with the app's
 * routes) on a free port, for tests that need whole requests and responses.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { createPortalServer, createRequestHandlers } from "../../app/server/http/http.server";
import { afterAll, beforeAll } from "vitest";
import type { AppServices, RunningServices } from "../../app/server/runtime/services.server";
import { serverBuild } from "./server-build";
import { createTestServices } from "./test-services";

export interface TestHttpApp {
  url: string;
  /** How many requests reached React Router's handler. */
  renders(): number;
  /** How many requests the page cache's front door answered, without Express. */
  frontAnswers(): number;
  close(): Promise<void>;
}

/**
 * With `countRenders`, React Router takes the build afresh for every request
 * it handles (as in development), which is how they are counted; it costs time.
 */
export async function startHttpApp(
  services: AppServices,
  { countRenders = true, logger }: { countRenders?: boolean; logger?: Logger } = {},
): Promise<TestHttpApp> {
  let renders = 0;
  const build = await serverBuild();
  let frontAnswers = 0;
  const { front, app } = createRequestHandlers({
    services,
    build: countRenders
      ? async () => {
          renders += 1;
          return build;
        }
      : build,
    isAccepting: () => true,
    logger,
  });
  // Listening for product changes before the first request, as the server does.
  await services.pageCache.start();
  // The server as production makes it (`createPortalServer`, `createRequestListener`): the
  // page cache's front door, then Express. A page the door took but could not render is
  // handed on to Express.
  const server: Server = createPortalServer((req, res) => {
    const handOn = () => {
      frontAnswers -= 1;
      app(req, res);
    };
    if (front(req, res, handOn)) frontAnswers += 1;
    else app(req, res);
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    frontAnswers: () => frontAnswers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Real services on a fresh database and the HTTP app in front of them, for one test file:
 * started before its tests and closed after. Read `services` and `app` inside tests.
 */
export function useTestApp(overrides: Parameters<typeof createTestServices>[0] = {}) {
  const running = {} as { services: RunningServices; app: TestHttpApp };
  beforeAll(async () => {
    running.services = await createTestServices(overrides);
    running.app = await startHttpApp(running.services, { countRenders: false });
  });
  afterAll(async () => {
    await running.app?.close();
    await running.services?.close();
  });
  return running;
}
