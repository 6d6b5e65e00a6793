/**
 * The repositories/ folder holds the queries, one file per subject (products, items,
 * public sites, slugs); they keep the limits that need a row lock, and know nothing of
 * forms or requests.
 *
 * Products and their info rows. Creation enforces the account rules of SPEC
 * sections 4 and 5 inside one transaction that holds the owner's row locked,
 * so concurrent requests cannot overshoot the limit. Writes take the events
 * service (`services.events`) in place of the database: they run in its
 * transactions and name the owner and product they changed.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { DEFAULT_COLORS } from "~/lib/colors";
import { normalizeHours } from "~/lib/hours";
import { storedSpecialHours } from "~/lib/special-hours";
import { effectiveMaxProducts, isStatusValid } from "~/lib/limits";
import type { ProfileInfo } from "~/lib/profile-info";
import type { OwnInfoFields } from "~/sites/site";
import type { ProductType } from "~/sites/product-types";
import { slugify } from "~/lib/slug";
import type { Database } from "../db/client.server";
import { items, productInfo, products, users } from "../db/schema";
import { verifiedDomainColumn } from "../domains/custom-domains.server";
import type { Changes, Events, Transaction } from "../events/events.server";
import { createId } from "../db/ids.server";

export type CreateProductResult =
  | { ok: true; productId: string }
  | { ok: false; reason: "status-not-valid" | "limit-reached" | "owner-missing" };

/** The owner's live products (exists = true), oldest first: SPEC's product_ids. */
export async function listOwnerProducts(db: Database, ownerUid: string) {
  return db
    .select({
      id: products.id,
      type: products.type,
      name: products.name,
      slug: products.slug,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(and(eq(products.ownerUid, ownerUid), eq(products.exists, true)))
    .orderBy(asc(products.createdAt), asc(products.id));
}

/**
 * The owner's live products as Your Products lists them, with what their Getting started
 * checklist needs: pictures, hours, how many items, and whether the link was shared.
 */
export async function listOwnerSitesWithProgress(db: Database, ownerUid: string) {
  return db
    .select({
      id: products.id,
      type: products.type,
      name: products.name,
      slug: products.slug,
      sharedAt: products.sharedAt,
      logoUrl: productInfo.logoUrl,
      bgUrl: productInfo.bgUrl,
      hours: productInfo.hours,
      itemCount:
        sql<number>`(select count(*) from ${items} where ${items.productId} = ${products.id})`.mapWith(
          Number,
        ),
      customDomain: verifiedDomainColumn,
    })
    .from(products)
    .leftJoin(productInfo, eq(productInfo.productId, products.id))
    .where(and(eq(products.ownerUid, ownerUid), eq(products.exists, true)))
    .orderBy(asc(products.createdAt), asc(products.id));
}

/**
 * Notes that the owner copied or shared their site's link (the checklist's last step).
 * The first time is kept; returns false when the owner has no such live product.
 */
export async function markLinkShared(
  events: Events,
  ownerUid: string,
  productId: string,
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const updated = await tx
      .update(products)
      .set({ sharedAt: sql`coalesce(${products.sharedAt}, now())` })
      .where(
        and(eq(products.id, productId), eq(products.ownerUid, ownerUid), eq(products.exists, true)),
      )
      .returning({ id: products.id });
    if (updated.length === 0) return false;
    // Other open Your Products pages tick the step too; the public page is unchanged.
    changes.owner(ownerUid);
    return true;
  });
}

/** The info row an editor shows (hours always in their 7-row form). */
export async function loadProductInfo(db: Database, productId: string) {
  const [row] = await db.select().from(productInfo).where(eq(productInfo.productId, productId));
  if (!row) return null;
  return {
    ...row,
    hours: normalizeHours(row.hours),
    specialHours: storedSpecialHours(row.specialHours),
  };
}

/**
 * Saves a site's info; the product's name and slug follow it (the public URL
 * changes with the name, and the old one redirects). Sites whose logo and
 * background are uploads leave the image URLs out, and they stay as they are;
 * so does the font style or theme of a caller that leaves it out.
 */
export async function saveProductInfo(
  events: Events,
  ownerUid: string,
  productId: string,
  info: Omit<ProfileInfo, "logoUrl" | "bgUrl" | "fontStyle" | "timeZone" | "specialHours"> &
    Partial<Pick<ProfileInfo, "logoUrl" | "bgUrl" | "fontStyle" | "timeZone" | "specialHours">> &
    OwnInfoFields & { theme?: string },
): Promise<void> {
  const slug = slugify(info.name);
  await events.transaction(async (tx, changes) => {
    await tx
      .update(productInfo)
      .set({ ...info, slug })
      .where(eq(productInfo.productId, productId));
    await tx
      .update(products)
      .set({ name: info.name, slug, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), eq(products.ownerUid, ownerUid)));
    await touchOwner(tx, changes, ownerUid);
    changes.product(productId);
  });
}

async function countOwnerProducts(tx: Transaction, ownerUid: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.ownerUid, ownerUid), eq(products.exists, true)));
  return row?.n ?? 0;
}

export async function createProduct(
  events: Events,
  ownerUid: string,
  /** `timeZone`: the owner's browser's, or "" when it did not say (see app/lib/time-zones.ts). */
  input: { type: ProductType; name: string; timeZone?: string },
): Promise<CreateProductResult> {
  return events.transaction(async (tx, changes) => {
    // Locking the owner's row serialises concurrent creates by the same owner.
    const [owner] = await tx
      .select({ status: users.status, maxProduct: users.maxProduct })
      .from(users)
      .where(eq(users.id, ownerUid))
      .for("update");
    if (!owner) return { ok: false, reason: "owner-missing" } as const;
    if (!isStatusValid(owner.status)) return { ok: false, reason: "status-not-valid" } as const;
    const used = await countOwnerProducts(tx, ownerUid);
    if (used >= effectiveMaxProducts(owner.maxProduct)) {
      return { ok: false, reason: "limit-reached" } as const;
    }

    const name = input.name.trim() || input.type;
    const slug = slugify(name);
    const productId = createId();
    await tx.insert(products).values({ id: productId, ownerUid, type: input.type, name, slug });
    await tx.insert(productInfo).values({
      productId,
      name,
      slug,
      contact: { phone: "", email: "" },
      hours: [],
      timeZone: input.timeZone ?? "",
      colors: { ...DEFAULT_COLORS },
    });
    // SPEC keeps updatedAt on the user document in step with its product list.
    await touchOwner(tx, changes, ownerUid);
    return { ok: true, productId } as const;
  });
}

/**
 * Removes a product with its items and info in one transaction, and only if
 * `ownerUid` owns it. Returns what the caller needs to delete its files after
 * the commit, or null when there was nothing of this owner's to delete.
 */
export async function deleteProduct(
  events: Events,
  ownerUid: string,
  productId: string,
): Promise<{ type: ProductType } | null> {
  return events.transaction(async (tx, changes) => {
    const [product] = await tx
      .select({ type: products.type })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.ownerUid, ownerUid)))
      .for("update");
    if (!product) return null;
    await tx.delete(items).where(eq(items.productId, productId));
    await tx.delete(productInfo).where(eq(productInfo.productId, productId));
    await tx.delete(products).where(eq(products.id, productId));
    await touchOwner(tx, changes, ownerUid);
    changes.product(productId);
    return { type: product.type };
  });
}

/** The owner's product list changed: bump updatedAt, and their open pages reload on commit. */
async function touchOwner(tx: Transaction, changes: Changes, ownerUid: string) {
  await tx
    .update(users)
    .set({ updatedAt: sql`now()` })
    .where(eq(users.id, ownerUid));
  changes.owner(ownerUid);
}
