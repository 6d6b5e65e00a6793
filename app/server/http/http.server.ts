/**
 * The http/ folder owns what happens to every request around the routes: the Express app
 * and the order of its layers (here), bodies refused by size before they are read, the
 * connection of any answer given before its body was read, the one form reader, the security
 * headers, the request's address and client, the kind of route, each owner's write allowance,
 * the flash cookie and the request log. A rule about what an owner may change does not live
 * here (see editing/).
 *
 * The Node HTTP layer in front of React Router: static assets, health
 * probes, metrics, the auth endpoints and the client address that rate limiting keys on.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "pino";
import type { ViteDevServer } from "vite";
import { cspNonceContext, servicesContext, stylesheetTextContext } from "~/context";
import { CLIENT_ADDRESS_HEADER } from "../accounts/auth.server";
import { normalizeAddress } from "./client-address.server";
import { routeByHost } from "../domains/serve-custom-domains.server";
import { serveTlsAsk, TLS_ASK_PATH } from "../domains/tls-ask.server";
import { requestLogger } from "./log.server";
import { inlineStylesheetText } from "../pages/inline-stylesheets.server";
import { createPageCacheFront } from "../pages/page-cache-front.server";
import { projectPath } from "../runtime/paths.server";
import { servePublicPages } from "../pages/public-page-cache.server";
import { serveQrCodes } from "../share/qr-codes.server";
import { serveSearchEngineFiles } from "../share/search-engine-files.server";
import { METRICS_PATH, serveMetricsToBearer } from "../metrics/metrics-endpoint.server";
import { limitRequestBodies, mayInviteBody } from "./request-limits.server";
import { settleUnreadBodies } from "./unread-bodies.server";
import {
  cspNonce,
  orderPageSecurityHeaders,
  publicPageSecurityHeaders,
  securityHeaders,
} from "./security-headers.server";
import type { AppServices } from "../runtime/services.server";
import { LOCAL_FILES_URL_PATH } from "../storage/local-disk.server";
import { serveStoredFiles } from "../storage/serve-files.server";

export interface HttpAppOptions {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** In development, Vite serves the assets and rebuilds on change. */
  devServer?: ViteDevServer;
  /** False while shutting down, so /readyz takes the process out of rotation. */
  isAccepting: () => boolean;
  /** Where the line per request goes: the server's log unless a test reads them itself. */
  logger?: Logger;
}

/**
 * A client has this long to send its request headers, and then its whole
 * request: a connection that trickles bytes is cut off instead of being held.
 * The request bound leaves room for a 10 MB photo posted without JavaScript
 * over a slow uplink (about 1.5 Mbit/s).
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The Node server around the app, with the timeouts above checked every second. A client
 * that asks before sending its body is told "100 Continue" only when the body may be read;
 * otherwise its refusal (413, 411) is its first answer (`mayInviteBody`).
 */
export function createPortalServer(listener: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      // Node checks the two timeouts on this interval (30 s by default).
      connectionsCheckingInterval: 1000,
    },
    listener,
  );
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (mayInviteBody(req)) res.writeContinue();
    server.emit("request", req, res);
  });
  return server;
}

/**
 * What the server does with each request: a repeat view of a public page is answered from
 * the page cache at the front door (page-cache-front.server.ts), everything else by the
 * Express app.
 */
export function createRequestListener(options: HttpAppOptions): RequestListener {
  const { front, app } = createRequestHandlers(options);
  return (req, res) => {
    if (!front(req, res, () => void app(req, res))) app(req, res);
  };
}

/** The front door and the Express app behind it, each on its own (tests count the first). */
export function createRequestHandlers(options: HttpAppOptions) {
  const { services } = options;
  const development = Boolean(options.devServer);
  const front = createPageCacheFront({
    cache: services.pageCache,
    build: options.build,
    getLoadContext: () => loadContext(services, options.build),
    cdnMaxAge: services.env.pageCdnMaxAge,
    views: services.pageViews,
    domains: services.domains,
    trustProxyHops: services.env.trustProxyHops,
    securityHeaders: publicPageSecurityHeaders(services, { development }),
    orderPageHeaders: orderPageSecurityHeaders(services, { development }),
    metrics: services.metrics,
    isAccepting: options.isAccepting,
    logger: options.logger,
  });
  return { front, app: createHttpApp(options) };
}

/**
 * What React Router's loaders and actions are given. The public page cache asks without a
 * response: its pages are shared, so they carry no nonce.
 */
function loadContext(
  services: AppServices,
  build: HttpAppOptions["build"],
  res?: express.Response,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(cspNonceContext, (res && cspNonce(res)) ?? null);
  // The development server's build is a function, and its sheets are Vite's to serve.
  if (typeof build !== "function") {
    context.set(stylesheetTextContext, (href) => inlineStylesheetText(build, href));
  }
  return context;
}

/**
 * Puts the client's address where better-auth reads it, replacing anything
 * the client sent under that name. Express's `req.ip` is the socket address,
 * or, only when TRUST_PROXY names a number of proxies, the address those
 * proxies report in X-Forwarded-For.
 */
const recordClientAddress: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = normalizeAddress(req.ip ?? req.socket.remoteAddress);
  next();
};

/**
 * Browsers send Origin with every form post. A post from another site is
 * refused before it reaches any action (sign-in included, which would
 * otherwise allow signing a visitor into someone else's account). Clients
 * that send no Origin are not browsers acting for a visitor. Scheme, host and
 * port must all match, this site's public address or the address the request
 * itself came to: an http page on the same host is another origin.
 */
function rejectCrossSiteWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.headers.origin;
    if (origin === undefined) return next();
    const sent = originOf(origin);
    const host = req.headers.host;
    const own = host === undefined ? null : originOf(`${req.protocol}://${host}`);
    if (sent !== null && (sent === publicOrigin || sent === own)) return next();
    res.status(403).type("text/plain").send("Forms can only be sent from this site.");
  };
}

/** The origin an address names, or null for "null" and garbage. */
function originOf(address: string): string | null {
  try {
    const { origin } = new URL(address);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services, devServer } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.env.trustProxyHops > 0 ? services.env.trustProxyHops : false);
  // First of all: whatever answers a request before reading its body (a refusal from its
  // headers, a guard, a limit), the connection is left as HTTP clients understand it.
  app.use(settleUnreadBodies);
  // While shutting down, every answer closes its connection: a browser that keeps a
  // connection alive (a live-update page reconnecting) would otherwise hold the exit open.
  app.use((_req, res, next) => {
    if (!options.isAccepting()) res.set("Connection", "close");
    next();
  });

  // Before anything that could read a body: the limit is judged from the declared length.
  app.use(limitRequestBodies);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- catches its own errors
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain");
    if (!options.isAccepting()) {
      res.status(503).send("shutting down");
      return;
    }
    try {
      await services.database.ping();
      res.send("ready");
    } catch {
      res.status(503).send("database unreachable");
    }
  });

  // Every request after the probes (which a load balancer sends every few seconds) is
  // logged, and gets its id.
  app.use(requestLogger(options.logger));

  if (services.metrics) {
    // With METRICS_PORT, /metrics is served there, and here it is an unknown path.
    if (services.env.metrics.endpoint === "main-port") {
      app.get(METRICS_PATH, serveMetricsToBearer(services.metrics, services.env.metrics.token));
    }
    // After the probes and /metrics, which would otherwise crowd the requests measured.
    app.use(services.metrics.timeRequests);
  }

  // Caddy's question before it asks for a certificate; it comes with a host of its own.
  app.get(TLS_ASK_PATH, serveTlsAsk(services));
  // The portal answers only on its own host; an owner's verified domain gets its site.
  app.use(routeByHost(services));

  app.use(securityHeaders(services, { development: Boolean(devServer) }));
  // Uploaded files on the local disk. Ahead of compression, so Content-Length and the
  // ETag describe the stored bytes; with S3, browsers load files from the bucket or CDN.
  if (services.env.storage.driver === "disk") {
    app.use(LOCAL_FILES_URL_PATH, serveStoredFiles(services.storage));
  }
  app.use(rejectCrossSiteWrites(services.env.publicUrl));
  app.use(recordClientAddress);
  app.use(
    compression({
      // Event streams must reach the browser as they are written, not when a buffer fills.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- better-auth answers its own errors
  app.all("/api/auth/*", toNodeHandler(services.auth));

  // Error details (stack traces, file paths) reach the browser only under `npm run dev`.
  const mode = devServer ? "development" : "production";
  const getLoadContext = (_req?: express.Request, res?: express.Response) =>
    loadContext(services, options.build, res);
  // Public pages: repeat views from memory, with ETag and 304; dropped when their product
  // changes. Ahead of the static files, so that a hit costs no look-up on disk. The cache
  // stores nothing until `startServer` starts it (never under `npm run dev`).
  app.use(
    servePublicPages({
      cache: services.pageCache,
      build: options.build,
      mode,
      getLoadContext,
      trustProxyHops: services.env.trustProxyHops,
      cdnMaxAge: services.env.pageCdnMaxAge,
      views: services.pageViews,
      domains: services.domains,
    }),
  );
  // Each public page's QR code (kept in the page cache beside the page) and the files for
  // search engines: after the pages, so that a page's cache hit passes through nothing else.
  app.use(serveQrCodes(services));
  app.use(serveSearchEngineFiles(services));

  if (devServer) {
    app.use(devServer.middlewares);
  } else {
    const clientDir = projectPath("build", "client");
    // File names under /assets carry a content hash, so they never change. The build wrote
    // brotli and gzip copies beside them (vite.config.ts): those are sent as they are, and the
    // compression middleware leaves a response that already has its encoding alone.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: false },
      }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  // A missing hashed asset is a plain 404, not a page render or a logged stack trace.
  app.use("/assets", ((error, _req, res, next) => {
    if ((error as { status?: number }).status !== 404) return next(error);
    res.status(404).type("text/plain").send("Not found");
  }) as ErrorRequestHandler);

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- React Router passes its errors to next()
  app.all("*", createRequestHandler({ build: options.build, mode, getLoadContext }));

  // Whatever failed outside React Router's own handling: the request's log line carries the
  // error (it is logged once, there), and the visitor gets a plain 500 without details.
  app.use(((error, _req, res, _next) => {
    res.err = error instanceof Error ? error : new Error(String(error));
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  }) as ErrorRequestHandler);
  return app;
}
