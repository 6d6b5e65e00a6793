/**
 * Requests sorted by the host they were sent to, before anything else answers them:
 *
 * - the portal's own host (PUBLIC_URL's, or a name of this machine) goes on to the portal;
 * - a verified custom domain gets its site's page at `/`, and the few files that page and
 *   search engines need: `/qr.svg`, `/qr.png`, `/robots.txt`, `/sitemap.xml`, the built
 *   assets and stored files. Everything else there is a 404, so the portal, sign-in and
 *   the auth API (and so their cookies) never answer on an owner's domain;
 * - any other host gets a 404: a stranger's domain pointed here never shows a site.
 *
 * The page and QR code requests go on under the site's own path (`/r/{id}`), marked with
 * the site (./request-domain-site.server.ts), so the security headers, the page cache and the QR
 * codes treat them as the public pages they are.
 */
import type { Request, RequestHandler, Response } from "express";
import { siteOf } from "~/sites";
import type { AppServices } from "../runtime/services.server";
import { URLSET_OPEN, urlEntry } from "../share/search-engine-files.server";
import { LOCAL_FILES_URL_PATH } from "../storage/local-disk.server";
import { markCustomDomainSite } from "./request-domain-site.server";

/** What a custom domain serves besides its page: paths the page and its visitors load. */
const PASSED_PREFIXES = ["/assets/", `${LOCAL_FILES_URL_PATH}/`];
const PASSED_FILES = new Set(["/favicon.svg"]);

const QR_PATH = /^\/qr\.(svg|png)$/;

/** Search engines re-read these often enough; a CDN may keep them an hour. */
const SEARCH_FILES_CACHE_CONTROL = "public, max-age=3600";

export function routeByHost(services: Pick<AppServices, "domains" | "env">): RequestHandler {
  const { domains } = services;
  const servesFiles = services.env.storage.driver === "disk";

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    const hostname = req.hostname;
    if (hostname && domains.isPortalHost(hostname)) return next();
    try {
      const site = hostname ? await domains.siteOf(hostname) : null;
      if (!site) return void notConnected(res);
      if (req.method !== "GET" && req.method !== "HEAD") return void notFound(res);
      const origin = domains.originOf(site.domain);
      const sitePath = `/${siteOf(site.type).publicPrefix}/${site.productId}`;
      const path = req.path;

      if (path === "/") {
        markCustomDomainSite(res, site);
        return void rewrite(req, sitePath, next);
      }
      const qr = QR_PATH.exec(path);
      if (qr) {
        markCustomDomainSite(res, site);
        return void rewrite(req, `${sitePath}/qr.${qr[1]}`, next);
      }
      if (path === "/robots.txt") {
        res.type("text/plain").set("Cache-Control", SEARCH_FILES_CACHE_CONTROL);
        return void res.send(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
      }
      if (path === "/sitemap.xml") {
        res.type("application/xml; charset=utf-8").set("Cache-Control", SEARCH_FILES_CACHE_CONTROL);
        return void res.send(`${URLSET_OPEN}${urlEntry(`${origin}/`)}</urlset>\n`);
      }
      const isFile = path.startsWith(`${LOCAL_FILES_URL_PATH}/`);
      if ((isFile && servesFiles) || (!isFile && isPassed(path))) return next();
      notFound(res);
    } catch (error) {
      next(error);
    }
  };
}

function isPassed(path: string): boolean {
  return PASSED_FILES.has(path) || PASSED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The request goes on under another path; its query stays (`req.originalUrl` keeps both). */
function rewrite(req: Request, path: string, next: () => void) {
  const query = req.url.indexOf("?");
  req.url = query === -1 ? path : `${path}${req.url.slice(query)}`;
  next();
}

function notFound(res: Response) {
  res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found.");
}

/**
 * A host that is neither the portal nor a verified domain: most often an owner's domain
 * whose DNS already points here but which is not verified yet, so the page says so.
 */
function notConnected(res: Response) {
  res
    .status(404)
    .set({
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    })
    .type("html")
    .send(NOT_CONNECTED_PAGE);
}

const NOT_CONNECTED_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Not connected yet</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;color:#1f2933;background:#f5f7fa}
main{max-width:32rem;padding:2rem 1.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{margin:0;color:#52606d}
</style>
</head>
<body>
<main>
<h1>This address is not connected to a site yet</h1>
<p>If it is yours, finish connecting it in your site's Domain settings. Once it is verified, your page shows here.</p>
</main>
</body>
</html>
`;
