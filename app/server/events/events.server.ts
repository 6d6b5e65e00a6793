/**
 * The events/ folder owns what writes announce and who hears it: write transactions that
 * name the products and owners they change (here), and the live updates that open portal
 * pages listen to.
 *
 * What writes announce, built once per process as `services.events`:
 *
 * - "a product's public pages changed", for the page cache of every server
 *   process (decision 9), on the `product_events` channel;
 * - "an owner's products changed", for the owner's open portal pages
 *   (decision 6), on the `owner_events` channel.
 *
 * Both are PostgreSQL NOTIFYs sent inside the write's transaction, so they are
 * delivered only if it commits, and to every process sharing the database.
 * A write runs through `events.transaction(work)` and names what it changed on
 * the `changes` it is handed; the NOTIFYs go out at the end of `work`, still
 * inside the transaction, once per product and owner named.
 *
 * After the commit (never after a rollback) this process's own listeners hear
 * about the products at once, without waiting for the NOTIFY to come back over
 * the listening connection: the owner's next request cannot overtake it. The
 * product notifications carry this process's origin, so that it does not drop
 * the product's pages a second time when the NOTIFY comes back.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { PRODUCT_ID_PATTERN } from "../db/ids.server";
import { logger } from "../http/log.server";

export const PRODUCT_EVENTS_CHANNEL = "product_events";
export const OWNER_EVENTS_CHANNEL = "owner_events";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type OwnerEventKind = "products-changed";

export interface ProductEvent {
  productId: string;
  /** The writer's process (`Events.origin`), which was told at the commit already. */
  origin?: string;
}

export interface OwnerEvent {
  ownerUid: string;
  kind: OwnerEventKind;
}

/** What a write changed, named inside its transaction; sent when `work` returns. */
export interface Changes {
  /** What the product's public pages show changed (info, items, images, or it is gone). */
  product(productId: string): void;
  /** The owner's product list or what their portal pages show of it changed. */
  owner(ownerUid: string): void;
}

export interface Events {
  /** Names this process in its product notifications. */
  readonly origin: string;
  /**
   * `db.transaction(work)`, with the NOTIFYs for whatever `work` named on
   * `changes`; then, once committed, tells this process's listeners about
   * the products. Nothing is sent or told when the transaction rolls back.
   */
  transaction<T>(work: (tx: Transaction, changes: Changes) => Promise<T>): Promise<T>;
  /** Calls `listener` after each commit made here that changed a product. */
  onProductChangeCommitted(listener: (productId: string) => void): () => void;
}

export function createEvents(db: Database): Events {
  const origin = randomUUID();
  const listeners = new Set<(productId: string) => void>();

  return {
    origin,
    async transaction(work) {
      const products = new Set<string>();
      const owners = new Set<string>();
      const changes: Changes = {
        product: (productId) => void products.add(productId),
        owner: (ownerUid) => void owners.add(ownerUid),
      };
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, changes);
        // Queued until here so that a product or owner named twice is announced once.
        for (const productId of products) {
          const event: ProductEvent = { productId, origin };
          await notify(tx, PRODUCT_EVENTS_CHANNEL, event);
        }
        for (const ownerUid of owners) {
          const event: OwnerEvent = { ownerUid, kind: "products-changed" };
          await notify(tx, OWNER_EVENTS_CHANNEL, event);
        }
        return value;
      });
      for (const productId of products) {
        for (const listener of listeners) {
          try {
            listener(productId);
          } catch (error) {
            // The write has committed: a listener's failure must not report it as failed.
            logger.error({ err: error }, "A product change listener failed");
          }
        }
      }
      return result;
    },
    onProductChangeCommitted(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

async function notify(tx: Transaction, channel: string, event: ProductEvent | OwnerEvent) {
  await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify(event)})`);
}

/** A product notification's payload, or null for anything that is not one. */
export function parseProductEvent(payload: string): ProductEvent | null {
  const event = parseObject(payload);
  if (typeof event?.productId !== "string" || !PRODUCT_ID_PATTERN.test(event.productId)) {
    return null;
  }
  return {
    productId: event.productId,
    origin: typeof event.origin === "string" ? event.origin : undefined,
  };
}

/** An owner notification's payload, or null for anything that is not one. */
export function parseOwnerEvent(payload: string): OwnerEvent | null {
  const event = parseObject(payload);
  if (typeof event?.ownerUid !== "string" || event.kind !== "products-changed") return null;
  return { ownerUid: event.ownerUid, kind: event.kind };
}

function parseObject(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
