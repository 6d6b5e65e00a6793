/**
 * The page cache's front door: a repeat view of a public page answered by the Node HTTP
 * server itself, before Express and its middleware run.
 *
 * A cached page is the same for every visitor, and so are its headers: the security
 * headers of a public page are collected once, and the page's own come with it from the
 * cache. What varies per request is read straight from Node's request: the encoding the
 * client accepts, If-None-Match, GET or HEAD. Everything Express would do on the way to
 * the cache (the request id and its log line, the request's timing, the host's routing,
 * the view counting) is done here the same way, so a hit answered here and one answered
 * through Express (`servePublicPages`) carry the same headers and count the same view.
 *
 * Anything this door cannot answer from memory alone goes on to Express untouched: a miss,
 * another path or method, a host whose site is not known in memory, a site whose portal
 * address now sends visitors to its own domain, a server that is shutting down.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { DomainDirectory } from "./domains/domain-directory.server";
import { answeredRequestLog } from "./log.server";
import type { Metrics } from "./metrics/metrics.server";
import {
  countView,
  pageCacheControl,
  pageKeyOfTarget,
  sendPage,
  type PublicPageCache,
  type PublicPagesOptions,
} from "./public-page-cache.server";
import type { HeaderList } from "./security-headers.server";

export interface PageCacheFrontOptions {
  cache: PublicPageCache;
  cdnMaxAge: number;
  views: PublicPagesOptions["views"];
  domains: Pick<DomainDirectory, "enabled" | "isPortalHost" | "knownSiteOf" | "knownDomainOf">;
  /** TRUST_PROXY: how many proxies' X-Forwarded-Host to believe, as Express does. */
  trustProxyHops: number;
  /** `publicPageSecurityHeaders`: what Express's security headers give a public page. */
  securityHeaders: HeaderList;
  metrics: Pick<Metrics, "timeResponse"> | null;
  /** False while shutting down: Express then answers, and closes each connection. */
  isAccepting: () => boolean;
  logger?: Logger;
}

/** Returns true when it answered the request; false leaves it, untouched, to Express. */
export type PageCacheFront = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createPageCacheFront(options: PageCacheFrontOptions): PageCacheFront {
  const { cache, views, domains, securityHeaders, metrics } = options;
  const { pages } = cache;
  const cacheControl = pageCacheControl(options.cdnMaxAge, () => cache.now());
  const log = answeredRequestLog(options.logger);

  /**
   * The page's key, and whether it is asked for at the portal's address rather than at a
   * site's own domain; null when this door cannot tell the page without the database.
   */
  const addressOf = (req: IncomingMessage, target: string) => {
    const hostname = requestHostname(req, options.trustProxyHops);
    // No Host at all: Express answers that it is no site's.
    if (hostname === undefined) return null;
    if (domains.isPortalHost(hostname)) {
      const key = pageKeyOfTarget(target, null);
      return key === null ? null : { key, onPortalAddress: true };
    }
    // Another host: a site's domain when it is known in memory to be one.
    const site = domains.knownSiteOf(hostname);
    const key = site ? pageKeyOfTarget(target, site) : null;
    return key === null ? null : { key, onPortalAddress: false };
  };

  return (req, res) => {
    const { method, headers } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    // A request with a body is Express's to judge (`limitRequestBodies`).
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) {
      return false;
    }
    const target = req.url;
    if (!target || !options.isAccepting()) return false;
    const address = addressOf(req, target);
    if (address === null) return false;
    const page = pages.hit(address.key);
    if (!page) return false;
    // At the portal's address, a site with its own domain answers a redirect (or, in the
    // editor's preview, a private page), and one not known in memory needs a look-up:
    // Express does both.
    if (
      address.onPortalAddress &&
      domains.enabled &&
      domains.knownDomainOf(page.productId) !== null
    ) {
      return false;
    }

    const startedAt = Date.now();
    log.start(req, res);
    metrics?.timeResponse(res);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (sendPage(req, res, page, pages, cacheControl(page), "hit")) {
      countView(views, req, target, page.productId);
    }
    log.answered(req, res, startedAt);
    return true;
  };
}

/**
 * The host a request was sent to, without its port, read as Express reads `req.hostname`:
 * from X-Forwarded-Host when proxies are trusted and one set it, else from Host.
 */
export function requestHostname(req: IncomingMessage, trustProxyHops: number): string | undefined {
  const forwarded = trustProxyHops > 0 ? req.headers["x-forwarded-host"] : undefined;
  // Node joins repeated X-Forwarded-Host headers into one value, as it does Host.
  let host = forwarded ? String(forwarded).split(",")[0]!.trimEnd() : req.headers.host;
  if (!host) return undefined;
  const portFrom = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", portFrom);
  if (colon !== -1) host = host.slice(0, colon);
  return host;
}
