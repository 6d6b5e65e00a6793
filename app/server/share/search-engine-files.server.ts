/**
 * What search engines read first: `/robots.txt` (public pages welcome, the portal not)
 * and `/sitemap.xml`, every public page with the time its site last changed.
 *
 * The sitemap is written as it is read, a thousand sites per query, so its memory does
 * not grow with the number of sites. A sitemap file may hold at most 50,000 addresses
 * (sitemaps.org), so past that `/sitemap.xml` becomes an index of `/sitemaps/{n}.xml`.
 */
import { once } from "node:events";
import { and, asc, count, eq, gt, sql, type SQL } from "drizzle-orm";
import type { RequestHandler, Response } from "express";
import { CATALOG } from "~/lib/catalog";
import { publicPath } from "~/lib/slug";
import type { ProductType } from "~/sites/product-types";
import type { Database } from "../db/client.server";
import { productInfo, products } from "../db/schema";
import { storedExtraLanguages } from "../repositories/translations.server";
import { MAX_EXTRA_LANGUAGES } from "~/lib/i18n/translatable-texts";
import { verifiedDomainColumn } from "../domains/custom-domains.server";
import type { AppServices } from "../runtime/services.server";

/** sitemaps.org: "no more than 50,000 URLs". */
export const SITEMAP_MAX_URLS = 50_000;

/** The portal's own public pages: the landing page and each product's page. */
function marketingPaths(): string[] {
  return ["/", ...CATALOG.map((entry) => `/product/${entry.id}`)];
}

/**
 * Sites per sitemap file, each with its page in every further language it may have: the
 * first file also lists the marketing pages.
 */
export const SITES_PER_FILE = Math.floor(
  (SITEMAP_MAX_URLS - marketingPaths().length) / (1 + MAX_EXTRA_LANGUAGES),
);

const BATCH = 1000;

const XML_TYPE = "application/xml; charset=utf-8";

/** Search engines re-read these often enough; a CDN may keep them an hour. */
const CACHE_CONTROL = "public, max-age=3600";

export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /user",
    "Disallow: /api/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!,
  );
}

export function urlEntry(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(location)}</loc>${lastmod}</url>\n`;
}

/**
 * The sites this sitemap lists: live ones still at the portal's address. A site served at
 * its own domain is listed in that domain's sitemap (a sitemap names its own host only).
 */
function listedHere(services: AppServices): SQL {
  if (!services.env.customDomains) return sql`${products.exists}`;
  return sql`${products.exists} and ${verifiedDomainColumn} is null`;
}

interface PublicSiteRow {
  id: string;
  type: ProductType;
  slug: string;
  updatedAt: Date;
  /** Null for a site whose info row is missing (none is ever made without one). */
  language: string | null;
  extraLanguages: unknown;
}

/** Live sites in id order, a batch at a time, from the first id after `after`. */
async function* liveSites(
  db: Database,
  listed: SQL,
  limit: number,
  after = "",
): AsyncGenerator<PublicSiteRow> {
  let last = after;
  let left = limit;
  while (left > 0) {
    const batch = await db
      .select({
        id: products.id,
        type: products.type,
        slug: products.slug,
        updatedAt: products.updatedAt,
        language: productInfo.language,
        extraLanguages: productInfo.extraLanguages,
      })
      .from(products)
      .leftJoin(productInfo, eq(productInfo.productId, products.id))
      .where(and(listed, gt(products.id, last)))
      .orderBy(asc(products.id))
      .limit(Math.min(BATCH, left));
    yield* batch;
    if (batch.length < BATCH) return;
    last = batch[batch.length - 1]!.id;
    left -= batch.length;
  }
}

async function countLiveSites(db: Database, listed: SQL): Promise<number> {
  const [row] = await db.select({ sites: count() }).from(products).where(listed);
  return row?.sites ?? 0;
}

/** The id just before the first site of sitemap file `index` (0-based), or null past the end. */
async function startOfFile(db: Database, listed: SQL, index: number): Promise<string | null> {
  if (index === 0) return "";
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(listed)
    .orderBy(asc(products.id))
    .offset(index * SITES_PER_FILE - 1)
    .limit(1);
  return row?.id ?? null;
}

/** Writes, waiting whenever the client reads slower than the database answers. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await once(res, "drain");
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

async function streamUrlset(
  res: Response,
  services: AppServices,
  sites: AsyncGenerator<PublicSiteRow>,
  withMarketingPages: boolean,
): Promise<void> {
  const base = services.env.publicUrl;
  res.status(200).type(XML_TYPE).set("Cache-Control", CACHE_CONTROL);
  await write(res, URLSET_OPEN);
  if (withMarketingPages) {
    await write(
      res,
      marketingPaths()
        .map((path) => urlEntry(`${base}${path}`))
        .join(""),
    );
  }
  let chunk = "";
  for await (const site of sites) {
    const path = `${base}${publicPath(site.type, site.slug, site.id)}`;
    chunk += urlEntry(path, site.updatedAt);
    for (const language of storedExtraLanguages(site.extraLanguages, site.language ?? "")) {
      chunk += urlEntry(`${path}/${language}`, site.updatedAt);
    }
    if (chunk.length > 64 * 1024) {
      await write(res, chunk);
      chunk = "";
    }
  }
  res.end(`${chunk}</urlset>\n`);
}

function sitemapIndex(publicUrl: string, files: number): string {
  let body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (let file = 1; file <= files; file += 1) {
    body += `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${file}.xml`)}</loc></sitemap>\n`;
  }
  return `${body}</sitemapindex>\n`;
}

/** Mount ahead of React Router: `/robots.txt`, `/sitemap.xml` and `/sitemaps/{n}.xml`. */
export function serveSearchEngineFiles(services: AppServices): RequestHandler {
  const robots = robotsTxt(services.env.publicUrl);
  const listed = listedHere(services);
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      if (req.path === "/robots.txt") {
        res.type("text/plain").set("Cache-Control", CACHE_CONTROL).send(robots);
        return;
      }
      if (req.path === "/sitemap.xml") {
        const sites = await countLiveSites(services.db, listed);
        if (sites <= SITES_PER_FILE) {
          await streamUrlset(res, services, liveSites(services.db, listed, SITES_PER_FILE), true);
          return;
        }
        const files = Math.ceil(sites / SITES_PER_FILE);
        res
          .type(XML_TYPE)
          .set("Cache-Control", CACHE_CONTROL)
          .send(sitemapIndex(services.env.publicUrl, files));
        return;
      }
      const file = /^\/sitemaps\/([1-9]\d{0,5})\.xml$/.exec(req.path);
      if (!file) return next();
      const index = Number(file[1]) - 1;
      const after = await startOfFile(services.db, listed, index);
      if (after === null) {
        res.status(404).type("text/plain").send("Not found.");
        return;
      }
      await streamUrlset(
        res,
        services,
        liveSites(services.db, listed, SITES_PER_FILE, after),
        index === 0,
      );
    } catch (error) {
      // Once the body has begun, the only honest end is a cut connection.
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  };
}
