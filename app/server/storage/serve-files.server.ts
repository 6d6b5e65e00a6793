/**
 * Serves the local-disk driver's objects at /files/<key>. Everything is read
 * through the driver, so only stored objects are reachable: never metadata,
 * directories or anything else under DATA_DIR.
 */
import type { RequestHandler, Response } from "express";
import { STORED_FILE_CACHE_CONTROL, isValidKey, type FileStorage } from "./storage.server";

/**
 * Uploaded bytes are whatever an owner sent. Browsers must not guess another
 * type, and a document opened directly (an SVG, say) runs no script and loads nothing.
 */
const UNTRUSTED_CONTENT_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/**
 * The key in a request path relative to the mount point, taken raw: valid keys
 * need no percent-encoding, so any encoded character, empty segment, `..` or
 * backslash simply fails `isValidKey`. The query (`?v=`) only busts caches.
 */
export function keyFromRequestPath(relativeUrl: string): string | null {
  const [rawPath = ""] = relativeUrl.split("?", 1);
  if (!rawPath.startsWith("/")) return null;
  const key = rawPath.slice(1);
  return isValidKey(key) ? key : null;
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

function notFound(res: Response): void {
  res.status(404).set(UNTRUSTED_CONTENT_HEADERS).type("text/plain").send("Not found");
}

/** Mount with `app.use(LOCAL_FILES_URL_PATH, serveStoredFiles(storage))`. */
export function serveStoredFiles(storage: FileStorage): RequestHandler {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set("Allow", "GET, HEAD").type("text/plain").send("Method not allowed");
      return;
    }
    const key = keyFromRequestPath(req.url);
    if (key === null) return notFound(res);
    try {
      const stored = await storage.read(key);
      if (stored === null) return notFound(res);

      res.set(UNTRUSTED_CONTENT_HEADERS);
      res.set({ "Cache-Control": STORED_FILE_CACHE_CONTROL, ETag: stored.etag });
      if (matchesIfNoneMatch(req.headers["if-none-match"], stored.etag)) {
        res.status(304).end();
        return;
      }
      // setHeader rather than res.type: the stored type goes out exactly as stored, no charset added.
      res.setHeader("Content-Type", stored.contentType);
      res.setHeader("Content-Length", String(stored.body.byteLength));
      res.status(200);
      if (req.method === "HEAD") res.end();
      else res.end(stored.body);
    } catch (error) {
      next(error);
    }
  };
}
