/**
 * Push notifications of orders: "New order 12 · $26.90 · pickup 12:15 PM" on every device of
 * everyone who may see the site's orders (`orderWatchers`), and a reminder of an order still
 * waiting ("Still waiting: …").
 *
 * They go through the orders' outbox (order-mail.server.ts) as jobs of their own kinds: the
 * row is queued in the transaction that makes the order visible to its owner (placing it, or
 * its card payment arriving), and the push is sent after the commit, and again after a crash
 * or a push service that failed, at least once; a device that gets one twice shows it once
 * (the same notification tag replaces it). A push service that answers 404 or 410 has
 * forgotten the device: its subscription is deleted.
 *
 * A notification can show on a locked phone, so it never carries the customer's name, phone,
 * email, address or note: the site's name, the order's number, total and time.
 */
import { and, eq, inArray } from "drizzle-orm";
import { fill } from "~/lib/i18n/text";
import { pushWords } from "~/lib/i18n/portal/push";
import { formatPrice } from "~/lib/price";
import type { Database } from "../db/client.server";
import { createId } from "../db/ids.server";
import { orderMail, orders, productInfo, products, siteMembers } from "../db/schema";
import { staffRolesWith } from "../access/site-reach.server";
import type { Transaction } from "../events/events.server";
import { logger } from "../http/log.server";
import type { OrderJob } from "../orders/order-mail.server";
import { shortTimeText } from "../orders/order-mail-templates.server";
import type { Env } from "../runtime/env.server";
import {
  deleteGoneSubscription,
  recordDelivery,
  subscriptionsOf,
} from "./push-subscriptions.server";
import { sendPush, type PushMessage } from "./web-push.server";

export const PUSH_NEW_ORDER_KIND = "push-new-order";
export const PUSH_REMINDER_KIND = "push-reminder";
export type OrderPushKind = typeof PUSH_NEW_ORDER_KIND | typeof PUSH_REMINDER_KIND;

/**
 * A notification of an order this much later than it was queued is news no longer (the
 * inbox shows the order): it is dropped, not sent, and never counts as a failed mail.
 */
export const ORDER_PUSH_FRESH_MS = 60 * 60_000;
/** How long a push service keeps it for a phone that is off: as long as it is news. */
const ORDER_PUSH_TTL_SECONDS = ORDER_PUSH_FRESH_MS / 1000;

/**
 * The users who may see the site's orders, and so are notified of them: its owner and its
 * staff whose role has `orders` (app/lib/site-access.ts). The one place that says who they are.
 */
export async function orderWatchers(
  db: Database | Transaction,
  productId: string,
): Promise<string[]> {
  const [site] = await db
    .select({ ownerUid: products.ownerUid, exists: products.exists })
    .from(products)
    .where(eq(products.id, productId));
  if (!site?.exists) return [];
  const staff = await db
    .select({ userId: siteMembers.userId })
    .from(siteMembers)
    .where(
      and(
        eq(siteMembers.productId, productId),
        inArray(siteMembers.role, staffRolesWith("orders")),
      ),
    );
  return [site.ownerUid, ...staff.map((member) => member.userId)];
}

/**
 * Inside the transaction that makes the order visible to its watchers: queues its push when
 * any of them has a device to notify. Returns whether it did; the caller kicks the outbox
 * after the commit, as it does for the owner's mail.
 */
export async function queueOrderPush(
  tx: Transaction,
  order: { orderId: string; productId: string },
  kind: OrderPushKind,
): Promise<boolean> {
  const devices = await subscriptionsOf(tx, await orderWatchers(tx, order.productId));
  if (devices.length === 0) return false;
  await tx.insert(orderMail).values({ id: createId(), orderId: order.orderId, kind });
  return true;
}

/** Where tapping a notification of the order goes: its card in the inbox's Today list. */
export function orderInboxPath(orderId: string): string {
  return `/user/orders#order-${orderId}-title`;
}

/** What a notification of the order says; nothing in it is the customer's. */
export function orderPushMessage(
  order: {
    id: string;
    number: number;
    fulfilment: "pickup" | "delivery";
    slotAt: Date;
    createdAt: Date;
    totalCents: number;
    currency: string;
  },
  site: { name: string; timeZone: string },
  kind: OrderPushKind,
): PushMessage {
  const text = fill(
    order.fulfilment === "pickup" ? pushWords.newOrderPickup : pushWords.newOrderDelivery,
    {
      number: order.number,
      total: formatPrice(order.totalCents, order.currency),
      // As the owner's new-order mail says it: the clock on the day it was placed.
      time: shortTimeText(order.slotAt, order.createdAt, site.timeZone),
    },
  );
  return {
    title: site.name,
    body: kind === PUSH_REMINDER_KIND ? fill(pushWords.reminder, { text }) : text,
    url: orderInboxPath(order.id),
    tag: `order-${order.id}`,
    renotify: kind === PUSH_REMINDER_KIND,
  };
}

export interface OrderPushServices {
  db: Database;
  env: Pick<Env, "push" | "deployment">;
  now?: () => number;
}

export type OrderPushOutcome =
  { done: true } | { skipped: string } | { failed: string; retry: boolean };

/**
 * Sends the order's notification to every device of its watchers. `queuedAt` (when its outbox
 * row was written) drops it once it is no longer news. Devices the push service took get
 * their last success; gone ones are deleted; when one failed in a way that may pass, the
 * whole push is tried again later (devices that had it show the same notification once).
 */
export async function sendOrderPush(
  services: OrderPushServices,
  orderId: string,
  kind: OrderPushKind,
  queuedAt?: Date,
): Promise<OrderPushOutcome> {
  const { db, env } = services;
  const now = (services.now ?? Date.now)();
  const [row] = await db
    .select({
      order: orders,
      site: { name: productInfo.name, timeZone: productInfo.timeZone },
    })
    .from(orders)
    .innerJoin(productInfo, eq(productInfo.productId, orders.productId))
    .where(eq(orders.id, orderId));
  if (!row) return { skipped: "The order no longer exists." };
  if (row.order.state !== "new") return { skipped: "The order is no longer waiting." };
  if (queuedAt && now - queuedAt.getTime() > ORDER_PUSH_FRESH_MS) {
    return { skipped: "Too late for a notification." };
  }
  const devices = await subscriptionsOf(db, await orderWatchers(db, row.order.productId));
  if (devices.length === 0) return { skipped: "No device to notify." };

  const message = orderPushMessage(row.order, row.site, kind);
  const results = await Promise.all(
    devices.map(async (device) => {
      const result = await sendPush(env.push, device, message, {
        deployment: env.deployment,
        ttlSeconds: ORDER_PUSH_TTL_SECONDS,
        urgency: "high",
        topic: `order${orderId}`.slice(0, 32),
      });
      if ("sent" in result) await recordDelivery(db, device.id, new Date(now));
      if ("gone" in result) await deleteGoneSubscription(db, device);
      return result;
    }),
  );
  const failures = results.flatMap((result) => ("failed" in result ? [result] : []));
  const log = {
    orderId,
    kind,
    devices: devices.length,
    sent: results.filter((result) => "sent" in result).length,
    gone: results.filter((result) => "gone" in result).length,
  };
  if (failures.length === 0) {
    logger.info(log, "Order notification sent");
    return { done: true };
  }
  const error = failures[0]!.failed;
  // No endpoint is logged: it is the device's key.
  logger.warn({ ...log, failed: failures.length, error }, "Order notification failed");
  const retry = failures.some((failure) => failure.retry);
  if (retry) return { failed: error, retry: true };
  // Devices the push service refuses for good: nothing to wait for, nothing for the inbox.
  return { skipped: `Not sent to ${failures.length} device(s): ${error}` };
}

/** The outbox's push jobs (order-mail.server.ts's `jobs`), by kind. */
export function orderPushJobs(services: OrderPushServices): Record<OrderPushKind, OrderJob> {
  return {
    [PUSH_NEW_ORDER_KIND]: (orderId, _attemptKey, row) =>
      sendOrderPush(services, orderId, PUSH_NEW_ORDER_KIND, row?.queuedAt),
    [PUSH_REMINDER_KIND]: (orderId, _attemptKey, row) =>
      sendOrderPush(services, orderId, PUSH_REMINDER_KIND, row?.queuedAt),
  };
}
