/**
 * What anonymous visitors may read: a live product, its info and its items, looked up
 * by the id in a public slugId. A stale or missing slug answers 301 to the canonical
 * path, so shared links keep working after a rename.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { normalizeHours } from "~/lib/hours";
import type { ProductType } from "~/lib/product-types";
import { parseSlugId, publicPath } from "~/lib/slug";
import type { Database } from "../db/client.server";
import { items, productInfo, products } from "../db/schema";

/** What a public page shows of an item. */
export interface PublicItemRow {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  category: string;
  star: boolean;
  imageUrl: string;
  tags: unknown[];
  soldOut: boolean;
  images: string[];
}

/**
 * Every public view runs this, so it is one round trip, prepared once per database: the
 * product with its info, and its items (by name, then id, as the editor lists them) as
 * one JSON array, which costs far less to send and decode than a row per item.
 */
function preparePublicSiteQuery(db: Database) {
  const itemColumns = sql.join(
    (
      [
        ["id", items.id],
        ["name", items.name],
        ["priceCents", items.priceCents],
        ["description", items.description],
        ["category", items.category],
        ["star", items.star],
        ["imageUrl", items.imageUrl],
        ["tags", items.tags],
        ["soldOut", items.soldOut],
        ["images", items.images],
      ] as const
    ).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  const itemsJson = sql<PublicItemRow[] | null>`(
    select json_agg(json_build_object(${itemColumns}) order by ${asc(items.name)}, ${asc(items.id)})
    from ${items} where ${items.productId} = ${products.id}
  )`;
  return db
    .select({ product: { id: products.id }, info: productInfo, items: itemsJson })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(
        eq(products.id, sql.placeholder("id")),
        eq(products.type, sql.placeholder("type")),
        eq(products.exists, true),
      ),
    )
    .prepare("public_site");
}

const publicSiteQueries = new WeakMap<Database, ReturnType<typeof preparePublicSiteQuery>>();

export async function loadPublicSite(
  db: Database,
  type: ProductType,
  slugId: string,
  notFoundMessage: string,
) {
  const { slug, id } = parseSlugId(slugId);
  let query = publicSiteQueries.get(db);
  if (!query) publicSiteQueries.set(db, (query = preparePublicSiteQuery(db)));
  const [row] = /^[A-Za-z0-9]{1,64}$/.test(id) ? await query.execute({ id, type }) : [];
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
    /** Restaurants and shops: their items by name (none for other types). */
    items: row.items ?? [],
  };
}
