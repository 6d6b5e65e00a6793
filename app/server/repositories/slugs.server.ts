/**
 * Stored slugs brought up to the current rule (app/lib/slug.ts) when the server starts.
 *
 * Slugs were made by the spec's literal rule, which dropped accented letters and kept
 * runs of hyphens ("Café Rosé" → `caf-ros`, "Harbor & Pine" → `harbor--pine`). Rather than
 * leave those until the owner next saves the Info form, every server start rewrites the
 * slugs that differ from what slugify gives now: the site's public address becomes the
 * readable one, and the old address keeps working, since a public page answers a slug
 * that is not the stored one with a 301 to the current address. Item slugs follow the same
 * rule. This is data, not schema, so it is code rather than a migration; it is idempotent,
 * and cheap once done: only names that could slug differently are read.
 */
import { eq, like, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { slugify } from "~/lib/slug";
import { items, productInfo, products } from "../db/schema";
import type { Events } from "../events/events.server";

/**
 * The rows whose slug the new rule may change: a name with any character outside
 * printable ASCII (accents, other scripts, tabs), or a slug the old rule left with a double
 * hyphen or a hyphen at an end. For any other name both rules give the same slug.
 */
function mayChange(name: AnyPgColumn, slug: AnyPgColumn): SQL {
  return or(sql`${name} ~ '[^ -~]'`, like(slug, "%--%"), like(slug, "-%"), like(slug, "%-"))!;
}

export async function refreshStoredSlugs(
  events: Events,
): Promise<{ products: number; items: number }> {
  return events.transaction(async (tx, changes) => {
    let productCount = 0;
    const productRows = await tx
      .select({
        id: products.id,
        ownerUid: products.ownerUid,
        name: products.name,
        slug: products.slug,
      })
      .from(products)
      .where(mayChange(products.name, products.slug));
    for (const product of productRows) {
      const slug = slugify(product.name);
      if (slug === product.slug) continue;
      // Not an edit by the owner: the rows keep their updatedAt.
      await tx
        .update(products)
        .set({ slug, updatedAt: sql`${products.updatedAt}` })
        .where(eq(products.id, product.id));
      await tx
        .update(productInfo)
        .set({ slug, updatedAt: sql`${productInfo.updatedAt}` })
        .where(eq(productInfo.productId, product.id));
      // Cached pages elsewhere link to the old address; the owner's list shows the new one.
      changes.product(product.id);
      changes.owner(product.ownerUid);
      productCount += 1;
    }

    let itemCount = 0;
    const itemRows = await tx
      .select({ id: items.id, name: items.name, slug: items.slug })
      .from(items)
      .where(mayChange(items.name, items.slug));
    for (const item of itemRows) {
      const slug = slugify(item.name);
      if (slug === item.slug) continue;
      await tx
        .update(items)
        .set({ slug, updatedAt: sql`${items.updatedAt}` })
        .where(eq(items.id, item.id));
      itemCount += 1;
    }
    return { products: productCount, items: itemCount };
  });
}
