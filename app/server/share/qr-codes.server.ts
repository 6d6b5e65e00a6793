/**
 * QR codes of the public pages, for table cards, windows and flyers:
 * `/{r|s|d|e}/{slugId}/qr.svg` and `/…/qr.png` (and `/qr.svg`, `/qr.png` on a site's own
 * domain). Each encodes the site's canonical address (its own domain once verified) with
 * `?src=qr`, so views from a scan are counted as such.
 *
 * They are kept in the public page cache under their own path, beside the page of the
 * same product: a repeat request is answered from memory with its ETag (304 when it
 * matches), and any change to the product (a new name, so a new slug) drops them
 * with the page. A request for an older slug gets the code of the current address.
 */
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import QRCode from "qrcode";
import { customDomainUrl } from "~/lib/custom-domains";
import { ENGLISH } from "~/lib/i18n/page-language";
import { siteFromPrefix } from "~/sites";
import { etagFor, makePage, type CachedPage } from "../pages/page-cache.server";
import {
  matchesIfNoneMatch,
  publicPageCacheControl,
  publicPageProductId,
} from "../pages/public-page-cache.server";
import { canonicalPublicPath } from "../repositories/public-sites.server";
import type { AppServices } from "../runtime/services.server";

export type QrFormat = "svg" | "png";

/** A public page's path, then `/qr.svg` or `/qr.png`. */
export const QR_CODE_PATH = /^(\/[rsde]\/[^/]+)\/qr\.(svg|png)$/;

/** Printed codes are scanned from a distance, in dim light: large and with margin. */
export const QR_PNG_WIDTH = 1024;

/**
 * Level M restores up to 15% of a damaged code (a stain, a fold) and keeps a
 * typical address at a version scanned easily; the quiet zone is the four modules
 * the standard asks for.
 */
const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

const CONTENT_TYPES: Record<QrFormat, string> = {
  svg: "image/svg+xml",
  png: "image/png",
};

/** What a scan opens: the site's canonical address, marked as coming from a QR code. */
export function qrCodeTarget(pageUrl: string): string {
  return `${pageUrl}?src=qr`;
}

export async function renderQrCode(text: string, format: QrFormat): Promise<Buffer> {
  if (format === "png") {
    return QRCode.toBuffer(text, { ...QR_OPTIONS, type: "png", width: QR_PNG_WIDTH });
  }
  return Buffer.from(await QRCode.toString(text, { ...QR_OPTIONS, type: "svg" }), "utf8");
}

/** Mount ahead of React Router: it answers GET and HEAD of the QR code paths. */
export function serveQrCodes(services: AppServices): RequestHandler {
  const { pages } = services.pageCache;
  const cacheControl = publicPageCacheControl(services.env.pageCdnMaxAge);

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = QR_CODE_PATH.exec(req.path);
    if (!match) return next();
    const pagePath = match[1]!;
    const format = match[2] as QrFormat;
    const site = siteFromPrefix(pagePath.charAt(1));
    const productId = publicPageProductId(pagePath);
    if (!site || !productId) return void notFound(res, site?.notFoundIn(ENGLISH.words).message);

    const key = req.path;
    const hit = pages.get(key);
    if (hit) return send(req, res, hit, cacheControl);

    const ticket = pages.begin(key, productId);
    try {
      // Read now, not the directory's short-lived answer: a printed code lasts.
      const [canonicalPath, domain] = await Promise.all([
        canonicalPublicPath(services.db, site.type, productId),
        services.domains.currentDomainOf(productId),
      ]);
      if (!canonicalPath) return void notFound(res, site.notFoundIn(ENGLISH.words).message);
      const pageUrl = domain
        ? customDomainUrl(services.env.publicUrl, domain)
        : `${services.env.publicUrl}${canonicalPath}`;
      const body = await renderQrCode(qrCodeTarget(pageUrl), format);
      const headers = [["Content-Type", CONTENT_TYPES[format]]] as const;
      const page = pages.store(ticket, body, headers) ?? makePage(key, productId, body, headers);
      send(req, res, page, cacheControl);
    } catch (error) {
      next(error);
    } finally {
      pages.release(ticket);
    }
  };
}

function notFound(res: Response, message = "Not found."): void {
  res.status(404).set("Cache-Control", "no-store").type("text/plain").send(message);
}

function send(req: ExpressRequest, res: Response, code: CachedPage, cacheControl: string): void {
  if (res.destroyed || res.writableEnded) return;
  for (const [name, value] of code.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etagFor(code.hash, "identity"));
  if (matchesIfNoneMatch(req.headers["if-none-match"], code)) {
    res.status(304).end();
    return;
  }
  res.status(200).send(code.body);
}
