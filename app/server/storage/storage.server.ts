/**
 * Where uploaded files live. Keys follow SPEC section 7, for example
 * `restaurants/{pid}/info/logo` or `shoppies/{pid}/items/{itemId}/0`.
 * Drivers: local disk (the default, under DATA_DIR/files).
 */
import { DELETE_BATCH_SIZE } from "~/lib/limits";
import { STORAGE_COLLECTION, type ProductType } from "~/lib/product-types";

export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix/` (or equals `prefix`). */
  list(prefix: string): Promise<string[]>;
}

/** Keys are relative paths of simple segments: no `..`, no empty or absolute parts. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key
    .split("/")
    .every((segment) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(segment) && segment !== "..");
}

/** Deletes everything under `prefix`, in batches of 450 as SPEC section 9 says. Returns the count. */
export async function deletePrefix(storage: FileStorage, prefix: string): Promise<number> {
  const keys = await storage.list(prefix);
  for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
    await Promise.all(
      keys.slice(start, start + DELETE_BATCH_SIZE).map((key) => storage.delete(key)),
    );
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
  const collection = STORAGE_COLLECTION[type];
  for (const prefix of [`${collection}/${productId}`, `${collection}/${ownerUid}`]) {
    try {
      await deletePrefix(storage, prefix);
    } catch (error) {
      console.error(`Could not delete stored files under ${prefix}:`, error);
    }
  }
}
