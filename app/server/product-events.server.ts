/**
 * "A product's public pages changed": what the rendered-page cache of every
 * server process needs to hear after a write. A write names the product with
 * `notifyProductChanged` inside its transaction, which sends a PostgreSQL
 * NOTIFY (delivered only on commit, to every process sharing the database).
 * Writes run through `productTransaction` also tell this process's listeners
 * right after the commit, without waiting for the NOTIFY to come back over the
 * listening connection: the owner's next request cannot overtake it. Their
 * notifications carry the writer's origin, so that this process does not drop
 * the product's pages a second time when the NOTIFY comes back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.server";

export const PRODUCT_EVENTS_CHANNEL = "product_events";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Product ids are letters and digits (see `createId`; imported ids are bounded the same way). */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

interface TransactionChanges {
  origin: string;
  changed: Set<string>;
}

const changesInTransaction = new WeakMap<object, TransactionChanges>();
const committedListeners = new WeakMap<object, Set<(productId: string) => void>>();
const origins = new WeakMap<object, string>();

/**
 * Names the writes made through one database handle in their notifications, so
 * that the process which already acted on them after the commit can skip them.
 */
export function productEventOrigin(db: Database): string {
  let origin = origins.get(db);
  if (!origin) origins.set(db, (origin = randomUUID()));
  return origin;
}

export interface ProductEvent {
  productId: string;
  /** Set when the writer's own process was told at commit (see `productTransaction`). */
  origin?: string;
}

/** Call inside the transaction that changes what the product's public pages show. */
export async function notifyProductChanged(tx: Transaction, productId: string): Promise<void> {
  const changes = changesInTransaction.get(tx);
  changes?.changed.add(productId);
  const event: ProductEvent = { productId, origin: changes?.origin };
  await tx.execute(sql`select pg_notify(${PRODUCT_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A notification's payload, or null for anything that is not one. */
export function parseProductEvent(payload: string): ProductEvent | null {
  let event: { productId?: unknown; origin?: unknown };
  try {
    event = JSON.parse(payload) as typeof event;
  } catch {
    return null;
  }
  if (typeof event.productId !== "string" || !PRODUCT_ID_PATTERN.test(event.productId)) {
    return null;
  }
  return {
    productId: event.productId,
    origin: typeof event.origin === "string" ? event.origin : undefined,
  };
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
  const origin = productEventOrigin(db);
  const result = await db.transaction(async (tx) => {
    changesInTransaction.set(tx, { origin, changed });
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
