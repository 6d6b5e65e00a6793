/**
 * "A product's public pages changed": what the rendered-page cache of every
 * server process needs to hear after a write. A write names the product with
 * `notifyProductChanged` inside its transaction, which sends a PostgreSQL
 * NOTIFY (delivered only on commit, to every process sharing the database).
 * Writes run through `productTransaction` also tell this process's listeners
 * right after the commit, without waiting for the NOTIFY to come back over the
 * listening connection: the owner's next request cannot overtake it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.server";

export const PRODUCT_EVENTS_CHANNEL = "product_events";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Product ids are letters and digits (see `createId`; imported ids are bounded the same way). */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

const changedInTransaction = new WeakMap<object, Set<string>>();
const committedListeners = new WeakMap<object, Set<(productId: string) => void>>();

/** Call inside the transaction that changes what the product's public pages show. */
export async function notifyProductChanged(tx: Transaction, productId: string): Promise<void> {
  changedInTransaction.get(tx)?.add(productId);
  await tx.execute(sql`select pg_notify(${PRODUCT_EVENTS_CHANNEL}, ${productId})`);
}

/**
 * `db.transaction(work)`, then, once it has committed, tells this process's
 * listeners about every product that `work` passed to `notifyProductChanged`.
 * Nothing is told when the transaction rolls back.
 */
export async function productTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const changed = new Set<string>();
  const result = await db.transaction(async (tx) => {
    changedInTransaction.set(tx, changed);
    return work(tx);
  });
  const listeners = committedListeners.get(db);
  if (listeners) {
    for (const productId of changed) for (const listener of listeners) listener(productId);
  }
  return result;
}

/** Calls `listener` after each commit made through `db` that changed a product. */
export function onProductChangeCommitted(
  db: Database,
  listener: (productId: string) => void,
): () => void {
  let listeners = committedListeners.get(db);
  if (!listeners) committedListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
