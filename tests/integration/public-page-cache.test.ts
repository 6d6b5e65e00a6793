/**
 * The public page cache through the real HTTP app, on PGlite and on PostgreSQL:
 * repeat views from memory, every owner write visible on the very next view
 * (in this process and in another one on the same database), ETag and 304,
 * one URL never answered with another's page, query strings the page does not
 * read sharing its entry, and memory within its limit.
 */
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Pages render with React's production build, as in production: the development
// build spends most of a render capturing debug stacks, and this file renders
// thousands of pages. (Runs before the imports below load React.)
const nodeEnvBefore = vi.hoisted(() => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  return before;
});
// A worker runs other files after this one (vitest.config.ts, isolate): they get their own.
afterAll(() => {
  if (nodeEnvBefore === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnvBefore;
});
import { formatPrice } from "../../app/lib/price";
import { publicPath, slugify } from "../../app/lib/slug";
import { storeImage } from "../../app/server/images/store-image.server";
import { addItem, listItems, updateItem } from "../../app/server/repositories/items.server";
import {
  createProduct,
  deleteProduct,
  loadProductInfo,
  saveProductInfo,
} from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { photoJpeg } from "../support/image-fixtures";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createSecondServices, createTestServices } from "../support/test-services";
import { logger } from "../../app/server/http/log.server";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

async function restaurant(on: RunningServices, name = "Cached Diner") {
  const { userId, cookie } = await registerOwner(on);
  const created = await createProduct(on.events, userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  const product = { id: created.productId, ownerUid: userId };
  const added = await addItem(on.events, product, { name: "Soup", priceCents: 650 });
  if (!added.ok) throw new Error(added.reason);
  return {
    product,
    cookie,
    itemId: added.itemId,
    path: publicPath("restaurant", slugify(name), created.productId),
  };
}

const SHOP_ITEMS: ReadonlyArray<readonly [string, string[]]> = [
  ["Pizza Stone", ["Alpha"]],
  ["Tea Towel", ["Beta"]],
  ["Brass Pen", []],
];

async function shop(on: RunningServices, name = "Cached Shop", shopItems = SHOP_ITEMS) {
  const { userId } = await registerOwner(on);
  const created = await createProduct(on.events, userId, { type: "shoppy", name });
  if (!created.ok) throw new Error(created.reason);
  const product = { id: created.productId, ownerUid: userId };
  const itemIds: string[] = [];
  for (const [itemName, tags] of shopItems) {
    const added = await addItem(on.events, product, { name: itemName, priceCents: 900, tags });
    if (!added.ok) throw new Error(added.reason);
    itemIds.push(added.itemId);
  }
  return { product, itemIds, path: publicPath("shoppy", slugify(name), created.productId) };
}

async function view(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    etag: response.headers.get("etag"),
    location: response.headers.get("location"),
    headers: response.headers,
    body: await response.text(),
  };
}

/** A form post from the owner's browser to the restaurant editor. */
async function postEditor(
  base: string,
  site: Awaited<ReturnType<typeof restaurant>>,
  form: Record<string, string>,
) {
  const response = await fetch(`${base}/user/restaurant/setup/${site.product.id}`, {
    method: "POST",
    headers: { cookie: site.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

describe("repeat views", () => {
  it("are answered from memory, without React Router, with the same page and ETag", async () => {
    const site = await restaurant(services);
    const first = await view(app.url, site.path);
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    expect(first.body).toContain(formatPrice(650));
    const rendersAfterFirst = app.renders();

    const second = await view(app.url, site.path);
    expect(second).toMatchObject({ status: 200, cache: "hit", etag: first.etag });
    expect(second.body).toBe(first.body);
    expect(app.renders()).toBe(rendersAfterFirst);
    expect(second.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are compressed as the client accepts, each encoding with its own ETag", async () => {
    const site = await restaurant(services);
    const plain = await fetch(`${app.url}${site.path}`, {
      headers: { "accept-encoding": "identity" },
    });
    const plainBody = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-length")).toBe(String(plainBody.length));

    // Node's fetch would decompress for us; a raw request shows the bytes on the wire.
    const http = await import("node:http");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const request = http.get(
          `${app.url}${site.path}`,
          { headers: { "accept-encoding": "gzip" } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        request.on("error", reject);
      },
    );
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["x-page-cache"]).toBe("hit");
    expect(gunzipSync(raw.body).equals(plainBody)).toBe(true);
    expect(raw.headers.etag).toBe(plain.headers.get("etag")!.replace(/"$/, '-gzip"'));
  });

  it("answers HEAD from the same page, and stores it for the next GET", async () => {
    const site = await restaurant(services);
    const head = await fetch(`${app.url}${site.path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("miss");
    expect(await head.text()).toBe("");
    const get = await view(app.url, site.path);
    expect(get).toMatchObject({ cache: "hit", etag: head.headers.get("etag") });
  });
});

describe("owner writes", () => {
  it("a price saved in the editor shows on the very next view", async () => {
    const site = await restaurant(services);
    expect((await view(app.url, site.path)).cache).toBe("miss");
    expect((await view(app.url, site.path)).cache).toBe("hit");

    const status = await postEditor(app.url, site, {
      intent: "update-price",
      itemId: site.itemId,
      price: "7.25",
    });
    expect(status).toBeLessThan(400);
    expect((await listItems(services.db, site.product.id))[0]!.priceCents).toBe(725);

    const next = await view(app.url, site.path);
    expect(next.cache).toBe("miss");
    expect(next.body).toContain(formatPrice(725));
    expect(next.body).not.toContain(formatPrice(650));
  });

  it("every kind of write drops the product's pages: items, info, images, delete", async () => {
    const site = await restaurant(services, "Many Writes");
    const cached = async () => {
      await view(app.url, site.path);
      expect((await view(app.url, site.path)).cache).toBe("hit");
    };

    await cached();
    await updateItem(services.events, site.product, site.itemId, { name: "Stew" });
    expect((await view(app.url, site.path)).body).toContain("Stew");

    await cached();
    await addItem(services.events, site.product, { name: "Bread", priceCents: 200 });
    expect((await view(app.url, site.path)).body).toContain("Bread");

    await cached();
    // A real picture: storing a logo also makes its smaller copy from it.
    const logo = new Uint8Array(await photoJpeg(16, 16));
    await storeImage(
      services,
      { id: site.product.id, type: "restaurant" },
      { kind: "logo" },
      {
        body: logo,
        size: logo.length,
        mime: "image/jpeg",
        width: 1,
        height: 1,
        hash: "logo1",
        fallback: false,
      },
    );
    expect((await view(app.url, site.path)).body).toContain("logo?v=logo1");

    await cached();
    const info = (await loadProductInfo(services.db, site.product.id))!;
    await saveProductInfo(services.events, site.product.ownerUid, site.product.id, {
      name: "Renamed Diner",
      contact: info.contact,
      address: "1 New Street",
      colors: info.colors,
      hours: info.hours,
    });
    const renamed = await view(app.url, site.path);
    expect(renamed).toMatchObject({
      status: 301,
      location: publicPath("restaurant", "renamed-diner", site.product.id),
    });
    const newPath = renamed.location!;
    expect((await view(app.url, newPath)).body).toContain("Renamed Diner");
    expect((await view(app.url, newPath)).cache).toBe("hit");

    await deleteProduct(services.events, site.product.ownerUid, site.product.id);
    expect((await view(app.url, newPath)).status).toBe(404);
  });

  it("a write in another process on the same database reaches this process's cache", async () => {
    const other = await createSecondServices(services);
    const otherApp = await startHttpApp(other);
    try {
      const site = await restaurant(services, "Two Processes");
      // Cached on B... once the notifications of the site's creation through A have reached
      // B: they arrive asynchronously, and a render they overtake is not kept.
      await expect.poll(async () => (await view(otherApp.url, site.path)).cache).toBe("hit");
      // ...changed through A...
      const status = await postEditor(app.url, site, {
        intent: "update-price",
        itemId: site.itemId,
        price: "9.10",
      });
      expect(status).toBeLessThan(400);
      // ...and B's next views show it once the notification arrives.
      await expect
        .poll(async () => (await view(otherApp.url, site.path)).body)
        .toContain(formatPrice(910));
      expect((await view(otherApp.url, site.path)).cache).toBe("hit");
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});

describe("conditional requests", () => {
  it("answers a matching If-None-Match with 304 and no body, on hits and on misses", async () => {
    const site = await restaurant(services);
    const identity = { "accept-encoding": "identity" };
    const first = await view(app.url, site.path, identity);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    const revalidated = await view(app.url, site.path, {
      ...identity,
      "if-none-match": first.etag!,
    });
    expect(revalidated).toMatchObject({ status: 304, cache: "hit", etag: first.etag, body: "" });
    expect(revalidated.headers.get("cache-control")).toContain("s-maxage=60");

    // A weak form of the tag, and a list containing it, match too.
    const weak = await view(app.url, site.path, { "if-none-match": `"other", W/${first.etag}` });
    expect(weak.status).toBe(304);
    // So does the tag of another encoding of the same page (a browser that got it gzipped).
    const gzipTag = first.etag!.replace(/"$/, '-gzip"');
    const gzipped = await view(app.url, site.path, {
      "accept-encoding": "gzip",
      "if-none-match": gzipTag,
    });
    expect(gzipped).toMatchObject({ status: 304, etag: gzipTag });
    expect((await view(app.url, site.path, { "if-none-match": '"other"' })).status).toBe(200);

    // After a change, the old tag no longer matches.
    await updateItem(services.events, site.product, site.itemId, { priceCents: 1100 });
    const changed = await view(app.url, site.path, { ...identity, "if-none-match": first.etag! });
    expect(changed).toMatchObject({ status: 200, cache: "miss" });
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.body).toContain(formatPrice(1100));

    // A render (a miss) answers 304 too when the page came out the same.
    await updateItem(services.events, site.product, site.itemId, { priceCents: 1100 });
    const rendered = await view(app.url, site.path, {
      ...identity,
      "if-none-match": changed.etag!,
    });
    expect(rendered).toMatchObject({ status: 304, cache: "miss", etag: changed.etag });
  });
});

describe("one URL, one page", () => {
  it("never answers one site's URL with another site's page", async () => {
    const first = await restaurant(services, "First Site");
    const second = await restaurant(services, "Second Site");
    const a = await view(app.url, first.path);
    const b = await view(app.url, second.path);
    expect(a.body).toContain("First Site");
    expect(b.body).toContain("Second Site");
    expect(b.body).not.toContain("First Site");
    expect((await view(app.url, second.path)).body).toBe(b.body);

    // The same id under another slug is still a redirect, and another type's prefix a 404.
    for (let i = 0; i < 2; i++) {
      expect(await view(app.url, `/r/second-site-${first.product.id}`)).toMatchObject({
        status: 301,
        location: first.path,
      });
      expect((await view(app.url, `/s/first-site-${first.product.id}`)).status).toBe(404);
      expect((await view(app.url, `/r/first-site-${first.product.id}x`)).status).toBe(404);
    }

    // A query the page does not read keeps each site's own page.
    expect((await view(app.url, `${first.path}?utm_source=qr`)).body).toContain("First Site");
    expect((await view(app.url, `${second.path}?utm_source=qr`)).body).toContain("Second Site");

    // Not-found pages are not stored: a product created later is found at once.
    expect(services.pageCache.pages.keys().every((key) => !key.startsWith("/s/"))).toBe(true);
  });
});

describe("query strings", () => {
  const random = () => Math.random().toString(36).slice(2);

  it("that a menu does not read share the plain page's entry, byte for byte", async () => {
    const site = await restaurant(services, "Query Diner");
    const plain = await view(app.url, site.path);
    expect(plain.cache).toBe("miss");
    const renders = app.renders();

    for (const query of ["?utm_source=x", `?zz=${random()}`, "?", "?q=pizza&tag=a&item=abc"]) {
      const variant = await view(app.url, site.path + query);
      expect(variant, query).toMatchObject({ status: 200, cache: "hit", etag: plain.etag });
      expect(variant.body).toBe(plain.body);
    }
    expect(app.renders()).toBe(renders);
    expect(services.pageCache.pages.keys().filter((key) => key.startsWith(site.path))).toEqual([
      site.path,
    ]);
  });

  it("are dropped before a miss renders, so it stores and sends the plain page", async () => {
    const site = await restaurant(services, "First Seen Tagged");
    const tagged = await view(app.url, `${site.path}?utm_source=newsletter&fbclid=${random()}`);
    expect(tagged).toMatchObject({ status: 200, cache: "miss" });
    expect(tagged.body).not.toContain("utm_source");
    expect(tagged.body).not.toContain("fbclid");
    const plain = await view(app.url, site.path);
    expect(plain).toMatchObject({ cache: "hit", etag: tagged.etag, body: tagged.body });
  });

  it("that a shop reads are entries of their own; the rest share them", async () => {
    const site = await shop(services, "Query Shop");
    const plain = await view(app.url, site.path);
    expect(plain).toMatchObject({ status: 200, cache: "miss" });
    for (const query of ["?utm_source=x", `?zz=${random()}`, "?q=", "?q=+&tag=&item="]) {
      const variant = await view(app.url, site.path + query);
      expect(variant, query).toMatchObject({ cache: "hit", body: plain.body });
    }

    const search = await view(app.url, `${site.path}?q=pizza`);
    expect(search).toMatchObject({ status: 200, cache: "miss" });
    expect(search.body).not.toBe(plain.body);
    expect(search.body).toContain('value="pizza"');
    for (const query of ["?q=pizza&utm_source=x", "?utm_medium=qr&q=+pizza+", "?q=pizza&q=other"]) {
      const variant = await view(app.url, site.path + query);
      expect(variant, query).toMatchObject({ cache: "hit", body: search.body });
    }
    expect((await view(app.url, `${site.path}?q=Pizza`)).cache).toBe("miss");
  });

  it("reads several tags in any order and case as one entry", async () => {
    const site = await shop(services, "Tag Shop");
    const plain = await view(app.url, site.path);
    const both = await view(app.url, `${site.path}?tag=Alpha&tag=Beta`);
    expect(both).toMatchObject({ status: 200, cache: "miss" });
    expect(both.body).not.toBe(plain.body);
    expect(both.body.match(/<input[^>]*name="tag"[^>]*checked/g)).toHaveLength(2);
    for (const query of ["?tag=beta&tag=alpha", "?tag=ALPHA&tag=Beta&tag=beta&utm_source=x"]) {
      const variant = await view(app.url, site.path + query);
      expect(variant, query).toMatchObject({ cache: "hit", body: both.body });
    }
    const one = await view(app.url, `${site.path}?tag=Alpha`);
    expect(one.cache).toBe("miss");
    expect(one.body).not.toBe(both.body);
    // `tags` is not what the page reads (its form sends `tag`): the plain page.
    expect(await view(app.url, `${site.path}?tags=Alpha&tags=Beta`)).toMatchObject({
      cache: "hit",
      body: plain.body,
    });
  });

  it("all drop together when the product changes", async () => {
    const site = await shop(services, "Variant Shop");
    const variants = ["", "?q=pizza", "?tag=Alpha&tag=Beta", `?item=${site.itemIds[0]}`];
    for (const query of variants) await view(app.url, site.path + query);
    for (const query of variants) {
      const tagged = `${site.path}${query || "?"}&utm_source=x`;
      expect((await view(app.url, tagged)).cache, query).toBe("hit");
    }
    const keys = () =>
      services.pageCache.pages.keys().filter((key) => key.includes(site.product.id));
    expect(keys()).toHaveLength(variants.length);

    await updateItem(services.events, site.product, site.itemIds[0]!, { name: "Pizza Peel" });
    expect(keys()).toEqual([]);
    for (const query of variants) {
      const next = await view(app.url, site.path + query);
      expect(next.cache, query).toBe("miss");
      expect(next.body).toContain("Pizza Peel");
    }
  });
});

describe("memory", () => {
  it("stays within PAGE_CACHE_BYTES while 2,500 distinct pages are requested", async () => {
    const limit = 192 * 1024;
    const small = await createTestServices({ pageCacheBytes: limit });
    const smallApp = await startHttpApp(small, { countRenders: false });
    try {
      // Searches are pages of their own (other query strings would share one entry). An
      // empty shop keeps each render cheap and leaves room for several pages. 2,500 pages
      // fill the limit over a hundred times: every one of them after the first few evicts.
      const site = await shop(small, "Memory Bound", []);
      const total = 2_500;
      let next = 0;
      let highest = 0;
      const worker = async () => {
        while (next < total) {
          const i = next++;
          const response = await fetch(`${smallApp.url}${site.path}?q=${i}`, {
            headers: { "accept-encoding": "identity" },
          });
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          highest = Math.max(highest, small.pageCache.stats().bytes);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      const stats = small.pageCache.stats();
      expect(highest).toBeLessThanOrEqual(limit);
      expect(stats.bytes).toBeLessThanOrEqual(limit);
      expect(stats.stores).toBe(total);
      expect(stats.entries).toBeGreaterThan(5);
      expect(stats.entries + stats.evictions).toBe(total);
      expect(highest).toBeGreaterThan(limit * 0.8);
    } finally {
      await smallApp.close();
      await small.close();
    }
  }, 300_000);
});

describe("no database", () => {
  it("serves a cached page after the database is gone", async () => {
    const own = await createTestServices();
    const ownApp = await startHttpApp(own);
    try {
      const site = await restaurant(own, "Offline Diner");
      const first = await view(ownApp.url, site.path);
      const renders = ownApp.renders();
      await own.database.close();
      // React Router logs the failed query below; it is expected.
      const logged = vi.spyOn(logger, "error").mockImplementation(() => {});

      const again = await view(ownApp.url, site.path);
      expect(again).toMatchObject({ status: 200, cache: "hit", body: first.body });
      expect(ownApp.renders()).toBe(renders);
      // So does a query it does not read; a page not yet cached needs the database.
      expect((await view(ownApp.url, `${site.path}?uncached`)).body).toBe(first.body);
      expect((await view(ownApp.url, `${site.path}/`)).status).toBe(500);
      logged.mockRestore();
    } finally {
      await ownApp.close();
      await own.close();
    }
  });
});
