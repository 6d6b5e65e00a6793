/**
 * Items of restaurants and shops. Every write runs in one transaction that
 * holds the product's row locked, so the 50-item cap cannot be overshot by
 * concurrent requests, and only touches items of the product it was given:
 * callers pass a product already checked by `requireOwnedProduct`. Writes
 * take the events service (`services.events`) in place of the database: they
 * run in its transactions and name the product they changed.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { slugify } from "~/lib/slug";
import type { Database } from "../db/client.server";
import { items, products } from "../db/schema";
import type { Changes, Events, Transaction } from "../events.server";
import { createId } from "../ids.server";

export type ItemRow = typeof items.$inferSelect;

/** What an owner edits on an item; images are stored through the upload pipeline. */
export interface ItemFields {
  name: string;
  priceCents: number;
  description: string;
  category: string;
  star: boolean;
  tags: string[];
  soldOut: boolean;
}

export type AddItemResult =
  { ok: true; itemId: string } | { ok: false; reason: "limit-reached" | "product-missing" };

/** A product's items, sorted by name (then id, so equal names keep a stable order). */
export async function listItems(db: Database, productId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(items)
    .where(eq(items.productId, productId))
    .orderBy(asc(items.name), asc(items.id));
}

export async function addItem(
  events: Events,
  product: { id: string; ownerUid: string },
  fields: Partial<ItemFields> & Pick<ItemFields, "name" | "priceCents">,
): Promise<AddItemResult> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return { ok: false, reason: "product-missing" } as const;
    const [row] = await tx
      .select({ n: count() })
      .from(items)
      .where(eq(items.productId, product.id));
    if ((row?.n ?? 0) >= MAX_ITEMS_PER_PRODUCT) {
      return { ok: false, reason: "limit-reached" } as const;
    }
    const itemId = createId();
    await tx
      .insert(items)
      .values({ ...fields, id: itemId, productId: product.id, slug: slugify(fields.name) });
    await productChanged(tx, changes, product);
    return { ok: true, itemId } as const;
  });
}

/** Changes some fields of one item; false when the product has no such item. */
export async function updateItem(
  events: Events,
  product: { id: string; ownerUid: string },
  itemId: string,
  fields: Partial<ItemFields>,
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return false;
    const changed = await tx
      .update(items)
      .set({ ...fields, ...(fields.name === undefined ? {} : { slug: slugify(fields.name) }) })
      .where(and(eq(items.id, itemId), eq(items.productId, product.id)))
      .returning({ id: items.id });
    if (changed.length === 0) return false;
    await productChanged(tx, changes, product);
    return true;
  });
}

/**
 * Rearranges a shop item's photo list under its row lock: `change` gets the
 * current list and returns the new one, or null to refuse (an index that is
 * not there). Returns both lists, or null when there is no such item.
 */
export async function changeItemImages(
  events: Events,
  product: { id: string; ownerUid: string },
  itemId: string,
  change: (images: readonly string[]) => string[] | null,
): Promise<{ before: string[]; after: string[] } | null> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return null;
    const [item] = await tx
      .select({ images: items.images })
      .from(items)
      .where(and(eq(items.id, itemId), eq(items.productId, product.id)))
      .for("update");
    if (!item) return null;
    const after = change(item.images);
    if (!after) return null;
    await tx.update(items).set({ images: after }).where(eq(items.id, itemId));
    await productChanged(tx, changes, product);
    return { before: item.images, after };
  });
}

/** Removes one item; false when the product has no such item. Its files are the caller's. */
export async function deleteItem(
  events: Events,
  product: { id: string; ownerUid: string },
  itemId: string,
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return false;
    const removed = await tx
      .delete(items)
      .where(and(eq(items.id, itemId), eq(items.productId, product.id)))
      .returning({ id: items.id });
    if (removed.length === 0) return false;
    await productChanged(tx, changes, product);
    return true;
  });
}

/** Locks the live product row of this owner; the lock serialises item writes per product. */
async function lockProduct(tx: Transaction, product: { id: string; ownerUid: string }) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, product.id),
        eq(products.ownerUid, product.ownerUid),
        eq(products.exists, true),
      ),
    )
    .for("update");
  return row !== undefined;
}

/**
 * The product's content changed: bump its updatedAt, and name it and its
 * owner on the changes, so that on commit the owner's open pages reload and
 * every process drops the product's cached public pages.
 */
export async function productChanged(
  tx: Transaction,
  changes: Changes,
  product: { id: string; ownerUid: string },
) {
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` })
    .where(eq(products.id, product.id));
  changes.owner(product.ownerUid);
  changes.product(product.id);
}
