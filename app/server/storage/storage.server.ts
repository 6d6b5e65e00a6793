/**
 * The storage/ folder owns stored files: the interface (here), the local-disk and S3
 * drivers, and serving /files.
 *
 * Where uploaded files live. Keys follow SPEC section 7, for example
 * `restaurants/{pid}/info/logo` or `shoppies/{pid}/items/{itemId}/0`.
 * Drivers: local disk (the default, under DATA_DIR/files) and S3-compatible
 * object storage. Both pass the contract suite in `contract.ts`.
 */
import { createHash } from "node:crypto";
import { DELETE_BATCH_SIZE, IMAGE_CACHE_SECONDS } from "~/lib/limits";
import { siteOf, type ProductType } from "~/sites";
import { logger } from "../http/log.server";

/**
 * Every stored object is served with this. Safe because keys never change
 * but public URLs carry a content version (see `publicUrl`).
 */
export const STORED_FILE_CACHE_CONTROL = `public, max-age=${IMAGE_CACHE_SECONDS}, immutable`;

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
  /** A quoted entity tag that changes whenever the bytes change. */
  etag: string;
  cacheControl: string;
}

export interface FileStorage {
  /** Stores (or replaces) the bytes under `key` with their content type and STORED_FILE_CACHE_CONTROL. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object under `key`, or null when there is none. */
  read(key: string): Promise<StoredObject | null>;
  /** Removes the object under `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes several keys in one round trip, where the backend can. `deletePrefix` prefers it. */
  deleteMany?(keys: string[]): Promise<void>;
  /** Every key that starts with `prefix/` (or equals `prefix`), sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * The URL browsers load the object from. `version` (a content hash) goes into
   * the query so the URL changes with the bytes while the key stays fixed.
   */
  publicUrl(key: string, version: string): string;
}

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Keys are relative paths of simple segments: no `..`, no empty or absolute parts. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split("/")
    .every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && segment !== "..");
}

/** Drivers call this first, so a bad key never reaches the disk or the network. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
}

/**
 * `type/subtype` with optional parameters and nothing that could break a
 * response header, since drivers hand the stored value back as Content-Type.
 */
export function assertValidContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(contentType)) {
    throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
  }
}

/** A strong ETag from a sha256 of the bytes: equal bytes give equal tags, any change another. */
export function contentEtag(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/** The `?v=` query that ties a public URL to one version of the bytes. */
export function versionQuery(version: string): string {
  return `?v=${encodeURIComponent(version)}`;
}

/** Deletes everything under `prefix`, in batches of 450 as SPEC section 9 says. Returns the count. */
export async function deletePrefix(storage: FileStorage, prefix: string): Promise<number> {
  const keys = await storage.list(prefix);
  for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
    const batch = keys.slice(start, start + DELETE_BATCH_SIZE);
    if (storage.deleteMany) await storage.deleteMany(batch);
    else await Promise.all(batch.map((key) => storage.delete(key)));
  }
  return keys.length;
}

/**
 * Removes a deleted product's files: the prefixes `{collection}/{pid}` and
 * `{collection}/{uid}` (SPEC section 7). Storage errors are logged and
 * otherwise ignored: the product is already gone from the database.
 */
export async function deleteProductFiles(
  storage: FileStorage,
  type: ProductType,
  productId: string,
  ownerUid: string,
): Promise<void> {
  const collection = siteOf(type).storageCollection;
  for (const prefix of [`${collection}/${productId}`, `${collection}/${ownerUid}`]) {
    try {
      await deletePrefix(storage, prefix);
    } catch (error) {
      logger.error({ err: error, prefix }, "Could not delete stored files");
    }
  }
}
