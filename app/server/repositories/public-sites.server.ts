/**
 * What anonymous visitors may read: a live product and its info, looked up by
 * the id in a public slugId. A stale or missing slug answers 301 to the
 * canonical path, so shared links keep working after a rename.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { normalizeHours } from "~/lib/hours";
import type { ProductType } from "~/lib/product-types";
import { parseSlugId, publicPath } from "~/lib/slug";
import type { Database } from "../db/client.server";
import { productInfo, products } from "../db/schema";

export async function loadPublicSite(
  db: Database,
  type: ProductType,
  slugId: string,
  notFoundMessage: string,
) {
  const { slug, id } = parseSlugId(slugId);
  const [row] = /^[A-Za-z0-9]{1,64}$/.test(id)
    ? await db
        .select({ product: products, info: productInfo })
        .from(products)
        .innerJoin(productInfo, eq(productInfo.productId, products.id))
        .where(and(eq(products.id, id), eq(products.type, type), eq(products.exists, true)))
    : [];
  if (!row) throw data({ message: notFoundMessage }, { status: 404 });

  const canonical = publicPath(type, row.info.slug, row.product.id);
  if (slug !== row.info.slug) throw redirect(canonical, 301);

  return {
    id: row.product.id,
    canonicalPath: canonical,
    name: row.info.name,
    address: row.info.address,
    contact: row.info.contact,
    hours: normalizeHours(row.info.hours),
    colors: row.info.colors,
    logoUrl: row.info.logoUrl,
    bgUrl: row.info.bgUrl,
    /** Shops only: their tags and payment handles (empty for other types). */
    tags: row.info.tags,
    paypalUsername: row.info.paypalUsername,
    venmoUsername: row.info.venmoUsername,
  };
}
