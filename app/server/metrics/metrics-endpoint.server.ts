/**
 * Where Prometheus reads /metrics: on the main port, only with the configured bearer token
 * (the port faces the internet), or on a listener of its own, bound to an address that only
 * the internal network reaches, without a token.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { logger } from "../http/log.server";
import type { Metrics } from "./metrics.server";

export const METRICS_PATH = "/metrics";

/** The token a request carries as `Authorization: Bearer <token>`, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/**
 * Compares digests rather than the tokens, so that the time taken says nothing about the
 * token: neither how much of it a guess got right, nor its length.
 */
function tokenMatcher(token: string): (sent: string) => boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  const expected = digest(token);
  return (sent) => timingSafeEqual(digest(sent), expected);
}

/** What /metrics answers with: one process's metrics, or all workers' together. */
export type MetricsSource = Pick<Metrics, "exposition" | "contentType">;

async function sendExposition(metrics: MetricsSource, res: ServerResponse) {
  const text = await metrics.exposition();
  res.writeHead(200, {
    "Content-Type": metrics.contentType,
    "Cache-Control": "no-store",
  });
  // Node sends no body for a HEAD.
  res.end(text);
}

/** GET /metrics on the main port, for a scraper that sends the token. */
export function serveMetricsToBearer(metrics: Metrics, token: string): RequestHandler {
  const matches = tokenMatcher(token);
  return (req, res, next) => {
    const sent = bearerToken(req.headers.authorization);
    if (sent === null || !matches(sent)) {
      res
        .status(401)
        .set({ "WWW-Authenticate": "Bearer", "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Unauthorized");
      return;
    }
    sendExposition(metrics, res).catch(next);
  };
}

/** The listener of METRICS_PORT: /metrics and nothing else. */
export function createMetricsServer(metrics: MetricsSource): Server {
  return createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    sendExposition(metrics, res).catch((error: unknown) => {
      logger.error({ err: error }, "Could not collect the metrics");
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end();
    });
  });
}
