/**
 * The headers that limit what a page may load and run, who may frame it and who may keep
 * a copy of it. Paths are classified as React Router matches routes: decoded and ignoring
 * case, so `/SIGNIN` or `/User/Info` get what `/signin` and `/user/info` get.
 *
 * Pages React Router renders for one request (marketing, sign-in, portal) get a
 * Content-Security-Policy with a fresh nonce, which `app/entry.server.tsx` puts on every
 * inline script React and React Router write. The public sites (/r /s /d /e) are cached
 * whole and served to everyone (public-page-cache.server.ts), so no nonce can be in them:
 * their inline scripts (app/sites/browser-scripts.ts) are allowed by their hashes. See
 * docs/decisions/0011-content-security-policy.md.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getSessionCookie } from "better-auth/cookies";
import type { RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import onHeaders from "on-headers";
import { ORDER_PAGE_SCRIPTS, PUBLIC_PAGE_SCRIPTS } from "~/sites/browser-scripts";
import { byPublicPrefix, publicPrefixOfPath, type PublicPrefix } from "~/sites/product-types";
import {
  ORDER_PAGE_CACHE_CONTROL,
  ORDER_PAGE_PATH,
  PUBLIC_PAGE_PATH,
} from "../pages/public-page-cache.server";
import type { AppServices } from "../runtime/services.server";
import { LOCAL_FILES_URL_PATH } from "../storage/local-disk.server";
import type { FileStorage } from "../storage/storage.server";

interface PolicyOptions {
  /** Whether the portal's own address (PUBLIC_URL) is https: then HSTS and upgraded requests. */
  https: boolean;
  /** Where else pictures come from: the S3 bucket or CDN when files are stored there. */
  imageOrigins: readonly string[];
  /**
   * Vite's development server injects inline scripts without a nonce and talks to the
   * page over its own websocket: no Content-Security-Policy then.
   */
  development: boolean;
}

/**
 * - `public`: an owner's public site page; cached whole and the same for everyone.
 * - `static`: built assets and stored files; public and the same for everyone.
 * - `portal`: the owner's pages and their data under /user.
 * - `customer`: a customer's order on its way: an order's status page (`/o/{token}`), whose
 *   address is the customer's key: never kept by a cache, indexed, or sent as a referrer to
 *   another site; so are a restaurant's booking form (`/r/{slugId}[/{lang}]/book`) and a
 *   booking's page (`/b/{token}`, its `calendar.ics`).
 * - `order`: the order page (`/r|s/{slugId}[/{lang}]/order`), where an order starts: kept from
 *   caches, indexes and other sites as a `customer` page is, but the same for every customer
 *   (the page cache keeps it), so its script is allowed by its hash and it carries no nonce.
 *   (`same-origin` rather than `no-referrer`: under `no-referrer` browsers post the pages' own forms with `Origin: null`,
 *   which React Router and the portal's Origin check rightly refuse.)
 * - `auth`: sign-in, registration, sign-out, an invitation's page (`/invite/{token}`) and
 *   better-auth's endpoints.
 * - `site`: anything else (marketing pages, not-found pages).
 */
export type PathKind = "public" | "static" | "portal" | "auth" | "customer" | "order" | "site";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The hashes that let each site type's public pages run their inline scripts
 * (app/sites/browser-scripts.ts), by the prefix of their address; the texts never change
 * while the process runs.
 */
export const PUBLIC_SCRIPT_HASHES: Readonly<Record<PublicPrefix, readonly string[]>> =
  byPublicPrefix((prefix) => PUBLIC_PAGE_SCRIPTS[prefix].map(scriptHash));

const ORDER_SCRIPT_HASHES = ORDER_PAGE_SCRIPTS.map(scriptHash);

function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const STATIC = new RegExp(`^(/assets|${LOCAL_FILES_URL_PATH})(/|$)`);
const PORTAL = /^\/user(\/|$)/;
const AUTH = /^\/(signin|register|signout|invite|api\/auth)(\/|$)/;
const CUSTOMER = /^\/(o\/[^/]+(\/state)?|b\/[^/]+(\/calendar\.ics)?|r\/[^/]+(\/[^/]+)?\/book)\/?$/;

/**
 * The path React Router would match: each segment decoded (an encoded slash stays one
 * segment, as React Router keeps it), in lower case, without a data request's `.data`.
 */
export function normalizePath(path: string): string {
  const decoded = path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, "%2f");
      } catch {
        // A malformed escape: React Router leaves it as sent too.
        return segment;
      }
    })
    .join("/")
    .toLowerCase();
  // `/user.data` is the data of `/user`, `/_root.data` that of `/`.
  const page = decoded.endsWith(".data") ? decoded.slice(0, -".data".length) : decoded;
  return page === "/_root" ? "/" : page;
}

export function pathKind(path: string): PathKind {
  return kindOfNormalizedPath(normalizePath(path));
}

function kindOfNormalizedPath(normalized: string): PathKind {
  if (PUBLIC_PAGE_PATH.test(normalized)) return "public";
  // Repeated slashes could only make a protected path look like another; classify the
  // protective kinds with them collapsed.
  const collapsed = normalized.replace(/\/{2,}/g, "/");
  if (PORTAL.test(collapsed)) return "portal";
  if (AUTH.test(collapsed)) return "auth";
  if (ORDER_PAGE_PATH.test(collapsed)) return "order";
  if (CUSTOMER.test(collapsed)) return "customer";
  if (STATIC.test(collapsed)) return "static";
  return "site";
}

/** The nonce of this response's page; none for public and static paths, nor in development. */
export function cspNonce(res: ServerResponse): string | undefined {
  return (res as Response).locals?.cspNonce as string | undefined;
}

/** What every page may do, whichever kind it is. */
function baseDirectives({ https }: PolicyOptions) {
  return {
    "default-src": ["'self'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
    // Owners' colours are inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Every form posts or gets to this site; the contact form's mailto link is a link.
    "form-action": ["'self'"],
    // On plain http (a laptop, a LAN) upgrading would break every request of the page.
    "upgrade-insecure-requests": https ? [] : null,
  };
}

/**
 * A public page is sent to every visitor, and its headers travel in the same first round
 * trip as its HTML (decision 29): its policy and headers say nothing the browser would not do
 * without them. `connect-src` and `script-src-attr` fall back to `default-src 'self'` and to
 * a `script-src` of hashes alone, which allow no event-handler attribute; the three legacy
 * headers helmet adds are for browsers that no longer run (Internet Explorer's download
 * prompt and XSS filter, Flash's and Acrobat's cross-domain files).
 */
const PUBLIC_PAGE_LEGACY_HEADERS_OFF = {
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} satisfies HelmetOptions;

type PolicyKind = { kind: "page" | "order" | "static" } | { kind: "public"; prefix: PublicPrefix };

function helmetOptions(options: PolicyOptions, policy: PolicyKind): HelmetOptions {
  const base = baseDirectives(options);
  const directives =
    policy.kind === "public"
      ? {
          ...base,
          "script-src": [...PUBLIC_SCRIPT_HASHES[policy.prefix]],
          // Dealership and e-commerce owners type their logo and background addresses:
          // any http(s) picture. Owners may embed their public page in their own website,
          // so frame-ancestors is left unset.
          "img-src": ["'self'", "data:", "https:", "http:", ...options.imageOrigins],
        }
      : {
          ...base,
          "connect-src": ["'self'"],
          "script-src":
            policy.kind === "order"
              ? ORDER_SCRIPT_HASHES
              : [
                  "'self'",
                  (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`,
                ],
          "script-src-attr": ["'none'"],
          // blob: shows a file the owner chose before it is sent (the editors' drop zones).
          "img-src": ["'self'", "data:", "blob:", ...options.imageOrigins],
          "frame-ancestors": ["'none'"],
        };
  return {
    ...(policy.kind === "public" ? PUBLIC_PAGE_LEGACY_HEADERS_OFF : {}),
    // Cross-Origin-Opener-Policy puts a page in a browsing context group of its own, which makes
    // the browser start a fresh renderer for it when the tab came from anywhere else: on a cold
    // load at Lighthouse's phone settings, 60 to 120 ms more main-thread work and blocking time
    // up to 60 ms, on a trivial page as on a menu. A menu, a shop or the order page holds no
    // one's data, and between the menu and its order page the header must agree, or every
    // "Order online" would start a renderer. A customer's own pages (an order's status, a
    // booking) and the owner's keep it.
    ...(policy.kind === "public" || policy.kind === "order"
      ? { crossOriginOpenerPolicy: false }
      : {}),
    contentSecurityPolicy:
      policy.kind === "static" || options.development ? false : { useDefaults: false, directives },
    // Public pages, built assets and stored files are the same for everyone and may be
    // loaded from anywhere; anything else is for this site alone.
    crossOriginResourcePolicy: {
      policy: policy.kind === "page" || policy.kind === "order" ? "same-origin" : "cross-origin",
    },
    // A customer's pages send no referrer to another site (see `PathKind`).
    referrerPolicy: {
      policy: policy.kind === "order" ? "same-origin" : "strict-origin-when-cross-origin",
    },
    // Subdomains are the operator's business, not this app's.
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
    xFrameOptions: policy.kind === "page" || policy.kind === "order" ? { action: "deny" } : false,
  };
}

/** Whether the request carries a better-auth session cookie (signed in, or was). */
function hasSessionCookie(cookie: string | undefined): boolean {
  if (cookie === undefined) return false;
  try {
    return getSessionCookie(new Headers({ cookie })) !== null;
  } catch {
    // A header that the Headers class refuses holds no session we could read either.
    return false;
  }
}

/** An answer that says it may be shared and is not a page or a page's data: a static file. */
function isSharedFile(res: ServerResponse, normalizedPath: string): boolean {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  const contentType = String(res.getHeader("Content-Type") ?? "");
  return (
    /^\s*public\b/i.test(cacheControl) &&
    !/^text\/html\b/i.test(contentType) &&
    !normalizedPath.endsWith(".data")
  );
}

/**
 * The origin stored pictures are loaded from when it is not this site's: the S3
 * bucket, or the CDN in front of it. Asked of the storage itself, which builds the
 * addresses pages show.
 */
export function storageImageOrigins(storage: FileStorage, publicUrl: string): string[] {
  const own = new URL(publicUrl).origin;
  const origin = new URL(storage.publicUrl("probe/origin", "0"), publicUrl).origin;
  return origin === own ? [] : [origin];
}

/** Security headers as a list, for answers whose headers are set all at once. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers helmet would set on a response with these options, collected once: they
 * depend on nothing in the request.
 */
function headersOf(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    // Helmet reports a directive it cannot use through next(); ours are fixed and valid.
    (error?: unknown) => {
      if (error !== undefined) {
        throw error instanceof Error ? error : new Error("Helmet refused the page's headers.");
      }
    },
  );
  return [...headers];
}

/** The security headers of each site type's public pages, by the prefix of their address. */
export type PublicPageHeaders = Readonly<Record<PublicPrefix, HeaderList>>;

/**
 * The security headers of the public site pages (/r /s /d /e, and a site's own domain): the
 * same for every request to one site type's pages, so the page cache's front door sends them
 * as they are.
 */
export function publicPageSecurityHeaders(
  services: Pick<AppServices, "env" | "storage">,
  { development }: { development: boolean },
): PublicPageHeaders {
  const options = policyOptions(services, development);
  return byPublicPrefix((prefix) => headersOf(helmetOptions(options, { kind: "public", prefix })));
}

/**
 * The headers of the order page, the same for every request: its policy allows its script by
 * its hash, and no cache, index or other site may keep or see it.
 */
export function orderPageSecurityHeaders(
  services: Pick<AppServices, "env" | "storage">,
  { development }: { development: boolean },
): HeaderList {
  return [
    ...headersOf(helmetOptions(policyOptions(services, development), { kind: "order" })),
    ["X-Robots-Tag", "noindex"],
  ];
}

function policyOptions(
  services: Pick<AppServices, "env" | "storage">,
  development: boolean,
): PolicyOptions {
  return {
    https: new URL(services.env.publicUrl).protocol === "https:",
    imageOrigins: storageImageOrigins(services.storage, services.env.publicUrl),
    development,
  };
}

/**
 * Sets the security headers for the kind of path asked for, the nonce of a page, and
 * `Cache-Control: private, no-store` on every answer that may show who is signed in:
 * everything under /user and the auth pages always, anything else but the public
 * pages and static files when the request carries the session cookie (the site nav
 * shows the signed-in email). Mount before anything that answers.
 */
export function securityHeaders(
  services: Pick<AppServices, "env" | "storage">,
  { development }: { development: boolean },
): RequestHandler {
  const options = policyOptions(services, development);
  const forPages = helmet(helmetOptions(options, { kind: "page" }));
  const forPublic = publicPageSecurityHeaders(services, { development });
  const forOrderPage = orderPageSecurityHeaders(services, { development });
  const forStatic = helmet(helmetOptions(options, { kind: "static" }));

  return (req, res, next) => {
    const normalized = normalizePath(req.path);
    const kind = kindOfNormalizedPath(normalized);
    if (kind === "public") {
      for (const [name, value] of forPublic[publicPrefixOfPath(normalized)]) {
        res.setHeader(name, value);
      }
      return next();
    }
    if (kind === "static") return forStatic(req, res, next);
    if (kind === "order") {
      for (const [name, value] of forOrderPage) res.setHeader(name, value);
      // The page cache sends it so; React Router's answers (a post's, a 404) get it here.
      onHeaders(res, () => res.setHeader("Cache-Control", ORDER_PAGE_CACHE_CONTROL));
      return next();
    }

    // Without a policy (development), a nonce would only make React's hydration check
    // complain that the browser's copy of the page lacks it.
    if (!development) res.locals.cspNonce = randomBytes(16).toString("base64");
    const alwaysPrivate = kind === "portal" || kind === "auth" || kind === "customer";
    if (kind === "customer") {
      res.setHeader("X-Robots-Tag", "noindex");
      onHeaders(res, () => res.setHeader("Referrer-Policy", "same-origin"));
    }
    if (alwaysPrivate || hasSessionCookie(req.headers.cookie)) {
      const lowerPath = req.path.toLowerCase();
      // Once every handler has set what it wanted, just before the headers go out.
      onHeaders(res, () => {
        if (alwaysPrivate || !isSharedFile(res, lowerPath)) {
          res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
        }
      });
    }
    forPages(req, res, next);
  };
}
