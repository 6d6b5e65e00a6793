/**
 * The one place where the portal decides who may reach a site: its owner, and the people the
 * owner gave a role on it (site_members), each for what the role's capabilities allow
 * (app/lib/site-access.ts). Every loader and action that reads or writes a site, an order of
 * it, its payments, its domain or its staff begins here, naming the capability it needs.
 *
 * Anyone else, whatever id they send, gets the same 404 as for a site that does not exist, so
 * ids cannot be probed; so does staff asking for what their role cannot do. Memberships are
 * read on every request: removing someone takes effect on their next one.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { ownerContext, servicesContext, type SessionUser } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { ORDER_ACTION_MESSAGES } from "~/lib/order-states";
import { roleMay, type SiteCapability, type SiteRole } from "~/lib/site-access";
import type { ProductType } from "~/sites/product-types";
import type { Database } from "../db/client.server";
import { PRODUCT_ID_PATTERN } from "../db/ids.server";
import { bookings, orders, products } from "../db/schema";
import { ownerKnowsOf } from "../orders/order-queries.server";
import { roleColumn, siteReachableBy } from "./site-reach.server";

function productIdOrNull(productId: string | undefined): string | null {
  return productId && PRODUCT_ID_PATTERN.test(productId) ? productId : null;
}

/** The live site `productId` with `userId`'s role on it, or null when they have none. */
export async function siteWithRole(db: Database, userId: string, productId: string | undefined) {
  const id = productIdOrNull(productId);
  if (!id) return null;
  const [found] = await db
    .select({ product: products, role: roleColumn(userId) })
    .from(products)
    .where(and(eq(products.id, id), eq(products.exists, true)));
  return found?.role ? { product: found.product, role: found.role } : null;
}

/**
 * The site `productId` for the signed-in person, when their role on it has `capability`;
 * otherwise the same 404 as for a site that does not exist. A site reached under another
 * type's path is sent to the right one.
 */
export async function requireSite(
  context: Readonly<RouterContextProvider>,
  productId: string | undefined,
  capability: SiteCapability,
  type?: ProductType,
): Promise<{ user: SessionUser; product: typeof products.$inferSelect; role: SiteRole }> {
  const user = context.get(ownerContext);
  const { db } = context.get(servicesContext);
  const found = await siteWithRole(db, user.id, productId);
  if (!found || !roleMay(found.role, capability)) {
    throw data({ message: MESSAGES.invalidProduct }, { status: 404 });
  }
  if (type && found.product.type !== type) {
    throw redirect(`/user/${found.product.type}/setup/${found.product.id}`);
  }
  return { user, ...found };
}

/**
 * An order of a site the signed-in person may reach with `capability`, with its site;
 * anyone else gets the same 404 as for an order that does not exist. So does a card order
 * its owner was never told of (awaiting its payment, or cancelled before it was paid): for
 * the site's people it does not exist.
 */
export async function requireSiteOrder(
  context: Readonly<RouterContextProvider>,
  orderId: string | undefined,
  capability: SiteCapability,
) {
  const user = context.get(ownerContext);
  const { db } = context.get(servicesContext);
  const id = productIdOrNull(orderId);
  const [found] = id
    ? await db
        .select({ order: orders, product: products, role: roleColumn(user.id) })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(
          and(
            eq(orders.id, id),
            eq(products.exists, true),
            siteReachableBy(user.id, capability),
            ownerKnowsOf,
          ),
        )
    : [];
  if (!found?.role) throw data({ message: ORDER_ACTION_MESSAGES.notFound }, { status: 404 });
  return { user, order: found.order, product: found.product, role: found.role };
}

/**
 * A table booking of a site the signed-in person may reach with `capability`, with its site;
 * anyone else gets the same 404 as for a booking that does not exist.
 */
export async function requireSiteBooking(
  context: Readonly<RouterContextProvider>,
  bookingId: string | undefined,
  capability: SiteCapability,
) {
  const user = context.get(ownerContext);
  const { db } = context.get(servicesContext);
  const id = productIdOrNull(bookingId);
  const [found] = id
    ? await db
        .select({ booking: bookings, product: products, role: roleColumn(user.id) })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(
          and(eq(bookings.id, id), eq(products.exists, true), siteReachableBy(user.id, capability)),
        )
    : [];
  if (!found?.role) throw data({ message: bookingsWords.bookingNotFound }, { status: 404 });
  return { user, booking: found.booking, product: found.product, role: found.role };
}
