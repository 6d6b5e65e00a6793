/**
 * Rendered public pages kept in memory: a least-recently-used map from a
 * page's key (its path and the query it reads, made canonical by
 * `publicPageAddress`) to the page's HTML, bounded by bytes. The LRU itself
 * is `lru-cache`'s; what is ours is the index of keys by product (every entry
 * carries the id of the product it shows, so a write to that product drops
 * all of its pages at once) and the render tickets below.
 *
 * A render can race a write: it may read the product before the write commits
 * and finish after the write's invalidation. So a render takes a ticket before
 * it reads anything; an invalidation marks the tickets of that product stale,
 * and a stale ticket's page is never stored.
 *
 * A page may also say until when it is right (`freshUntil`: a public page's
 * "Open now" turns into "Closing soon" at a known minute). Past that moment it
 * is a miss, and the next view renders it again.
 */
import { createHash } from "node:crypto";
import {
  brotliCompress,
  brotliCompressSync,
  constants as zlibConstants,
  deflateSync,
  gzipSync,
} from "node:zlib";
import { LRUCache } from "lru-cache";

export type ContentEncoding = "br" | "gzip" | "deflate";

export interface CachedPage {
  readonly key: string;
  readonly productId: string;
  /** The page as rendered. */
  readonly body: Buffer;
  /** Response headers to send again (Content-Type and the like). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Strong validator of the body; each encoding gets its own (see `etagFor`). */
  readonly hash: string;
  /** Compressed copies, made when a client first asks for that encoding. */
  readonly encoded: Map<ContentEncoding, Buffer>;
  /** Whether the brotli copy has been (or is being) made again as small as it goes. */
  brotliRefined: boolean;
  /** The moment (ms since the epoch) the page stops being right, or null if it stays so. */
  readonly freshUntil: number | null;
}

export interface RenderTicket {
  readonly key: string;
  readonly productId: string;
  /** Set when the product changed (or the cache was cleared) after the render began. */
  stale: boolean;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  stores: number;
  evictions: number;
  invalidations: number;
  /** Pages dropped because the moment they were right until had passed. */
  expirations: number;
  /** Products with at least one page held (the size of the per-product index). */
  products: number;
  /** False while the cache cannot trust that it hears every write (not listening). */
  available: boolean;
}

/**
 * What an entry costs beyond its bodies: the LRU's and the index's slots, the
 * entry object. Counted so that many tiny pages still respect the limit.
 */
export const ENTRY_OVERHEAD_BYTES = 512;

export function pageHash(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

/**
 * A strong ETag per representation: the same page gzipped is another
 * sequence of bytes, so it gets another tag (as Apache does).
 */
export function etagFor(hash: string, encoding: ContentEncoding | "identity"): string {
  return encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`;
}

export function makePage(
  key: string,
  productId: string,
  body: Buffer,
  headers: ReadonlyArray<readonly [string, string]>,
  freshUntil: number | null = null,
): CachedPage {
  return {
    key,
    productId,
    body,
    headers,
    hash: pageHash(body),
    encoded: new Map(),
    brotliRefined: false,
    freshUntil,
  };
}

/**
 * How hard to compress: a page sent once and dropped (the cache off or full) is compressed
 * fast; a stored page's first copy is made on the response of the first client that asks,
 * so it is quick but worth squeezing; a stored page's copy is then made again, as small as
 * brotli makes it, away from the event loop (`PageCache.refineBrotli`).
 */
export type Effort = "sent-once" | "stored" | "refined";

/**
 * brotli's quality by effort. On a 13 KB menu, quality 5 takes 0.3 ms and comes within 1% of
 * quality 9, which takes 7 ms. On the bench's 83 KB menu, quality 5 takes 0.52 ms for 7.6 KB;
 * quality 1 takes 0.07 ms for 9.4 KB, and quality 2 0.17 ms for 8.9 KB. Under load, going
 * from 2 to 1 saved 0.15–0.2 ms of CPU per uncached view (6%) for 5% more bytes, a few
 * milliseconds on a slow phone line: quality 1 for a page that is sent once. Quality 11 is
 * what brotli was made for (static files): on the bench's 111 KB shop it gives 13.1 KB where
 * quality 5 gives 14.7 KB, and 9 still 14.4 KB, for 225 ms of CPU instead of 4.6; the 1.6 KB
 * decide whether the page reaches a phone in TCP's first window (about 14 KB).
 */
const BROTLI_QUALITY: Record<Effort, number> = { "sent-once": 1, stored: 5, refined: 11 };

function brotliOptions(body: Buffer, effort: Effort) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

export function encodePage(body: Buffer, encoding: ContentEncoding, effort: Effort): Buffer {
  const level = effort === "sent-once" ? 1 : 9;
  switch (encoding) {
    case "br":
      return brotliCompressSync(body, brotliOptions(body, effort));
    case "gzip":
      return gzipSync(body, { level });
    case "deflate":
      return deflateSync(body, { level });
  }
}

function sizeOf(page: CachedPage): number {
  let bytes = ENTRY_OVERHEAD_BYTES + page.body.length + page.key.length * 2;
  for (const [name, value] of page.headers) bytes += (name.length + value.length) * 2;
  for (const copy of page.encoded.values()) bytes += copy.length;
  return bytes;
}

export class PageCache {
  readonly maxBytes: number;
  /** Null when the limit is 0: the cache is off. */
  private readonly lru: LRUCache<string, CachedPage> | null;
  /**
   * The keys held for each product. Kept in step with the LRU by its `dispose`,
   * which it calls for every entry that leaves: evicted, deleted, replaced or cleared.
   */
  private readonly keysByProduct = new Map<string, Set<string>>();
  private readonly ticketsByProduct = new Map<string, Set<RenderTicket>>();
  private isAvailable: boolean;
  /** The one copy being refined, if any (see `refineBrotli`). */
  private refining: Promise<void> | null = null;
  /** The clock `freshUntil` is read against (ms since the epoch). */
  private readonly now: () => number;
  private counters = {
    hits: 0,
    misses: 0,
    stores: 0,
    evictions: 0,
    invalidations: 0,
    expirations: 0,
  };

  constructor(
    maxBytes: number,
    { available = true, now = Date.now }: { available?: boolean; now?: () => number } = {},
  ) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
    this.isAvailable = available;
    this.now = now;
    this.lru =
      this.maxBytes > 0
        ? new LRUCache<string, CachedPage>({
            maxSize: this.maxBytes,
            // Computed again on every `set`, so a page re-set with a new compressed copy
            // is counted with it.
            sizeCalculation: sizeOf,
            dispose: (page, key, reason) => {
              this.unindex(page.productId, key);
              if (reason === "evict") this.counters.evictions += 1;
            },
          })
        : null;
  }

  get enabled(): boolean {
    return this.lru !== null;
  }

  /**
   * The page stored under exactly this key, now the most recently used; counts a hit or a
   * miss. A page past its `freshUntil` is dropped and missed.
   */
  get(key: string): CachedPage | undefined {
    const page = this.hit(key);
    if (!page) this.countMiss();
    return page;
  }

  /** A miss of `hit`, counted once its caller renders the page itself. */
  countMiss(): void {
    this.counters.misses += 1;
  }

  /**
   * The same, counting only a hit: for a first look whose miss may be looked up again, and
   * counted, further on (the server's front door, before Express).
   */
  hit(key: string): CachedPage | undefined {
    const page = this.isAvailable ? this.lru?.get(key) : undefined;
    if (!page) return undefined;
    if (page.freshUntil !== null && this.now() >= page.freshUntil) {
      this.lru?.delete(key);
      this.counters.expirations += 1;
      return undefined;
    }
    this.counters.hits += 1;
    return page;
  }

  /** Call before a render reads anything; pass the ticket to `store` and then to `release`. */
  begin(key: string, productId: string): RenderTicket {
    const ticket: RenderTicket = { key, productId, stale: !this.isAvailable || !this.enabled };
    let tickets = this.ticketsByProduct.get(productId);
    if (!tickets) this.ticketsByProduct.set(productId, (tickets = new Set()));
    tickets.add(ticket);
    return ticket;
  }

  release(ticket: RenderTicket): void {
    const tickets = this.ticketsByProduct.get(ticket.productId);
    if (!tickets?.delete(ticket)) return;
    if (tickets.size === 0) this.ticketsByProduct.delete(ticket.productId);
  }

  /**
   * Stores the rendered page unless the product changed since the ticket was
   * taken or the page alone exceeds the limit. Returns the stored page, or null.
   */
  store(
    ticket: RenderTicket,
    body: Buffer,
    headers: ReadonlyArray<readonly [string, string]>,
    freshUntil: number | null = null,
  ): CachedPage | null {
    this.release(ticket);
    if (ticket.stale || !this.isAvailable || !this.lru) return null;
    if (freshUntil !== null && this.now() >= freshUntil) return null;
    const page = makePage(ticket.key, ticket.productId, body, headers, freshUntil);
    if (sizeOf(page) > this.maxBytes) return null;
    this.put(page);
    this.counters.stores += 1;
    return page;
  }

  /**
   * The page in the given encoding, compressing it on first use. A stored
   * page keeps the copy (and its bytes count against the limit); a page that is not
   * stored is compressed with less effort, as it is sent once.
   */
  encoded(page: CachedPage, encoding: ContentEncoding): Buffer {
    const existing = page.encoded.get(encoding);
    if (existing) {
      // A hit's path: the cheap checks first, the LRU's lookup only while a refinement is due.
      if (encoding === "br" && !page.brotliRefined && !this.refining && this.holds(page)) {
        this.refineBrotli(page);
      }
      return existing;
    }
    const stored = this.holds(page);
    const copy = encodePage(page.body, encoding, stored ? "stored" : "sent-once");
    page.encoded.set(encoding, copy);
    if (stored) {
      this.recount(page);
      if (encoding === "br" && !this.refining) this.refineBrotli(page);
    }
    return copy;
  }

  /** Whether this very page is the one held under its key. */
  private holds(page: CachedPage): boolean {
    return this.lru?.peek(page.key) === page;
  }

  /**
   * Makes a stored page's brotli copy again at brotli's highest quality, on libuv's thread
   * pool, and keeps it in place of the first if the page is still held. One copy at a time,
   * so a burst of new pages cannot take more than one core from the requests: a page passed
   * over now is refined on a later view. Every encoding of a page shares its validator
   * (`matchesIfNoneMatch`), and the new copy decodes to the same page.
   */
  private refineBrotli(page: CachedPage): void {
    page.brotliRefined = true;
    this.refining = new Promise<void>((resolve) => {
      brotliCompress(page.body, brotliOptions(page.body, "refined"), (error, copy) => {
        this.refining = null;
        const first = page.encoded.get("br")!;
        if (!error && copy.length < first.length && this.holds(page)) {
          page.encoded.set("br", copy);
          this.recount(page);
        }
        resolve();
      });
    });
  }

  /** Resolves once the copy being refined, if any, is in place (for tests and the bench). */
  async refinedCopies(): Promise<void> {
    while (this.refining) await this.refining;
  }

  /**
   * lru-cache sizes an entry when it is set, and setting the same value again keeps the old
   * size: take the page out and put it back to count its copies. That makes it the most
   * recently used, which it is anyway: it was just read or stored.
   */
  private recount(page: CachedPage): void {
    this.lru!.delete(page.key);
    this.put(page);
  }

  /** Drops every page of the product and spoils renders of it in progress. */
  invalidateProduct(productId: string): void {
    this.counters.invalidations += 1;
    for (const ticket of this.ticketsByProduct.get(productId) ?? []) ticket.stale = true;
    // `dispose` takes each key out of the set: iterate over a copy.
    for (const key of [...(this.keysByProduct.get(productId) ?? [])]) this.lru?.delete(key);
  }

  /** Drops everything and spoils every render in progress. */
  clear(): void {
    this.counters.invalidations += 1;
    for (const tickets of this.ticketsByProduct.values()) {
      for (const ticket of tickets) ticket.stale = true;
    }
    this.lru?.clear();
  }

  /**
   * While unavailable (the process may be missing other processes' writes),
   * nothing is served or stored. Either change empties the cache.
   */
  setAvailable(available: boolean): void {
    this.clear();
    this.isAvailable = available;
  }

  stats(): PageCacheStats {
    return {
      entries: this.lru?.size ?? 0,
      bytes: this.lru?.calculatedSize ?? 0,
      maxBytes: this.maxBytes,
      ...this.counters,
      products: this.keysByProduct.size,
      available: this.isAvailable && this.enabled,
    };
  }

  /** Keys from least to most recently used (for tests). */
  keys(): string[] {
    return this.lru ? [...this.lru.rkeys()] : [];
  }

  /**
   * Sets the page and indexes its key once it is held. The order matters: a
   * page it replaces is disposed of (and unindexed) during `set`, and `set`
   * may evict other pages, or refuse this one, as it makes room.
   */
  private put(page: CachedPage): void {
    this.lru!.set(page.key, page);
    if (this.lru!.peek(page.key) !== page) return;
    let keys = this.keysByProduct.get(page.productId);
    if (!keys) this.keysByProduct.set(page.productId, (keys = new Set()));
    keys.add(page.key);
  }

  private unindex(productId: string, key: string): void {
    const keys = this.keysByProduct.get(productId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByProduct.delete(productId);
  }
}
