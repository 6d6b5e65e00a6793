/**
 * The page cache's front door: a view of a public page answered by the Node HTTP server
 * itself, before Express and its middleware run.
 *
 * A cached page is the same for every visitor, and so are its headers: the security
 * headers of a public page are collected once, and the page's own come with it from the
 * cache. What varies per request is read straight from Node's request: the encoding the
 * client accepts, If-None-Match, GET or HEAD. Everything Express would do on the way to
 * the cache (the request id and its log line, the request's timing, the host's routing,
 * the view counting) is done here the same way, so a page answered here and one answered
 * through Express (`servePublicPages`) carry the same headers and count the same view.
 *
 * A page the cache does not hold is rendered here too (`renderMissedPage`, as Express
 * renders it), and offered to the cache: the views of the long tail of sites, which the cache
 * cannot keep, skip Express's middleware as well. When that render is not a page (a stale
 * slug's redirect, a 404, an error), the request goes on to Express untouched, which answers
 * it as it always has.
 *
 * Anything else goes on to Express at once: another path or method, a request with a body, a
 * host whose site is not known in memory, a site whose portal address now sends visitors to
 * its own domain, a server that is shutting down.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { DomainDirectory } from "../domains/domain-directory.server";
import { answeredRequestLog } from "../http/log.server";
import type { Metrics } from "../metrics/metrics.server";
import { etagFor, type CachedPage, type ContentEncoding } from "./page-cache.server";
import {
  chooseEncoding,
  countView,
  ORDER_PAGE_CACHE_CONTROL,
  ORDER_PAGE_PATH,
  pageCacheControl,
  pageKeyOfTarget,
  renderMissedPage,
  requestedPageAddress,
  sendPage,
  type PublicPageAddress,
  type PublicPageRendering,
  type PublicPagesOptions,
} from "./public-page-cache.server";
import { requestHostname, requestUrl } from "../http/request-url.server";
import type { HeaderList, PublicPageHeaders } from "../http/security-headers.server";
import { siteOf } from "~/sites";
import { publicPrefixOfPath, type PublicPrefix } from "~/sites/product-types";

export interface PageCacheFrontOptions extends PublicPageRendering {
  cdnMaxAge: number;
  views: PublicPagesOptions["views"];
  domains: Pick<DomainDirectory, "enabled" | "isPortalHost" | "knownSiteOf" | "knownDomainOf">;
  /** TRUST_PROXY: how many proxies' X-Forwarded-Host to believe, as Express does. */
  trustProxyHops: number;
  /** `publicPageSecurityHeaders`: what Express's security headers give each site type's pages. */
  securityHeaders: PublicPageHeaders;
  /** `orderPageSecurityHeaders`: what Express's security headers give the order pages. */
  orderPageHeaders: HeaderList;
  metrics: Pick<Metrics, "timeResponse" | "answered"> | null;
  /** False while shutting down: Express then answers, and closes each connection. */
  isAccepting: () => boolean;
  logger?: Logger;
}

/**
 * Returns false, leaving the request untouched to Express, or true when it takes the request:
 * it answers it, or, when a page it rendered turns out to be no page, hands it on to
 * `express` untouched.
 */
export type PageCacheFront = (
  req: IncomingMessage,
  res: ServerResponse,
  express: () => void,
) => boolean;

/** Whether a key at the portal's address is an order page's (`ORDER_PAGE_PATH`). */
function isOrderPageKey(key: string): boolean {
  return ORDER_PAGE_PATH.test(key);
}

/** A hit's answer in one encoding: its body, and its headers as one flat list. */
interface HitHeaders {
  body: Buffer;
  headers: string[];
}

export function createPageCacheFront(options: PageCacheFrontOptions): PageCacheFront {
  const { cache, views, domains, securityHeaders, orderPageHeaders, metrics } = options;
  const { pages } = cache;
  const cacheControl = pageCacheControl(options.cdnMaxAge, () => cache.now());
  const log = answeredRequestLog(options.logger);

  /**
   * The page's key, the site it is asked for on its own domain (null at the portal's
   * address), its site type's prefix and whether it is an order page; null when this door
   * cannot tell the page without the database.
   */
  const addressOf = (req: IncomingMessage, target: string) => {
    const hostname = requestHostname(req, options.trustProxyHops);
    // No Host at all: Express answers that it is no site's.
    if (hostname === undefined) return null;
    if (domains.isPortalHost(hostname)) {
      const key = pageKeyOfTarget(target, null);
      if (key === null) return null;
      // A key at the portal's address is the page's path.
      return { key, site: null, prefix: publicPrefixOfPath(key), orderPage: isOrderPageKey(key) };
    }
    // Another host: a site's domain when it is known in memory to be one.
    const site = domains.knownSiteOf(hostname);
    if (!site) return null;
    const key = pageKeyOfTarget(target, site);
    return key === null
      ? null
      : { key, site, prefix: siteOf(site.type).publicPrefix, orderPage: false };
  };

  /**
   * At the portal's address, a site with its own domain answers a redirect (or, in the
   * editor's preview, a private page), and one not known in memory needs a look-up:
   * Express does both. Its order page stays at the portal's address.
   */
  const answersElsewhere = (address: { site: unknown; orderPage: boolean }, productId: string) =>
    address.site === null &&
    !address.orderPage &&
    domains.enabled &&
    domains.knownDomainOf(productId) !== null;

  /** The security headers of a kind of page. */
  const securityHeadersOf = ({
    prefix,
    orderPage,
  }: {
    prefix: PublicPrefix;
    orderPage: boolean;
  }) => (orderPage ? orderPageHeaders : securityHeaders[prefix]);

  /**
   * A plain view from the cache, the request a portal answers most: its headers, all but the
   * request's id and the page's Cache-Control, are one flat list made once per page, kind of
   * page and encoding (`hitHeaders`), written with the status line by one `writeHead`, so that
   * Node neither keeps nor checks them one by one; its time is recorded as it is sent, without
   * a listener. The same headers and body as `answer` gives (a test holds the two together).
   */
  const sendHit = (
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    address: { prefix: PublicPrefix; orderPage: boolean },
    startedAt: { ms: number; precise: number },
  ) => {
    // A client gone already is sent nothing and counted as no view (as `sendPage` does).
    if (res.destroyed) return;
    const encoding = chooseEncoding(req);
    const hit = hitHeaders(page, encoding, address);
    const headers = hit.headers.concat(
      "Cache-Control",
      address.orderPage ? ORDER_PAGE_CACHE_CONTROL : cacheControl(page),
      "X-Request-Id",
      log.requestId(req),
    );
    res.writeHead(200, headers);
    res.end(hit.body);
    metrics?.answered(req, 200, startedAt.precise);
    if (!address.orderPage) countView(views, req, req.url!, page.productId);
    log.answered(req, res, startedAt.ms);
  };

  /**
   * What `sendHit` writes of a page in an encoding, remade when the body changes. A page's kind
   * never changes: its key (a site type's path, an order page's, a domain's) says it.
   */
  const hitHeaderLists = new WeakMap<CachedPage, Map<ContentEncoding | "identity", HitHeaders>>();
  const hitHeaders = (
    page: CachedPage,
    encoding: ContentEncoding | "identity",
    address: { prefix: PublicPrefix; orderPage: boolean },
  ): HitHeaders => {
    // The brotli copy is replaced by a smaller one once refined: the list follows the body.
    const body = encoding === "identity" ? page.body : pages.encoded(page, encoding);
    let lists = hitHeaderLists.get(page);
    if (!lists) {
      hitHeaderLists.set(page, (lists = new Map<ContentEncoding | "identity", HitHeaders>()));
    }
    const kept = lists.get(encoding);
    if (kept?.body === body) return kept;
    const headers: string[] = [];
    for (const [name, value] of securityHeadersOf(address)) headers.push(name, value);
    for (const [name, value] of page.headers) headers.push(name, value);
    headers.push("Vary", "Accept-Encoding", "ETag", etagFor(page.hash, encoding));
    headers.push("X-Page-Cache", "hit");
    if (encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    const made = { body, headers };
    lists.set(encoding, made);
    return made;
  };

  /** The page sent as Express would send it, with the request's line and timing. */
  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    { prefix, orderPage }: { prefix: PublicPrefix; orderPage: boolean },
    outcome: "hit" | "miss" | "bypass",
    startedAt: { ms: number; precise: number },
  ) => {
    // While shutting down, every answer closes its connection, as Express's are.
    if (!options.isAccepting()) res.setHeader("Connection", "close");
    log.start(req, res);
    metrics?.timeResponse(res, startedAt.precise);
    for (const [name, value] of securityHeadersOf({ prefix, orderPage })) {
      res.setHeader(name, value);
    }
    const pageCacheControl = orderPage ? ORDER_PAGE_CACHE_CONTROL : cacheControl(page);
    // A customer's order page is not a view of the site.
    if (sendPage(req, res, page, pages, pageCacheControl, outcome) && !orderPage) {
      countView(views, req, req.url!, page.productId);
    }
    log.answered(req, res, startedAt.ms);
  };

  /** A page the cache does not hold: rendered here, or handed on to Express when it is none. */
  const renderMiss = async (
    req: IncomingMessage,
    res: ServerResponse,
    address: PublicPageAddress,
    prefix: PublicPrefix,
    express: () => void,
  ) => {
    const startedAt = { ms: Date.now(), precise: performance.now() };
    let rendered = null;
    try {
      rendered = await renderMissedPage(options, address);
    } catch {
      // Express renders it again, and answers and logs whatever failed.
    }
    if (rendered === null || rendered instanceof Response) return express();
    answer(
      req,
      res,
      rendered.page,
      { prefix, orderPage: address.orderPage },
      rendered.outcome,
      startedAt,
    );
  };

  return (req, res, express) => {
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
    if (page) {
      if (answersElsewhere(address, page.productId)) return false;
      const startedAt = { ms: Date.now(), precise: performance.now() };
      // A HEAD and a revalidation (a 304 when it matches) take the long way.
      if (method === "GET" && headers["if-none-match"] === undefined) {
        sendHit(req, res, page, address, startedAt);
      } else {
        answer(req, res, page, address, "hit", startedAt);
      }
      return true;
    }
    const missed = requestedPageAddress(requestUrl(req, options.trustProxyHops), address.site);
    if (missed === null || answersElsewhere(address, missed.productId)) {
      return false;
    }
    // (A page handed on to Express, a 404 or a redirect, is looked up and counted again there.)
    pages.countMiss();
    void renderMiss(req, res, missed, address.prefix, express);
    return true;
  };
}
