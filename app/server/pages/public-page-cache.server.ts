/**
 * The pages/ folder owns the public pages (/r, /s, /d, /e) as visitors get them: the
 * rendered-page cache (page-cache), its front door before Express (page-cache-front), the
 * handler and the cache's LISTEN (here), rendering without React Router (public-page-
 * render), the stylesheets they carry inline, the loader the profile pages share, and one
 * render per turn of the event loop. What a page shows belongs to its site type
 * (app/sites/{type}/).
 *
 * The public pages (/r, /s, /d, /e) answered from memory: the Express handler
 * in front of React Router for those paths, and the cache's link to the
 * database's product events.
 *
 * A repeat view is sent from the cache without touching the database or
 * React. Every response to a public page carries a strong ETag and the
 * Cache-Control of `publicPageCacheControl`; a matching If-None-Match gets 304.
 * Pages are stored only while this process is listening for product changes,
 * so it never keeps a page that another process has changed. Each GET answered
 * with the page itself (200 or 304, from the cache or not) counts as one view.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import accepts from "accepts";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { canonicalMenuSearch } from "~/lib/dietary";
import { canonicalShopSearch } from "~/sites/shoppy/shop";
import { parseSlugId } from "~/lib/slug";
import { siteOf } from "~/sites";
import { classifyView } from "../analytics/classify-view.server";
import type { DomainSite } from "../domains/custom-domains.server";
import type { DomainDirectory } from "../domains/domain-directory.server";
import { customDomainSiteOf } from "../domains/request-domain-site.server";
import type { PageViews } from "../analytics/page-views.server";
import type { DatabaseHandle } from "../db/client.server";
import { parseProductEvent, PRODUCT_EVENTS_CHANNEL, type Events } from "../events/events.server";
import { PRODUCT_ID_PATTERN } from "../db/ids.server";
import {
  etagFor,
  makePage,
  PageCache,
  type RenderTicket,
  type CachedPage,
  type ContentEncoding,
  type PageCacheStats,
} from "./page-cache.server";
import { renderPublicPage, type RenderedPublicPage } from "./public-page-render.server";
import { requestUrl } from "../http/request-url.server";
import { logger } from "../http/log.server";
import { createLoopTurns } from "./loop-turns.server";

export interface PublicPageCache {
  readonly pages: PageCache;
  /**
   * Starts listening for product changes; pages are stored only once that
   * works. Resolves after the first attempt; a failed one is retried.
   * `startServer` calls it once, before the server listens; until then (and
   * in scripts, which never start it) nothing is stored.
   */
  start(): Promise<void>;
  close(): Promise<void>;
  stats(): PageCacheStats;
  /** The clock pages' `freshUntil` is read against (ms since the epoch). */
  now(): number;
}

const LISTEN_RETRY_MS = 5000;

export function createPublicPageCache(
  database: Pick<DatabaseHandle, "listen">,
  events: Pick<Events, "origin" | "onProductChangeCommitted">,
  maxBytes: number,
  /** The public pages' clock (PUBLIC_PAGES_CLOCK, or the real time). */
  now: () => number = Date.now,
): PublicPageCache {
  const pages = new PageCache(maxBytes, { available: false, now });
  // Writes made by this process drop their pages right after the commit, before the
  // action answers; other processes drop them when the NOTIFY reaches them.
  const stopLocal = events.onProductChangeCommitted((productId) =>
    pages.invalidateProduct(productId),
  );
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const onNotify = (payload: string) => {
    const event = parseProductEvent(payload);
    // This process's own writes were dropped at their commit already.
    if (event && event.origin !== events.origin) pages.invalidateProduct(event.productId);
  };
  const connect = async (): Promise<void> => {
    try {
      const stop = await database.listen(PRODUCT_EVENTS_CHANNEL, onNotify, {
        // Changes made while the connection was down were not heard: start again from empty.
        onDisconnect: () => pages.setAvailable(false),
        onReconnect: () => pages.setAvailable(true),
      });
      if (closed) return void (await stop());
      stopListening = stop;
      pages.setAvailable(true);
    } catch (error) {
      if (closed) return;
      logger.error(
        { err: error },
        "Page cache: cannot listen for product changes; public pages are rendered uncached until it can",
      );
      retryTimer = setTimeout(() => void connect(), LISTEN_RETRY_MS);
      retryTimer.unref();
    }
  };

  return {
    pages,
    start: () => (pages.enabled ? (starting ??= connect()) : Promise.resolve()),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      stopLocal();
      pages.setAvailable(false);
      await starting;
      // The database may already be gone; there is nothing left to stop then.
      await stopListening?.().catch(() => {});
      stopListening = null;
    },
    stats: () => pages.stats(),
    now,
  };
}

/**
 * How long a CDN may keep this page: `cdnMaxAge`, but never past the moment the page stops
 * being right (its "Open now" would change).
 */
export function cdnMaxAgeFor(page: Pick<CachedPage, "freshUntil">, cdnMaxAge: number, now: number) {
  if (page.freshUntil === null) return cdnMaxAge;
  return Math.max(0, Math.min(cdnMaxAge, Math.floor((page.freshUntil - now) / 1000)));
}

/**
 * Browsers revalidate every time (a 304 from memory is cheap); a CDN may keep
 * a page for `cdnMaxAge` seconds and serve it stale for a while as it revalidates.
 */
export function publicPageCacheControl(cdnMaxAge: number): string {
  return cdnMaxAge > 0
    ? `public, max-age=0, s-maxage=${cdnMaxAge}, stale-while-revalidate=300`
    : "public, no-cache";
}

/**
 * A public site page: its prefix and its slugId; or its page in one of its further
 * languages (`/r/{slugId}/es`), each language its own cache entry.
 */
export const PUBLIC_PAGE_PATH = /^(\/[rsde]\/)([^/]+)(?:\/[a-z]{2})?\/?$/;

/**
 * A restaurant's or shop's order page (`/r/{slugId}/order`, `/s/{slugId}/es/order`): the same
 * for every customer until a post (the cart lives in the form), so it is cached as its menu
 * is, per site and language, and dropped with it. It is a customer's page, not a view of the
 * site: its own headers (`orderPageSecurityHeaders`), never kept by a shared cache, no view
 * counted, and never sent on to the site's own domain, which serves no order page.
 */
export const ORDER_PAGE_PATH = /^(\/[rs]\/)([^/]+)(?:\/[a-z]{2})?\/order\/?$/;

/** How the order page is sent: no shared cache or browser keeps it. */
export const ORDER_PAGE_CACHE_CONTROL = "private, no-store";

/**
 * The order page a customer comes back to from a card checkout they gave up carries their
 * cancelled order (`?resume={token}`): rendered for them alone, never cached.
 */
const ORDER_RESUME_PARAMETER = "resume";

type PublicPagePrefix = "/r/" | "/s/" | "/d/" | "/e/";

/** Profiles read nothing from their query string. */
const readsNoQuery = () => new URLSearchParams();

/**
 * What each kind of public page reads of its query string, in one canonical form. The rest
 * (utm_source, fbclid, anything made up) changes nothing on the page, so it is dropped
 * before the cache looks and before the page renders: such addresses share the plain
 * page's entry, and a miss renders exactly the page a hit sends.
 */
const PAGE_QUERY: Record<PublicPagePrefix, (params: URLSearchParams) => URLSearchParams> = {
  // `diet` and `avoid`: the dietary filter, known keys only, sorted.
  "/r/": canonicalMenuSearch,
  // `tag`, `q` and `item`: the filters and the open item.
  "/s/": canonicalShopSearch,
  "/d/": readsNoQuery,
  "/e/": readsNoQuery,
};

/** The product id in a public page's path segment, read as the route reads it. */
function productIdIn(encodedSlugId: string): string | null {
  let slugId: string;
  try {
    slugId = decodeURIComponent(encodedSlugId);
  } catch {
    return null;
  }
  const { id } = parseSlugId(slugId);
  return PRODUCT_ID_PATTERN.test(id) ? id : null;
}

/**
 * The product a public page's path names, read as the route reads it (the
 * decoded slugId, id after the last hyphen); null for anything that is not a
 * page of one product: other paths, data requests (`….data`), bad encodings.
 */
export function publicPageProductId(pathname: string): string | null {
  const match = PUBLIC_PAGE_PATH.exec(pathname);
  return match ? productIdIn(match[2]!) : null;
}

/** The public page or order page a path names, as `PUBLIC_PAGE_PATH` and `ORDER_PAGE_PATH` read it. */
function cachedPagePath(
  pathname: string,
): { prefix: PublicPagePrefix; slugId: string; orderPage: boolean } | null {
  const site = PUBLIC_PAGE_PATH.exec(pathname);
  if (site) return { prefix: site[1] as PublicPagePrefix, slugId: site[2]!, orderPage: false };
  const order = ORDER_PAGE_PATH.exec(pathname);
  if (order) return { prefix: order[1] as PublicPagePrefix, slugId: order[2]!, orderPage: true };
  return null;
}

/** The product of a page the cache may hold: a public page or an order page. */
export function cachedPageProductId(pathname: string): string | null {
  const path = cachedPagePath(pathname);
  return path ? productIdIn(path.slugId) : null;
}

/** The canonical query of a page the cache may hold; null when it may not hold this one. */
function canonicalQuery(
  path: { prefix: PublicPagePrefix; orderPage: boolean },
  params: URLSearchParams,
): string | null {
  if (!path.orderPage) return PAGE_QUERY[path.prefix](params).toString();
  return params.has(ORDER_RESUME_PARAMETER) ? null : "";
}

/**
 * Where a request for a site's page on its own domain (its root, `/?…`) is cached and
 * rendered from: keyed by host, rendered under the site's own path on that host.
 */
export function customDomainPageAddress(site: DomainSite, url: URL): PublicPageAddress {
  const prefix = sitePrefix(site);
  const search = PAGE_QUERY[prefix](url.searchParams).toString();
  const page = new URL(`${prefix}${site.productId}`, url);
  page.search = search;
  return {
    productId: site.productId,
    key: customDomainPageKey(site, search),
    url: page,
    orderPage: false,
  };
}

function sitePrefix(site: DomainSite): PublicPagePrefix {
  return `/${siteOf(site.type).publicPrefix}/` as PublicPagePrefix;
}

/** A page's key: its path, and the query it reads in canonical form when there is one. */
function pageKey(pathname: string, canonicalSearch: string): string {
  return canonicalSearch ? `${pathname}?${canonicalSearch}` : pathname;
}

/** A site's page on its own domain is keyed by host: `//menu.caferose.com/?diet=vegan`. */
function customDomainPageKey(site: DomainSite, canonicalSearch: string): string {
  return `//${site.domain}${pageKey("/", canonicalSearch)}`;
}

/**
 * The cache key of a request target (path and query, as sent) on the portal's host, or on
 * `site`'s domain; null when it names no public page. Read from the target as it came,
 * without building a URL: a target that a URL would write differently (escapes, dot
 * segments) makes no key of a stored page, and goes the long way.
 */
export function pageKeyOfTarget(target: string, site: DomainSite | null): string | null {
  // A URL would drop a fragment, which clients never send: such a target goes the long way.
  if (target.includes("#")) return null;
  const queryStart = target.indexOf("?");
  const pathname = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart + 1);
  if (site) {
    if (pathname !== "/") return null;
    const prefix = sitePrefix(site);
    const search = query ? PAGE_QUERY[prefix](new URLSearchParams(query)).toString() : "";
    return customDomainPageKey(site, search);
  }
  const path = cachedPagePath(pathname);
  if (!path) return null;
  const search = query ? canonicalQuery(path, new URLSearchParams(query)) : "";
  return search === null ? null : pageKey(pathname, search);
}

export interface PublicPageAddress {
  productId: string;
  /** The path with only the query the page reads, in canonical form: the cache key. */
  key: string;
  /** The address to render the page from: the request's, with that query alone. */
  url: URL;
  /** An order page (`ORDER_PAGE_PATH`) rather than a view of the site. */
  orderPage: boolean;
}

/** Where a request for a public page is cached and rendered from; null for any other request. */
export function publicPageAddress(url: URL): PublicPageAddress | null {
  const path = cachedPagePath(url.pathname);
  const productId = path && productIdIn(path.slugId);
  if (!productId) return null;
  const search = canonicalQuery(path, url.searchParams);
  if (search === null) return null;
  const canonical = new URL(url);
  canonical.search = search;
  canonical.hash = "";
  return {
    productId,
    key: pageKey(url.pathname, search),
    url: canonical,
    orderPage: path.orderPage,
  };
}

/**
 * Where a request for a public page is cached and rendered from: at the portal's address, or
 * at the root of `site`'s own domain; null for any other request.
 */
export function requestedPageAddress(
  url: URL,
  site: DomainSite | null | undefined,
): PublicPageAddress | null {
  return site ? customDomainPageAddress(site, url) : publicPageAddress(url);
}

/** Headers that describe one response on the wire, not the page: never stored. */
const UNSTORED_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "transfer-encoding",
  "vary",
]);

/** A page every visitor may be given: the same for all, and nothing private in it. */
function isSharedPage(response: Response): boolean {
  if (response.status !== 200) return false;
  if (!/^text\/html\b/i.test(response.headers.get("content-type") ?? "")) return false;
  if (response.headers.has("set-cookie")) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(response.headers.get("cache-control") ?? "");
}

/** What renders a public page the cache does not hold, and the cache it is offered to. */
export interface PublicPageRendering {
  cache: PublicPageCache;
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: () => RouterContextProvider;
}

export interface PublicPagesOptions extends PublicPageRendering {
  mode: "production" | "development";
  /** TRUST_PROXY: how many proxies' X-Forwarded-Host and -Proto to believe. */
  trustProxyHops: number;
  cdnMaxAge: number;
  /** Where each view of a page is counted (`services.pageViews`). */
  views: Pick<PageViews, "enabled" | "record">;
  /** Sites' own domains: a site that has one is sent there from the portal's address. */
  domains: Pick<DomainDirectory, "enabled" | "domainOf" | "originOf">;
}

/**
 * The editor's live preview: the portal's own page in a frame of the portal. It must stay
 * on the portal's origin (the editor draws unsaved colours into it), so it is not sent to
 * the site's domain. Browsers set these headers themselves; no page can forge them.
 */
function isPortalPreviewFrame(req: ExpressRequest): boolean {
  return (
    req.headers["sec-fetch-dest"] === "iframe" && req.headers["sec-fetch-site"] === "same-origin"
  );
}

/**
 * Once a site is served at its own domain, its portal address answers 301 there, with the
 * query it came with (`?src=qr` still counts the scan). Kept five minutes by browsers, so
 * a removed domain does not strand visitors for long.
 */
const DOMAIN_REDIRECT_CACHE_CONTROL = "public, max-age=300";

/** How many Cache-Control values `pageCacheControl` keeps before starting afresh. */
const KEPT_CACHE_CONTROLS = 1000;

/**
 * The Cache-Control of a page as it is sent now: the same for the pages that stay right until
 * their site changes; for those showing an "Open now" that changes first, the one of the
 * seconds left, each of the few possible values written once.
 */
export function pageCacheControl(
  cdnMaxAge: number,
  now: () => number,
): (page: CachedPage) => string {
  const bySeconds = new Map<number, string>();
  const forSeconds = (seconds: number) => {
    let value = bySeconds.get(seconds);
    if (value === undefined) {
      // A CDN allowed to keep pages for hours would otherwise leave a value per second.
      if (bySeconds.size >= KEPT_CACHE_CONTROLS) bySeconds.clear();
      bySeconds.set(seconds, (value = publicPageCacheControl(seconds)));
    }
    return value;
  };
  const lasting = forSeconds(cdnMaxAge);
  return (page) =>
    page.freshUntil === null ? lasting : forSeconds(cdnMaxAgeFor(page, cdnMaxAge, now()));
}

/**
 * A visitor's view of the page: a GET answered with the page (a HEAD is a link checker or a
 * crawler). Classified and counted in memory, so a cache hit does no I/O. `target` is the
 * request target as the client sent it, before any rewrite.
 */
export function countView(
  views: PublicPagesOptions["views"],
  req: IncomingMessage,
  target: string,
  productId: string,
): void {
  if (req.method !== "GET" || !views.enabled) return;
  const { headers } = req;
  const view = classifyView({
    target,
    userAgent: headers["user-agent"],
    referer: headers.referer,
    fetchDest: headers["sec-fetch-dest"],
    fetchSite: headers["sec-fetch-site"],
    purpose: (headers["sec-purpose"] ?? headers.purpose) as string | undefined,
  });
  if (view) views.record(productId, view.source, view.device);
}

/** Mount before React Router's handler; it answers GET and HEAD of the public pages. */
export function servePublicPages(options: PublicPagesOptions): RequestHandler {
  const { pages } = options.cache;
  const handleRequest = createRequestHandler(options.build, options.mode);
  const cacheControl = pageCacheControl(options.cdnMaxAge, () => options.cache.now());
  const { views } = options;

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Most requests are not for a public page: turned away before any URL is built.
    if (cachedPageProductId(req.path) === null) return next();
    const domainSite = customDomainSiteOf(res);
    const address = requestedPageAddress(
      requestUrl(req, options.trustProxyHops, req.originalUrl),
      domainSite,
    );
    if (!address) return next();
    const { productId, key, url, orderPage } = address;
    // A customer's order page is not a view of the site, and its domain serves none.
    const countsView = (request: ExpressRequest) => {
      if (!orderPage) countView(views, request, request.originalUrl, productId);
    };

    let cacheControlOf = orderPage ? () => ORDER_PAGE_CACHE_CONTROL : cacheControl;
    if (!domainSite && !orderPage && options.domains.enabled) {
      let domain: string | null;
      try {
        domain = await options.domains.domainOf(productId);
      } catch (error) {
        return next(error);
      }
      if (domain) {
        // The answer depends on who asks: a shared cache must keep the two apart.
        res.vary("Sec-Fetch-Dest").vary("Sec-Fetch-Site");
        if (!isPortalPreviewFrame(req)) {
          const query = req.originalUrl.indexOf("?");
          const search = query === -1 ? "" : req.originalUrl.slice(query);
          res.set("Cache-Control", DOMAIN_REDIRECT_CACHE_CONTROL);
          return res.redirect(301, `${options.domains.originOf(domain)}/${search}`);
        }
        // The page at this address is now the owner's preview alone: no shared cache keeps it.
        cacheControlOf = () => "private, no-cache";
      }
    }

    const hit = pages.get(key);
    if (hit) {
      if (sendPage(req, res, hit, pages, cacheControlOf(hit), "hit")) countsView(req);
      return;
    }

    try {
      const rendered =
        (await renderMissedPage(options, address)) ??
        // A 404 or an error page: React Router renders those.
        (await renderWithReactRouter(address, () =>
          handleRequest(renderRequest(req, res, url), options.getLoadContext()),
        ));
      if (rendered instanceof Response) {
        // Still the page when it is a 200 that may not be shared (say, one setting a cookie).
        if (rendered.status === 200) countsView(req);
        return await sendResponse(req, res, rendered);
      }
      const { page, outcome } = rendered;
      if (sendPage(req, res, page, pages, cacheControlOf(page), outcome)) countsView(req);
    } catch (error) {
      next(error);
    }
  };

  /** React Router's answer: kept as a page when any visitor may be given it, else as it is. */
  async function renderWithReactRouter(
    address: PublicPageAddress,
    render: () => Promise<Response>,
  ): Promise<RenderedMiss | Response> {
    const ticket = pages.begin(address.key, address.productId);
    try {
      const response = await render();
      if (!isSharedPage(response)) return response;
      const rendered: RenderedPublicPage = {
        body: Buffer.from(await response.arrayBuffer()),
        headers: [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name)),
        freshUntil: null,
      };
      return keepPage(pages, ticket, address, rendered);
    } finally {
      pages.release(ticket);
    }
  }
}

/** Misses are rendered one per turn of the event loop (see loop-turns.server.ts). */
const renderTurns = createLoopTurns();

/** A page rendered for a miss, and what X-Page-Cache says of it. */
export interface RenderedMiss {
  page: CachedPage;
  /** "miss": the cache stored it; "bypass": it could not (it is off, or the site changed). */
  outcome: "miss" | "bypass";
}

/**
 * A page the cache does not hold, rendered without React Router (public-page-render.server.tsx)
 * and offered to the cache, as the front door and Express both do: the page; the redirect its
 * loader threw (a stale slug's 301); or null when React Router must render the answer (a 404,
 * an error page).
 */
export async function renderMissedPage(
  rendering: PublicPageRendering,
  address: PublicPageAddress,
): Promise<RenderedMiss | Response | null> {
  const { pages } = rendering.cache;
  await renderTurns();
  // Taken before the site is read: a change committed during the render keeps it unstored.
  const ticket = pages.begin(address.key, address.productId);
  try {
    const build = typeof rendering.build === "function" ? await rendering.build() : rendering.build;
    const rendered = await renderPublicPage(build, address.url, rendering.getLoadContext());
    if (rendered === null || rendered instanceof Response) return rendered;
    return keepPage(pages, ticket, address, rendered);
  } finally {
    pages.release(ticket);
  }
}

/** The rendered page, stored under its ticket when the cache may keep it. */
function keepPage(
  pages: PageCache,
  ticket: RenderTicket,
  { key, productId }: PublicPageAddress,
  { body, headers, freshUntil }: RenderedPublicPage,
): RenderedMiss {
  const stored = pages.store(ticket, body, headers, freshUntil);
  return stored
    ? { page: stored, outcome: "miss" }
    : { page: makePage(key, productId, body, headers, freshUntil), outcome: "bypass" };
}

/** The encodings a page may be sent in, best compression first. */
const PREFERRED_ENCODINGS = ["br", "gzip", "deflate"] as const;

/**
 * The encoding chosen for each Accept-Encoding seen lately: browsers send a handful of
 * distinct values, and a cache hit should not parse the same header again.
 */
const encodingByHeader = new Map<string, ContentEncoding | "identity">();
const REMEMBERED_ACCEPT_ENCODINGS = 64;

/** The encoding to send: what the client accepts, best compression first. */
export function chooseEncoding(req: IncomingMessage): ContentEncoding | "identity" {
  const header = req.headers["accept-encoding"];
  if (!header) return "identity";
  let chosen = encodingByHeader.get(header);
  if (chosen) return chosen;
  const accepted = accepts(req);
  chosen = PREFERRED_ENCODINGS.find((encoding) => accepted.encoding(encoding) === encoding);
  chosen ??= "identity";
  if (encodingByHeader.size >= REMEMBERED_ACCEPT_ENCODINGS) encodingByHeader.clear();
  encodingByHeader.set(header, chosen);
  return chosen;
}

const ALL_ENCODINGS = ["identity", ...PREFERRED_ENCODINGS] as const;

/** If-None-Match uses the weak comparison; any encoding's tag of the current page matches. */
export function matchesIfNoneMatch(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const current = new Set(ALL_ENCODINGS.map((encoding) => etagFor(page.hash, encoding)));
  return header.split(",").some((tag) => current.has(tag.trim().replace(/^W\//, "")));
}

/**
 * Sends a page as the client asked for it: in its best accepted encoding, as a 304 when the
 * client holds it already, without a body for a HEAD. Written against Node's own response,
 * so that the front door (`page-cache-front.server.ts`) and Express send the same answer.
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  pages: PageCache,
  cacheControl: string,
  outcome: "hit" | "miss" | "bypass",
): boolean {
  if (res.destroyed || res.writableEnded) return false;
  const encoding = chooseEncoding(req);
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  const vary = res.getHeader("Vary");
  res.setHeader("Vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etagFor(page.hash, encoding));
  res.setHeader("X-Page-Cache", outcome);
  if (matchesIfNoneMatch(req.headers["if-none-match"], page)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  const body = encoding === "identity" ? page.body : pages.encoded(page, encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  // Node sends no body for a HEAD.
  res.end(body);
  return true;
}

/** Anything else (a redirect, a 404, an error page) goes out as React Router made it. */
async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/**
 * The request React Router sees, built as `@react-router/express` builds it but for
 * `url`, the page's canonical address. A HEAD is rendered as a GET, so that its page can
 * be stored and tagged.
 */
function renderRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else headers.set(name, value);
  }
  // A revalidation is answered here from the finished page, not by React Router.
  headers.delete("if-none-match");
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(url, { method: "GET", headers, signal: controller.signal });
}
