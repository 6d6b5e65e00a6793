/**
 * Rendered public pages kept in memory: a least-recently-used map from a
 * page's key (its path and the query it reads, made canonical by
 * `publicPageAddress`) to the page's HTML, bounded by bytes. Every entry
 * carries the id of the product it shows, so a write to that product drops
 * all of its pages at once.
 *
 * A render can race a write: it may read the product before the write commits
 * and finish after the write's invalidation. So a render takes a ticket before
 * it reads anything; an invalidation marks the tickets of that product stale,
 * and a stale ticket's page is never stored.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from "node:zlib";

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
  /** False while the cache cannot trust that it hears every write (not listening). */
  available: boolean;
}

/**
 * What an entry costs beyond its bodies: the Map slots, the entry object,
 * header strings. Counted so that many tiny pages still respect the limit.
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
): CachedPage {
  return { key, productId, body, headers, hash: pageHash(body), encoded: new Map() };
}

function encode(body: Buffer, encoding: ContentEncoding): Buffer {
  // Made once per page and encoding, on the response of the first client that asks.
  // On a 13 KB menu, brotli quality 5 takes 0.3 ms and comes within 1% of quality 9,
  // which takes 7 ms; gzip's best level costs no more than its default.
  switch (encoding) {
    case "br":
      return brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    case "gzip":
      return gzipSync(body, { level: 9 });
    case "deflate":
      return deflateSync(body, { level: 9 });
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
  /** Insertion order is recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, { page: CachedPage; bytes: number }>();
  private readonly keysByProduct = new Map<string, Set<string>>();
  private readonly ticketsByProduct = new Map<string, Set<RenderTicket>>();
  private totalBytes = 0;
  private isAvailable: boolean;
  private counters = { hits: 0, misses: 0, stores: 0, evictions: 0, invalidations: 0 };

  constructor(maxBytes: number, { available = true }: { available?: boolean } = {}) {
    this.maxBytes = Math.max(0, Math.floor(maxBytes));
    this.isAvailable = available;
  }

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The page stored under exactly this key, now the most recently used; counts a hit or a miss. */
  get(key: string): CachedPage | undefined {
    const entry = this.isAvailable ? this.entries.get(key) : undefined;
    if (!entry) {
      this.counters.misses += 1;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counters.hits += 1;
    return entry.page;
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
  ): CachedPage | null {
    this.release(ticket);
    if (ticket.stale || !this.isAvailable || !this.enabled) return null;
    const page = makePage(ticket.key, ticket.productId, body, headers);
    const bytes = sizeOf(page);
    if (bytes > this.maxBytes) return null;
    this.delete(ticket.key);
    this.entries.set(ticket.key, { page, bytes });
    this.totalBytes += bytes;
    let keys = this.keysByProduct.get(page.productId);
    if (!keys) this.keysByProduct.set(page.productId, (keys = new Set()));
    keys.add(page.key);
    this.counters.stores += 1;
    this.evictOverLimit();
    return page;
  }

  /**
   * The page in the given encoding, compressing it on first use. A stored
   * page keeps the copy (and its bytes count against the limit).
   */
  encoded(page: CachedPage, encoding: ContentEncoding): Buffer {
    const existing = page.encoded.get(encoding);
    if (existing) return existing;
    const copy = encode(page.body, encoding);
    page.encoded.set(encoding, copy);
    const entry = this.entries.get(page.key);
    if (entry?.page === page) {
      entry.bytes += copy.length;
      this.totalBytes += copy.length;
      this.evictOverLimit();
    }
    return copy;
  }

  /** Drops every page of the product and spoils renders of it in progress. */
  invalidateProduct(productId: string): void {
    this.counters.invalidations += 1;
    for (const ticket of this.ticketsByProduct.get(productId) ?? []) ticket.stale = true;
    for (const key of [...(this.keysByProduct.get(productId) ?? [])]) this.delete(key);
  }

  /** Drops everything and spoils every render in progress. */
  clear(): void {
    this.counters.invalidations += 1;
    for (const tickets of this.ticketsByProduct.values()) {
      for (const ticket of tickets) ticket.stale = true;
    }
    this.entries.clear();
    this.keysByProduct.clear();
    this.totalBytes = 0;
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
      entries: this.entries.size,
      bytes: this.totalBytes,
      maxBytes: this.maxBytes,
      ...this.counters,
      available: this.isAvailable && this.enabled,
    };
  }

  /** Keys from least to most recently used (for tests). */
  keys(): string[] {
    return [...this.entries.keys()];
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    const keys = this.keysByProduct.get(entry.page.productId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByProduct.delete(entry.page.productId);
  }

  private evictOverLimit(): void {
    for (const key of this.entries.keys()) {
      if (this.totalBytes <= this.maxBytes) return;
      this.delete(key);
      this.counters.evictions += 1;
    }
  }
}
