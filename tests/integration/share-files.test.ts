/**
 * What a site shares beyond its page, through the real HTTP app on PGlite and on
 * PostgreSQL: its QR codes (decoded here as a phone's camera would), robots.txt and
 * the sitemap, which lists a site created a moment ago and streams 100,000 of them.
 */
import jsQR from "jsqr";
import { PNG } from "pngjs";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicPath, slugify } from "../../app/lib/slug";
import { storeImage } from "../../app/server/images/store-image.server";
import { addItem } from "../../app/server/repositories/items.server";
import {
  createProduct,
  deleteProduct,
  loadProductInfo,
  saveProductInfo,
} from "../../app/server/repositories/products.server";

import { QR_PNG_WIDTH } from "../../app/server/share/qr-codes.server";
import {
  SITEMAP_MAX_URLS,
  SITES_PER_FILE,
} from "../../app/server/share/search-engine-files.server";
import { registerOwner } from "../support/auth-helpers";
import { photoJpeg } from "../support/image-fixtures";
import { useTestApp } from "../support/http-app";

const running = useTestApp();

const PUBLIC_URL = "http://localhost:3999";

async function site(type: "restaurant" | "shoppy" | "dealership", name: string) {
  const { userId } = await registerOwner(running.services);
  const created = await createProduct(running.services.events, userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  return {
    id: created.productId,
    ownerUid: userId,
    path: publicPath(type, slugify(name), created.productId),
  };
}

/**
 * A GET, sent again once if its kept-alive connection was reset: the server closes an idle
 * connection after 5 seconds, and a test busy longer (the 100,000-site insert) may reuse one
 * it already closed, as any HTTP client may, and as a browser retries.
 */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== "ECONNRESET") throw error;
    return fetch(url, init);
  }
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetchAgain(`${running.app.url}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    etag: response.headers.get("etag"),
    cache: response.headers.get("x-page-cache"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** What a camera reads from a picture of the code. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe("QR codes", () => {
  it("encode the site's public address marked ?src=qr, as a large PNG and an SVG", async () => {
    const diner = await site("restaurant", "Café Rosé");
    const png = await get(`${diner.path}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.type).toBe("image/png");
    const { width, height } = PNG.sync.read(png.bytes);
    expect(width).toBeGreaterThanOrEqual(QR_PNG_WIDTH);
    expect(height).toBe(width);
    expect(decodeQr(png.bytes)).toBe(`${PUBLIC_URL}/r/cafe-rose-${diner.id}?src=qr`);

    const svg = await get(`${diner.path}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.type).toMatch(/^image\/svg\+xml/);
    // Rasterised as a browser or a print shop would, it reads the same.
    const rasterised = await sharp(svg.bytes, { density: 300 })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
    expect(decodeQr(rasterised)).toBe(`${PUBLIC_URL}/r/cafe-rose-${diner.id}?src=qr`);
  });

  it("keep a quiet zone of white around the code", async () => {
    const diner = await site("restaurant", "Quiet Zone Diner");
    const image = PNG.sync.read((await get(`${diner.path}/qr.png`)).bytes);
    // The outer 4 of at least 25+8 modules: every pixel in the first 3% of each side is white.
    const margin = Math.floor(image.width * 0.03);
    for (let y = 0; y < image.height; y += 7) {
      for (const x of [0, margin, image.width - 1 - margin, image.width - 1]) {
        const offset = (y * image.width + x) * 4;
        expect(image.data[offset]).toBe(255);
      }
    }
  });

  it("are answered from the cache with an ETag and 304, and follow a rename", async () => {
    const diner = await site("restaurant", "Old Name Diner");
    const first = await get(`${diner.path}/qr.png`);
    const hitsBefore = running.services.pageCache.stats().hits;
    const second = await get(`${diner.path}/qr.png`);
    expect(running.services.pageCache.stats().hits).toBe(hitsBefore + 1);
    expect(second.etag).toBe(first.etag);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect((await get(`${diner.path}/qr.png`, { "if-none-match": first.etag! })).status).toBe(304);

    const info = (await loadProductInfo(running.services.db, diner.id))!;
    await saveProductInfo(running.services.events, diner.ownerUid, diner.id, {
      name: "New Name Diner",
      contact: info.contact,
      address: info.address,
      colors: info.colors,
      hours: info.hours,
    });
    // The old address's code now encodes the new address, under a new tag.
    const renamed = await get(`${diner.path}/qr.png`);
    expect(renamed.etag).not.toBe(first.etag);
    expect(decodeQr(renamed.bytes)).toBe(`${PUBLIC_URL}/r/new-name-diner-${diner.id}?src=qr`);
    expect((await get(`${diner.path}/qr.png`, { "if-none-match": first.etag! })).status).toBe(200);
  });

  it("answer 404 for unknown, deleted or mistyped sites", async () => {
    const shop = await site("shoppy", "Gone Shop");
    expect((await get(`${shop.path}/qr.svg`)).status).toBe(200);
    // A shop's id under the restaurant prefix is no restaurant.
    expect((await get(`/r/gone-shop-${shop.id}/qr.svg`)).status).toBe(404);
    await deleteProduct(running.services.events, shop.ownerUid, shop.id);
    expect((await get(`${shop.path}/qr.svg`)).status).toBe(404);
    expect((await get(`${shop.path}/qr.png`)).status).toBe(404);
    expect((await get("/r/nothing-AAAAAAAAAAAAAAAAAAAA/qr.png")).status).toBe(404);
    expect((await get("/r/bad%ZZ/qr.png")).status).toBe(404);
    expect((await get("/r/x-short/qr.png")).status).toBe(404);
  });
});

describe("robots.txt", () => {
  it("allows public pages, keeps crawlers out of the portal and names the sitemap", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    const text = robots.bytes.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/user$/m);
    expect(text).not.toMatch(/^Disallow: \/(r|s|d|e)?$/m);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

/** The sitemap's required elements (sitemaps.org schema 0.9), checked on each entry. */
function urlsOf(xml: string): { loc: string; lastmod?: string }[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!);
  return entries.map((entry) => {
    const loc = /^<loc>([^<]+)<\/loc>/.exec(entry)?.[1];
    expect(loc, entry).toMatch(/^https?:\/\/[^\s<>"']+$/);
    expect(loc!.length).toBeLessThanOrEqual(2048);
    const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(entry)?.[1];
    if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    return { loc: loc!, lastmod };
  });
}

describe("sitemap.xml", () => {
  it("lists the landing page, the product pages and a site created a moment ago", async () => {
    const dealer = await site("dealership", "Harbor & Pine Motors");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toMatch(/^application\/xml/);
    const urls = urlsOf(sitemap.bytes.toString());
    const locations = urls.map((url) => url.loc);
    expect(locations).toContain(`${PUBLIC_URL}/`);
    expect(locations).toContain(`${PUBLIC_URL}/product/restaurant`);
    const entry = urls.find((url) => url.loc === `${PUBLIC_URL}/d/harbor-pine-motors-${dealer.id}`);
    expect(entry?.lastmod).toBeDefined();
    expect(Date.now() - Date.parse(entry!.lastmod!)).toBeLessThan(60_000);
    // Only public addresses: nothing of the portal.
    expect(locations.some((loc) => loc.includes("/user"))).toBe(false);
    expect(new Set(locations).size).toBe(locations.length);
  });

  it("streams 100,000 sites as an index of files within the protocol's limit", async () => {
    const { userId } = await registerOwner(running.services);
    const before = urlsOf((await get("/sitemap.xml")).bytes.toString()).length;
    const sitesBefore = urlsOf((await get("/sitemap.xml")).bytes.toString()).filter((url) =>
      /^\/[rsde]\//.test(new URL(url.loc).pathname),
    ).length;
    // Straight into the table: the portal's own limits are per owner.
    await running.services.db.execute(sql`
      insert into products (id, owner_uid, type, name, slug)
      select 'Z' || lpad(n::text, 19, '0'), ${userId}, 'restaurant', 'Bulk ' || n, 'bulk-' || n
      from generate_series(1, 100000) as n`);
    try {
      const index = (await get("/sitemap.xml")).bytes.toString();
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map(
        (match) => new URL(match[1]!).pathname,
      );
      const total = sitesBefore + 100_000;
      expect(files).toHaveLength(Math.ceil(total / SITES_PER_FILE));

      const seen = new Set<string>();
      for (const file of files) {
        const urls = urlsOf((await get(file)).bytes.toString());
        expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
        for (const url of urls) seen.add(url.loc);
      }
      expect(seen.has(`${PUBLIC_URL}/r/bulk-1-Z${"1".padStart(19, "0")}`)).toBe(true);
      expect(seen.has(`${PUBLIC_URL}/r/bulk-100000-Z${"100000".padStart(19, "0")}`)).toBe(true);
      expect(seen.size).toBe(before + 100_000);
      expect((await get(`/sitemaps/${files.length + 1}.xml`)).status).toBe(404);
    } finally {
      await running.services.db.execute(sql`delete from products where id like 'Z%'`);
    }
  }, 120_000);
});

describe("link previews", () => {
  const ogImageOf = async (path: string) =>
    /<meta property="og:image" content="([^"]+)"/.exec((await get(path)).bytes.toString())?.[1];

  async function withItemPhoto(type: "restaurant" | "shoppy", name: string) {
    const created = await site(type, name);
    const product = { id: created.id, ownerUid: created.ownerUid };
    await addItem(running.services.events, product, { name: "Without photo", priceCents: 100 });
    const added = await addItem(running.services.events, product, {
      name: "With photo",
      priceCents: 200,
    });
    if (!added.ok) throw new Error(added.reason);
    const photo = new Uint8Array(await photoJpeg(64, 64));
    await storeImage(
      running.services,
      { id: created.id, type },
      type === "restaurant"
        ? { kind: "item-image", itemId: added.itemId }
        : { kind: "item-images", itemId: added.itemId },
      {
        body: photo,
        size: photo.length,
        mime: "image/jpeg",
        width: 64,
        height: 64,
        hash: "p1",
        fallback: false,
      },
    );
    return created;
  }

  it("use the first item photo of a menu or shop that has no logo or background", async () => {
    for (const [type, name] of [
      ["restaurant", "Photo Menu"],
      ["shoppy", "Photo Shop"],
    ] as const) {
      const created = await withItemPhoto(type, name);
      const image = await ogImageOf(created.path);
      expect(image, type).toMatch(new RegExp(`^${PUBLIC_URL}/files/.*${created.id}/items/`));
      expect((await get(new URL(image!).pathname)).status).toBe(200);
    }
  });

  it("have no picture when the site has none", async () => {
    const bare = await site("restaurant", "Bare Menu");
    expect(await ogImageOf(bare.path)).toBeUndefined();
  });
});
