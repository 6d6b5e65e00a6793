/**
 * Reading orders: one order by its status page's token (the customer's), and an owner's
 * orders across their sites (the inbox, the kitchen ticket, the CSV export, the 30-day line).
 * Every query of an owner's orders is bounded by the owner's own products.
 */
import { ORDERING_TYPES } from "~/sites";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { items, orderMail, orders, productInfo, products } from "../db/schema";
import { loadTranslations } from "../repositories/translations.server";
import { roleColumn, siteReachableBy } from "../access/site-reach.server";
import { normalizeHours } from "~/lib/hours";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { translatedOrderLines } from "~/lib/i18n/translatable-texts";
import { storedOptions } from "~/lib/item-options";
import type { PricedLine } from "~/lib/order-cart";
import { storedSpecialHours } from "~/lib/special-hours";

export type OrderRow = typeof orders.$inferSelect;

/**
 * The orders their owner knows of: not a card order still awaiting its payment, nor one
 * cancelled before it was paid (its checkout given up or expired). Nobody told the owner of
 * those, so neither the inbox, the ticket, the 30-day line, the export nor an owner's action
 * on an order (requireSiteOrder) finds them.
 */
export const ownerKnowsOf = sql`not (${orders.state} = 'awaiting-payment' or (${orders.state} = 'cancelled' and ${orders.paymentState} is not distinct from 'awaiting'))`;

/** A customer's order with what its status page shows of the site; null for an unknown token. */
export async function orderByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const [row] = await db
    .select({
      order: orders,
      site: {
        id: products.id,
        type: products.type,
        slug: products.slug,
        name: productInfo.name,
        address: productInfo.address,
        contact: productInfo.contact,
        timeZone: productInfo.timeZone,
        paypalUsername: productInfo.paypalUsername,
        venmoUsername: productInfo.venmoUsername,
        colors: productInfo.colors,
        fontStyle: productInfo.fontStyle,
        /** The site's main language: an order's when it has none of its own. */
        language: productInfo.language,
      },
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(and(eq(orders.token, token), eq(products.exists, true)));
  return row ?? null;
}

/**
 * The language an order's customer reads it in (its status page, the mails to them): the one
 * of the order page it was placed from, else (an order placed before there were languages)
 * the site's main one.
 */
export function customerLanguage(
  order: { language: string | null },
  mainLanguage: string,
): PageLanguage {
  return pageLanguage(order.language ?? mainLanguage);
}

/**
 * An order's lines as its customer reads them: in the customer's language, where the owner
 * translated them (`translatedOrderLines`); as stored in the site's main language.
 */
export async function customerOrderLines(
  db: Database,
  order: { productId: string; lines: readonly PricedLine[]; language: string | null },
  mainLanguage: string,
): Promise<PricedLine[]> {
  const language = customerLanguage(order, mainLanguage).language.code;
  if (language === mainLanguage || order.lines.length === 0) return [...order.lines];
  const itemIds = [...new Set(order.lines.map((line) => line.itemId))];
  const [translations, options] = await Promise.all([
    loadTranslations(db, order.productId, language),
    db
      .select({ id: items.id, options: items.options })
      .from(items)
      .where(and(eq(items.productId, order.productId), inArray(items.id, itemIds))),
  ]);
  const optionsOfItem = new Map(options.map((row) => [row.id, storedOptions(row.options)]));
  return translatedOrderLines(order.lines, optionsOfItem, translations);
}

/**
 * The sites that take orders (restaurants and shops) whose orders `userId` may see: their
 * own and those they work on (app/lib/site-access.ts), by name, with their role on each.
 */
export async function orderingSitesFor(db: Database, userId: string) {
  const rows = await db
    .select({
      id: products.id,
      role: roleColumn(userId),
      type: products.type,
      slug: products.slug,
      name: products.name,
      timeZone: productInfo.timeZone,
      hours: productInfo.hours,
      specialHours: productInfo.specialHours,
      currency: productInfo.currency,
      paypalUsername: productInfo.paypalUsername,
      venmoUsername: productInfo.venmoUsername,
    })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(
        siteReachableBy(userId, "orders"),
        eq(products.exists, true),
        inArray(products.type, [...ORDERING_TYPES]),
      ),
    )
    .orderBy(asc(products.name));
  return rows.map((row) => ({
    ...row,
    // Never null here: the condition above is what gives a role.
    role: row.role ?? "orders",
    hours: normalizeHours(row.hours),
    specialHours: storedSpecialHours(row.specialHours),
  }));
}

/**
 * The inbox's orders (those the owner knows of): every order still open, and those closed in the last `doneDays` days,
 * of the given sites, soonest first; with whether any of its mail was given up on.
 */
export async function inboxOrders(db: Database, productIds: readonly string[], since: Date) {
  if (productIds.length === 0) return [];
  const failedMail = db
    .select({ orderId: orderMail.orderId })
    .from(orderMail)
    .where(isNotNull(orderMail.failedAt));
  return db
    .select({
      order: orders,
      mailFailed: sql<boolean>`${orders.id} in (${failedMail})`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.productId, [...productIds]),
        sql`(${orders.closedAt} is null or ${orders.closedAt} >= ${since})`,
        ownerKnowsOf,
      ),
    )
    .orderBy(asc(orders.slotAt), asc(orders.number))
    .limit(500);
}

/** The CSV export: the known orders of the given sites placed in [from, to), oldest first. */
export async function ordersPlacedBetween(
  db: Database,
  productIds: readonly string[],
  from: Date,
  to: Date,
): Promise<OrderRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.productId, [...productIds]),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        ownerKnowsOf,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(20_000);
}

/**
 * Orders and revenue per UTC day since `from`, counting what was not rejected or cancelled,
 * nor awaiting its card payment: the inbox's 30-day line.
 */
export async function dailyOrderTotals(db: Database, productIds: readonly string[], from: Date) {
  if (productIds.length === 0) return [];
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.productId, [...productIds]),
        gte(orders.createdAt, from),
        sql`${orders.state} not in ('awaiting-payment', 'rejected', 'cancelled')`,
      ),
    )
    .groupBy(day)
    .orderBy(desc(day));
}
