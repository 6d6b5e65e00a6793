/**
 * Items of restaurants and shops. Every write runs in one transaction that
 * holds the product's row locked, so the 50-item cap cannot be overshot by
 * concurrent requests, and only touches items of the product it was given:
 * callers pass a product already checked by `requireSite`. Writes
 * take the events service (`services.events`) in place of the database: they
 * run in its transactions and name the product they changed. A write that gives an item
 * a category the menu did not have also puts that category last in the owner's order
 * (`product_info.category_order`), in the same transaction.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { slugify } from "~/lib/slug";
import { categoryKey } from "~/lib/items";
import { isImportable, type ImportPreview } from "~/lib/items-csv";
import {
  categoryOrderAfterChange,
  matchesCategoriesInUse,
  orderedCategories,
} from "~/sites/restaurant/menu";
import { storedOptions, type OptionGroup } from "~/lib/item-options";
import type { Database } from "../db/client.server";
import { items, productInfo, products } from "../db/schema";
import type { Changes, Events, Transaction } from "../events/events.server";
import { createId } from "../db/ids.server";

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
  /** Sold out for today: back on sale then (app/lib/sold-out.ts); null when not. */
  soldOutUntil: Date | null;
  /** A menu's dishes: keys of app/lib/dietary.ts, checked by the item schemas. */
  allergens: string[];
  diets: string[];
  /** Sizes and choice groups, checked by the item schemas and given their ids (withOptionIds). */
  options: OptionGroup[];
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
    const before = fields.category ? await categoryOrder(tx, product.id) : null;
    await tx
      .insert(items)
      .values({ ...fields, id: itemId, productId: product.id, slug: slugify(fields.name) });
    if (before) await keepCategoryOrder(tx, product.id, before);
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
    const before = fields.category === undefined ? null : await categoryOrder(tx, product.id);
    // The edit form knows nothing of "sold out today": a choice it sends back keeps it.
    const options = fields.options && (await keepingSoldOutToday(tx, itemId, fields.options));
    const changed = await tx
      .update(items)
      .set({
        ...fields,
        ...(options ? { options } : {}),
        ...(fields.name === undefined ? {} : { slug: slugify(fields.name) }),
      })
      .where(and(eq(items.id, itemId), eq(items.productId, product.id)))
      .returning({ id: items.id });
    if (changed.length === 0) return false;
    if (before) await keepCategoryOrder(tx, product.id, before);
    await productChanged(tx, changes, product);
    return true;
  });
}

/** The options to store, each choice keeping the "sold out for today" its stored namesake has. */
async function keepingSoldOutToday(
  tx: Transaction,
  itemId: string,
  options: OptionGroup[],
): Promise<OptionGroup[]> {
  const [stored] = await tx
    .select({ options: items.options })
    .from(items)
    .where(eq(items.id, itemId))
    .for("update");
  const until = new Map(
    storedOptions(stored?.options ?? []).flatMap((group) =>
      group.choices.flatMap((choice) =>
        choice.soldOutUntil ? [[choice.id, choice.soldOutUntil] as const] : [],
      ),
    ),
  );
  return options.map((group) => ({
    ...group,
    choices: group.choices.map((choice) => {
      const kept = until.get(choice.id);
      return kept && !choice.soldOut ? { ...choice, soldOutUntil: kept } : choice;
    }),
  }));
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

export type ImportItemsResult =
  | { ok: true; added: number; updated: number }
  | { ok: false; reason: "product-missing" }
  | { ok: false; reason: "refused"; preview: ImportPreview };

/** One row of an import: the item it updates (or none, to add one) and the fields to write. */
export interface ImportRow {
  id: string | null;
  fields: Partial<ItemFields> | null;
}

/**
 * Writes the rows of a checked CSV file (app/server/editing/items-csv.server.ts) in one transaction
 * under the product's lock: rows with an id update that item (only the file's columns),
 * rows without add one. `recheck` makes the preview again from the items as they are now,
 * under the lock, so an id that is gone or a cap passed since the owner's preview refuses
 * the whole import, and nothing is written. It is the caller's, so that this query knows
 * nothing of the file.
 */
export async function importItems(
  events: Events,
  product: { id: string; ownerUid: string },
  rows: readonly ImportRow[],
  recheck: (existing: ReadonlyArray<{ id: string; name: string }>) => ImportPreview,
): Promise<ImportItemsResult> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return { ok: false, reason: "product-missing" } as const;
    const existing = await tx
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(eq(items.productId, product.id));
    const preview = recheck(existing);
    if (!isImportable(preview)) return { ok: false, reason: "refused", preview } as const;
    const before = await categoryOrder(tx, product.id);
    let added = 0;
    let updated = 0;
    for (const row of rows) {
      const fields = row.fields!;
      const slug = fields.name === undefined ? {} : { slug: slugify(fields.name) };
      if (row.id) {
        await tx
          .update(items)
          .set({ ...fields, ...slug })
          .where(and(eq(items.id, row.id), eq(items.productId, product.id)));
        updated++;
      } else {
        await tx.insert(items).values({
          ...fields,
          name: fields.name!,
          priceCents: fields.priceCents!,
          id: createId(),
          productId: product.id,
          slug: slugify(fields.name!),
        });
        added++;
      }
    }
    await keepCategoryOrder(tx, product.id, before);
    await productChanged(tx, changes, product);
    return { ok: true, added, updated } as const;
  });
}

export type SetCategoryOrderResult = "saved" | "product-missing" | "not-the-categories-in-use";

/**
 * Saves the owner's order of a menu's categories, under the product's lock. `asked` is
 * kept only if it names each category in use exactly once (see matchesCategoriesInUse),
 * and is stored in the spelling the menu shows; otherwise nothing changes.
 */
export async function setCategoryOrder(
  events: Events,
  product: { id: string; ownerUid: string },
  asked: readonly string[],
): Promise<SetCategoryOrderResult> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return "product-missing";
    const categories = await itemCategories(tx, product.id);
    if (!matchesCategoriesInUse(asked, categories)) return "not-the-categories-in-use";
    const spelling = new Map(
      orderedCategories(categories).map((name) => [categoryKey(name), name]),
    );
    const order = asked.map((name) => spelling.get(categoryKey(name))!);
    await tx
      .update(productInfo)
      .set({ categoryOrder: order })
      .where(eq(productInfo.productId, product.id));
    await productChanged(tx, changes, product);
    return "saved";
  });
}

/** The categories of a product's items as stored, each spelling once (blanks included). */
async function itemCategories(tx: Transaction, productId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ category: items.category })
    .from(items)
    .where(eq(items.productId, productId));
  return rows.map((row) => row.category);
}

/** The stored order, and the order the menu shows now (the stored one applied to the categories in use). */
async function categoryOrder(tx: Transaction, productId: string) {
  const [info] = await tx
    .select({ order: productInfo.categoryOrder })
    .from(productInfo)
    .where(eq(productInfo.productId, productId));
  const stored = info?.order ?? [];
  return { stored, shown: orderedCategories(await itemCategories(tx, productId), stored) };
}

/**
 * After an item write under the product's lock: the categories shown before keep their
 * places, any new one goes last, and those no longer in use leave the stored order.
 */
async function keepCategoryOrder(
  tx: Transaction,
  productId: string,
  before: { stored: string[]; shown: string[] },
) {
  const order = categoryOrderAfterChange(before.shown, await itemCategories(tx, productId));
  if (JSON.stringify(order) === JSON.stringify(before.stored)) return;
  await tx
    .update(productInfo)
    .set({ categoryOrder: order })
    .where(eq(productInfo.productId, productId));
}

/** Locks the live product row of this owner; the lock serialises item writes per product. */
export async function lockProduct(tx: Transaction, product: { id: string; ownerUid: string }) {
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
