import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ENTRY_OVERHEAD_BYTES, etagFor, makePage, PageCache } from "./page-cache.server";
import {
  cdnMaxAgeFor,
  publicPageAddress,
  publicPageCacheControl,
  publicPageProductId,
} from "./public-page-cache.server";

const HTML: ReadonlyArray<readonly [string, string]> = [
  ["content-type", "text/html; charset=utf-8"],
];
/** What HTML's one header costs in an entry: two bytes per character. */
const HEADER_BYTES = ("content-type".length + "text/html; charset=utf-8".length) * 2;

function page(size: number, fill = "x"): Buffer {
  return Buffer.from(fill.repeat(size));
}

function put(cache: PageCache, key: string, productId: string, body: Buffer = page(100)) {
  return cache.store(cache.begin(key, productId), body, HTML);
}

describe("PageCache", () => {
  it("stays within its byte limit with 10,000 distinct pages, counting every byte it holds", () => {
    const maxBytes = 256 * 1024;
    const cache = new PageCache(maxBytes);
    let largest = 0;
    for (let i = 0; i < 10_000; i++) {
      const body = page(500 + (i % 7) * 300, String.fromCharCode(97 + (i % 26)));
      put(cache, `/r/site-P${i % 50}?x=${i}`, `P${i % 50}`, body);
      largest = Math.max(largest, cache.stats().bytes);
      expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const stats = cache.stats();
    expect(largest).toBeGreaterThan(maxBytes * 0.9);
    expect(stats.stores).toBe(10_000);
    expect(stats.entries).toBeGreaterThan(50);
    expect(stats.entries + stats.evictions).toBe(10_000);
    // The accounting matches what is really held: bodies, keys, headers and the overhead.
    let recount = 0;
    for (const key of cache.keys()) {
      const held = cache.get(key)!;
      recount += ENTRY_OVERHEAD_BYTES + held.body.length + key.length * 2;
      for (const [name, value] of held.headers) recount += (name.length + value.length) * 2;
    }
    expect(recount).toBe(cache.stats().bytes);
    // The survivors are the most recent pages.
    expect(cache.keys().at(-1)).toBe("/r/site-P49?x=9999");
    // The per-product index follows the evictions: it names exactly the products held.
    const held = new Set(cache.keys().map((key) => /-(P\d+)\?/.exec(key)![1]));
    expect(cache.stats().products).toBe(held.size);
    for (let p = 0; p < 50; p++) cache.invalidateProduct(`P${p}`);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, products: 0 });
  });

  it("evicts the least recently used page first; a read makes a page recent", () => {
    const one = ENTRY_OVERHEAD_BYTES + 1000 + "/r/a-A".length * 2 + HEADER_BYTES;
    const cache = new PageCache(one * 3);
    put(cache, "/r/a-A", "A", page(1000));
    put(cache, "/r/b-B", "B", page(1000));
    put(cache, "/r/c-C", "C", page(1000));
    expect(cache.keys()).toEqual(["/r/a-A", "/r/b-B", "/r/c-C"]);
    expect(cache.get("/r/a-A")).toBeDefined();
    put(cache, "/r/d-D", "D", page(1000));
    expect(cache.keys()).toEqual(["/r/c-C", "/r/a-A", "/r/d-D"]);
    expect(cache.get("/r/b-B")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 3, evictions: 1, hits: 1, misses: 1 });
    // The evicted page's product is out of the index too.
    expect(cache.stats().products).toBe(3);
  });

  it("keeps its per-product index in step when a page is replaced or evicted", () => {
    const one = ENTRY_OVERHEAD_BYTES + 1000 + "/r/a-A".length * 2 + HEADER_BYTES;
    const cache = new PageCache(one * 2);
    put(cache, "/r/a-A", "A", page(1000));
    // Stored again under the same key (a render after an invalidation elsewhere, say).
    put(cache, "/r/a-A", "A", page(1000, "y"));
    expect(cache.stats()).toMatchObject({ entries: 1, products: 1, evictions: 0 });
    put(cache, "/r/b-B", "B", page(1000));
    put(cache, "/r/c-C", "C", page(1000));
    expect(cache.keys()).toEqual(["/r/b-B", "/r/c-C"]);
    expect(cache.stats()).toMatchObject({ entries: 2, products: 2, evictions: 1 });
    // A page of A stored after A's eviction is dropped with A, and B's page stays.
    put(cache, "/r/a-A", "A", page(1000));
    cache.invalidateProduct("A");
    expect(cache.keys()).toEqual(["/r/c-C"]);
    expect(cache.stats().products).toBe(1);
  });

  it("never stores a page larger than the whole limit, and stores nothing when the limit is 0", () => {
    const small = new PageCache(4096);
    expect(put(small, "/r/big-B", "B", page(5000))).toBeNull();
    expect(put(small, "/r/ok-O", "O", page(1000))).not.toBeNull();
    expect(small.keys()).toEqual(["/r/ok-O"]);

    const off = new PageCache(0);
    expect(off.enabled).toBe(false);
    expect(put(off, "/r/a-A", "A")).toBeNull();
    expect(off.stats()).toMatchObject({ entries: 0, bytes: 0, available: false });
  });

  it("drops every page of one product, and only that product's", () => {
    const cache = new PageCache(1024 * 1024);
    put(cache, "/r/old-name-A", "A");
    put(cache, "/r/new-name-A", "A");
    put(cache, "/r/new-name-A?utm_source=qr", "A");
    put(cache, "/s/shop-B", "B");
    cache.invalidateProduct("A");
    expect(cache.keys()).toEqual(["/s/shop-B"]);
    expect(cache.stats().bytes).toBe(
      ENTRY_OVERHEAD_BYTES + 100 + "/s/shop-B".length * 2 + HEADER_BYTES,
    );
    cache.invalidateProduct("A");
    cache.invalidateProduct("nobody");
    expect(cache.keys()).toEqual(["/s/shop-B"]);
  });

  it("refuses a render that began before its product changed, and keeps one that began after", () => {
    const cache = new PageCache(1024 * 1024);
    const before = cache.begin("/r/a-A", "A");
    const otherProduct = cache.begin("/r/b-B", "B");
    cache.invalidateProduct("A");
    const after = cache.begin("/r/a-A?x=1", "A");
    expect(cache.store(before, page(10, "o"), HTML)).toBeNull();
    expect(cache.store(otherProduct, page(10), HTML)).not.toBeNull();
    expect(cache.store(after, page(10, "n"), HTML)).not.toBeNull();
    expect(cache.keys()).toEqual(["/r/b-B", "/r/a-A?x=1"]);

    // Clearing (a lost listening connection) spoils every render in progress.
    const during = cache.begin("/r/c-C", "C");
    cache.clear();
    expect(cache.store(during, page(10), HTML)).toBeNull();
    expect(cache.stats().entries).toBe(0);
  });

  it("neither serves nor stores while unavailable, and starts empty when available again", () => {
    const cache = new PageCache(1024 * 1024);
    put(cache, "/r/a-A", "A");
    const inFlight = cache.begin("/r/b-B", "B");
    cache.setAvailable(false);
    expect(cache.get("/r/a-A")).toBeUndefined();
    expect(cache.store(inFlight, page(10), HTML)).toBeNull();
    expect(put(cache, "/r/c-C", "C")).toBeNull();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, available: false });
    cache.setAvailable(true);
    expect(cache.get("/r/a-A")).toBeUndefined();
    expect(put(cache, "/r/a-A", "A")).not.toBeNull();
    expect(cache.get("/r/a-A")).toBeDefined();
  });

  it("keeps compressed copies made on demand, and counts them against the limit", () => {
    const cache = new PageCache(1024 * 1024);
    const html = Buffer.from(`<!DOCTYPE html><p>${"Soup of the day. ".repeat(200)}</p>`);
    const stored = put(cache, "/r/a-A", "A", html)!;
    const before = cache.stats().bytes;
    const gzipped = cache.encoded(stored, "gzip");
    expect(gunzipSync(gzipped).equals(html)).toBe(true);
    expect(cache.encoded(stored, "gzip")).toBe(gzipped);
    expect(cache.stats().bytes).toBe(before + gzipped.length);
    const brotli = cache.encoded(stored, "br");
    expect(cache.stats().bytes).toBe(before + gzipped.length + brotli.length);
    cache.invalidateProduct("A");
    expect(cache.stats().bytes).toBe(0);
  });

  it("squeezes a stored page's copy harder than that of a page sent once", () => {
    // Text like a menu's: repeated markup around varied words and prices.
    const html = Array.from(
      { length: 600 },
      (_, i) => `<li class="item"><h3>Dish ${(i * 7919) % 1000}</h3><p>$${i % 97}.50</p></li>`,
    ).join("");
    const body = Buffer.from(html);
    const cache = new PageCache(10_000_000);
    const stored = cache.store(cache.begin("/r/a", "a"), body, HTML)!;
    const sentOnce = makePage("/r/b", "b", body, HTML);
    for (const encoding of ["br", "gzip"] as const) {
      const kept = cache.encoded(stored, encoding);
      const fast = cache.encoded(sentOnce, encoding);
      expect(kept.length, encoding).toBeLessThan(fast.length);
      const decode = encoding === "br" ? brotliDecompressSync : gunzipSync;
      expect(decode(kept).equals(body), encoding).toBe(true);
      expect(decode(fast).equals(body), encoding).toBe(true);
    }
  });

  it("squeezes a stored page's brotli copy again in the background, one page at a time", async () => {
    const menu = (seed: number) =>
      Buffer.from(
        Array.from(
          { length: 800 },
          (_, i) =>
            `<li class="item"><h3>Dish ${(i * seed) % 1009}</h3><p>$${(i * 31) % 97}.50</p></li>`,
        ).join(""),
      );
    const cache = new PageCache(10_000_000);
    const a = cache.store(cache.begin("/r/a", "a"), menu(7919), HTML)!;
    const b = cache.store(cache.begin("/r/b", "b"), menu(104_729), HTML)!;
    const firstA = cache.encoded(a, "br");
    const firstB = cache.encoded(b, "br");
    const bytesBefore = cache.stats().bytes;
    await cache.refinedCopies();

    const refinedA = cache.encoded(a, "br");
    expect(refinedA.length).toBeLessThan(firstA.length);
    expect(brotliDecompressSync(refinedA).equals(a.body)).toBe(true);
    expect(cache.stats().bytes).toBe(bytesBefore - firstA.length + refinedA.length);
    // B's copy was passed over while A's was being made; its next view starts it.
    expect(cache.encoded(b, "br")).toBe(firstB);
    await cache.refinedCopies();
    expect(cache.encoded(b, "br").length).toBeLessThan(firstB.length);

    // A page dropped while its copy is being made does not come back with it.
    const c = cache.store(cache.begin("/r/c", "c"), menu(31), HTML)!;
    cache.encoded(c, "br");
    cache.invalidateProduct("c");
    await cache.refinedCopies();
    expect(cache.get("/r/c")).toBeUndefined();
    expect(cache.keys()).toEqual(["/r/a", "/r/b"]);

    // A page sent once and not stored is neither kept nor refined.
    const once = makePage("/r/d", "d", menu(13), HTML);
    const onceCopy = cache.encoded(once, "br");
    await cache.refinedCopies();
    expect(cache.encoded(once, "br")).toBe(onceCopy);
    expect(once.brotliRefined).toBe(false);
  });

  it("evicts older pages when a compressed copy no longer fits, and keeps the page itself", () => {
    const html = Buffer.from(`<!DOCTYPE html><p>${"Soup of the day. ".repeat(200)}</p>`);
    const gzipBytes = gzipSync(html, { level: 9 }).length;
    const one = ENTRY_OVERHEAD_BYTES + html.length + "/r/a-A".length * 2 + HEADER_BYTES;
    const cache = new PageCache(one * 2 + gzipBytes - 1);
    put(cache, "/r/a-A", "A", html);
    const b = put(cache, "/r/b-B", "B", html)!;
    cache.encoded(b, "gzip");
    expect(cache.keys()).toEqual(["/r/b-B"]);
    expect(cache.stats()).toMatchObject({ entries: 1, products: 1, evictions: 1 });
    expect(cache.stats().bytes).toBe(one + gzipBytes);
  });

  it("serves a page until its freshUntil, then drops it and misses", () => {
    let now = 1_000_000;
    const cache = new PageCache(64 * 1024, { now: () => now });
    const stored = cache.store(cache.begin("/r/a-P1", "P1"), page(100), HTML, now + 60_000);
    expect(stored?.freshUntil).toBe(now + 60_000);
    now += 59_999;
    expect(cache.get("/r/a-P1")).toBe(stored);
    now += 1;
    expect(cache.get("/r/a-P1")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, expirations: 1, hits: 1, misses: 1 });
    expect(cache.keys()).toEqual([]);
  });

  it("does not store a page that is already out of date, and keeps one without a limit", () => {
    const now = 5_000;
    const cache = new PageCache(64 * 1024, { now: () => now });
    expect(cache.store(cache.begin("/r/a-P1", "P1"), page(100), HTML, now)).toBeNull();
    expect(cache.store(cache.begin("/r/b-P2", "P2"), page(100), HTML, null)).not.toBeNull();
    expect(cache.keys()).toEqual(["/r/b-P2"]);
  });

  it("gives each encoding of a page its own strong ETag", () => {
    expect(etagFor("abc", "identity")).toBe('"abc"');
    expect(etagFor("abc", "gzip")).toBe('"abc-gzip"');
    expect(etagFor("abc", "br")).toBe('"abc-br"');
  });
});

describe("publicPageProductId", () => {
  it("reads the product id as the public routes do", () => {
    expect(publicPageProductId("/r/joes-diner-AbC123")).toBe("AbC123");
    expect(publicPageProductId("/s/AbC123")).toBe("AbC123");
    expect(publicPageProductId("/d/a-b-c-XyZ")).toBe("XyZ");
    expect(publicPageProductId("/e/store-XyZ/")).toBe("XyZ");
    expect(publicPageProductId("/r/caf%C3%A9-AbC123")).toBe("AbC123");
    expect(publicPageProductId("/r/cafe%2DAbC123")).toBe("AbC123");
  });

  it("leaves anything else to React Router, uncached", () => {
    expect(publicPageProductId("/r/joes-diner-AbC123.data")).toBeNull();
    expect(publicPageProductId("/r/joes-diner-AbC123/more")).toBeNull();
    expect(publicPageProductId("/r/")).toBeNull();
    expect(publicPageProductId("/r/bad-%E0%A4%A")).toBeNull();
    expect(publicPageProductId("/r/a-Ab%2FC")).toBeNull();
    expect(publicPageProductId("/x/joes-diner-AbC123")).toBeNull();
    expect(publicPageProductId("/user/restaurant/setup/AbC123")).toBeNull();
    expect(publicPageProductId("/r/ends-with-hyphen-")).toBeNull();
  });
});

describe("publicPageAddress", () => {
  const address = (path: string) => publicPageAddress(new URL(`http://127.0.0.1:3000${path}`));
  const key = (path: string) => address(path)?.key;

  it("keys profiles by their path alone: they read no query", () => {
    for (const prefix of ["/d", "/e"]) {
      const path = `${prefix}/joes-AbC123`;
      for (const query of ["", "?", "?utm_source=qr", "?q=pizza&tag=a&item=abc", "?zz=1#top"]) {
        expect(key(path + query)).toBe(path);
      }
    }
  });

  it("keys a menu by its path and its dietary filter: known keys only, each once, sorted", () => {
    const path = "/r/joes-AbC123";
    for (const query of ["", "?", "?utm_source=qr", "?q=pizza&tag=a&item=abc", "?zz=1#top"]) {
      expect(key(path + query)).toBe(path);
    }
    expect(key(`${path}?diet=&avoid=`)).toBe(path);
    expect(key(`${path}?diet=carnivore&avoid=peanut&avoid=MILK`)).toBe(path);
    expect(key(`${path}?diet=vegetarian`)).toBe(`${path}?diet=vegetarian`);
    expect(
      key(`${path}?utm_source=qr&avoid=tree-nuts&diet=vegan&avoid=milk&diet=vegetarian&avoid=milk`),
    ).toBe(`${path}?diet=vegan&diet=vegetarian&avoid=milk&avoid=tree-nuts`);
    expect(key(`${path}?avoid=milk&avoid=eggs`)).toBe(key(`${path}?avoid=eggs&avoid=milk`));
    expect(key(`${path}?avoid=spicy`)).toBe(`${path}?avoid=spicy`);
    expect(address(`${path}?avoid=sesame&x=1`)!.url.href).toBe(
      `http://127.0.0.1:3000${path}?avoid=sesame`,
    );
  });

  it("keys a shop by its path and the filters and open item it shows, in one order", () => {
    const path = "/s/shop-AbC123";
    expect(key(path)).toBe(path);
    expect(key(`${path}?utm_source=qr&fbclid=x&zz=8f3a`)).toBe(path);
    expect(key(`${path}?q=&tag=&item=`)).toBe(path);
    expect(key(`${path}?q=pizza`)).toBe(`${path}?q=pizza`);
    expect(key(`${path}?utm_campaign=x&item=i1&q=+red%20mug+&tag=Home&tag=bags&tag=HOME`)).toBe(
      `${path}?tag=bags&tag=home&q=red+mug&item=i1`,
    );
    expect(key(`${path}?tag=b&tag=a`)).toBe(key(`${path}?tag=a&tag=b`));
    expect(key(`${path}?q=pizza`)).not.toBe(key(`${path}?q=Pizza`));
  });

  it("renders from the address it keys by, on the request's origin", () => {
    const found = address("/s/shop-AbC123/?utm_source=qr&tag=Gifts&q=mug#x")!;
    expect(found).toMatchObject({ productId: "AbC123", key: "/s/shop-AbC123/?tag=gifts&q=mug" });
    expect(found.url.href).toBe("http://127.0.0.1:3000/s/shop-AbC123/?tag=gifts&q=mug");
    expect(address("/r/joes-AbC123?utm_source=qr")!.url.href).toBe(
      "http://127.0.0.1:3000/r/joes-AbC123",
    );
  });

  it("leaves anything else alone, as publicPageProductId does", () => {
    expect(address("/r/joes-AbC123.data?q=x")).toBeNull();
    expect(address("/R/joes-AbC123")).toBeNull();
    expect(address("/user/restaurant/setup/AbC123?q=x")).toBeNull();
    expect(address("/s/bad-%E0%A4%A")).toBeNull();
  });
});

describe("cdnMaxAgeFor", () => {
  it("lets a CDN keep a page no longer than it stays right", () => {
    const now = 1_000_000;
    expect(cdnMaxAgeFor({ freshUntil: null }, 60, now)).toBe(60);
    expect(cdnMaxAgeFor({ freshUntil: now + 3_600_000 }, 60, now)).toBe(60);
    expect(cdnMaxAgeFor({ freshUntil: now + 25_500 }, 60, now)).toBe(25);
    expect(cdnMaxAgeFor({ freshUntil: now - 1 }, 60, now)).toBe(0);
  });
});

describe("publicPageCacheControl", () => {
  it("lets a CDN keep a page briefly, and browsers always revalidate", () => {
    expect(publicPageCacheControl(60)).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
    expect(publicPageCacheControl(0)).toBe("public, no-cache");
  });
});
