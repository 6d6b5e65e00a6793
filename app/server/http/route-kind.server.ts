/**
 * What kind of route a request is for, as logs and measurements group them: the path's
 * shape alone, so that it costs nothing and never depends on who is asking.
 */
export type RouteKind =
  "public-page" | "portal-page" | "page" | "action" | "upload" | "asset" | "auth-api";

const PUBLIC_SITE = /^\/[rsde]\/[^/]+\/?$/;
const ASSET =
  /^\/(assets|files)\/|^\/favicon\.|^\/(robots\.txt|sitemap\.xml|sitemaps\/)|\/qr\.(svg|png)$/;
const UPLOAD = /^\/user\/upload\/[^/]+\/?$/;

export function routeKind(method: string, path: string): RouteKind {
  if (path.startsWith("/api/auth/")) return "auth-api";
  if (ASSET.test(path)) return "asset";
  const reading = method === "GET" || method === "HEAD";
  if (!reading) return UPLOAD.test(path) ? "upload" : "action";
  if (PUBLIC_SITE.test(path)) return "public-page";
  if (path === "/user" || path.startsWith("/user/")) return "portal-page";
  return "page";
}
