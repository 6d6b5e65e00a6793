/**
 * The editing/ folder owns what an owner may change, and how: the one ownership check
 * every editor loader and action begins with (here), the editors' item writes, the Info
 * and category-order saves, the CSV import and export, and removing a product. The queries
 * they run are in repositories/; a site type's own rules are in its definition
 * (app/sites/{type}/site.ts).
 *
 * The one place where owned data is looked up: a product is returned only to
 * its owner. Anyone else, whatever id they send, gets the same 404 as for a
 * product that does not exist, so ids cannot be probed. An owner who reaches
 * their product under another type's path is sent to the right one.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { ownerContext, servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import type { ProductType } from "~/sites/product-types";
import { ORDER_ACTION_MESSAGES } from "~/lib/order-states";
import { orders, products } from "../db/schema";
import { ownerKnowsOf } from "../orders/order-queries.server";

const ORDER_NOT_FOUND = ORDER_ACTION_MESSAGES.notFound;

export async function requireOwnedProduct(
  context: Readonly<RouterContextProvider>,
  productId: string | undefined,
  type?: ProductType,
) {
  const owner = context.get(ownerContext);
  const { db } = context.get(servicesContext);
  const product =
    productId && /^[A-Za-z0-9]{1,64}$/.test(productId)
      ? await db.query.products.findFirst({
          where: and(
            eq(products.id, productId),
            eq(products.ownerUid, owner.id),
            eq(products.exists, true),
          ),
        })
      : undefined;
  if (!product) throw data({ message: MESSAGES.invalidProduct }, { status: 404 });
  if (type && product.type !== type) throw redirect(`/user/${product.type}/setup/${product.id}`);
  return { owner, product };
}

/**
 * An order of one of the signed-in owner's sites, with its site; anyone else gets the same
 * 404 as for an order that does not exist. So does a card order its owner was never told of
 * (awaiting its payment, or cancelled before it was paid): for the owner it does not exist.
 */
export async function requireOwnedOrder(
  context: Readonly<RouterContextProvider>,
  orderId: string | undefined,
) {
  const owner = context.get(ownerContext);
  const { db } = context.get(servicesContext);
  const [found] =
    orderId && /^[A-Za-z0-9]{1,64}$/.test(orderId)
      ? await db
          .select({ order: orders, product: products })
          .from(orders)
          .innerJoin(products, eq(products.id, orders.productId))
          .where(
            and(
              eq(orders.id, orderId),
              eq(products.ownerUid, owner.id),
              eq(products.exists, true),
              ownerKnowsOf,
            ),
          )
      : [];
  if (!found) throw data({ message: ORDER_NOT_FOUND }, { status: 404 });
  return { owner, ...found };
}
