/**
 * Where a request was sent, read from Node's own request as Express reads it (`req.hostname`,
 * `req.protocol`), so that the page cache's front door and Express agree on it without
 * Express having run.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/** The first of a header's values: Node joins repeated headers into one, comma-separated. */
function firstValue(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = String(header);
  const comma = value.indexOf(",");
  return comma === -1 ? value : value.slice(0, comma);
}

/**
 * The host a request was sent to, without its port, read as Express reads `req.hostname`:
 * from X-Forwarded-Host when proxies are trusted and one set it, else from Host.
 */
export function requestHostname(req: IncomingMessage, trustProxyHops: number): string | undefined {
  const forwarded = trustProxyHops > 0 ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  let host = forwarded ? forwarded.trimEnd() : req.headers.host;
  if (!host) return undefined;
  const portFrom = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", portFrom);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}

/** The scheme, read as Express reads `req.protocol`: X-Forwarded-Proto only from trusted proxies. */
function requestProtocol(req: IncomingMessage, trustProxyHops: number): string {
  const own = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  if (trustProxyHops <= 0) return own;
  return firstValue(req.headers["x-forwarded-proto"])?.trim() || own;
}

/**
 * The address a request names: scheme, host and port as the client (or a trusted proxy)
 * gave them, and `target`, the path and query it asked for.
 */
export function requestUrl(
  req: IncomingMessage,
  trustProxyHops: number,
  target: string = req.url ?? "/",
): URL {
  const forwardedHost = trustProxyHops > 0 ? req.headers["x-forwarded-host"] : undefined;
  const forwardedPort = Number.parseInt(String(forwardedHost ?? "").split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(req.headers.host?.split(":")[1] ?? "", 10);
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : "";
  const hostname = requestHostname(req, trustProxyHops)?.split(/[\\/?#@]/)[0] || "localhost";
  const protocol = requestProtocol(req, trustProxyHops);
  return new URL(`${protocol}://${hostname}${port ? `:${port}` : ""}${target}`);
}
