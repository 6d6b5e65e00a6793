/**
 * A new order's push notification is not lost to a crash: an order is placed on a portal in a
 * child process, the outbox has posted its push to the push service, and the process is
 * killed outright (SIGKILL) before the push service answered. Started again once the claim's
 * lease is over, the portal sends the push, once, and the device decrypts the order's
 * notification.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatCart } from "../../app/lib/order-cart";
import { orderMail, orders } from "../../app/server/db/schema";
import { PUSH_NEW_ORDER_KIND } from "../../app/server/push/order-push.server";
import { saveSubscription } from "../../app/server/push/push-subscriptions.server";
import {
  createChildPortalDatabase,
  startChildPortal,
  type ChildPortal,
  type ChildPortalDatabase,
} from "../support/child-portal";
import {
  createOrderingSite,
  LEMONADE,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";
import {
  createPushDevice,
  startPushService,
  type PushDevice,
  type PushService,
} from "../support/push-service";

let push: PushService;
let device: PushDevice;
let database: ChildPortalDatabase;
let siteId: string;
let orderPath: string;
let cart: string;
let slot: number;

beforeAll(async () => {
  push = await startPushService();
  device = createPushDevice(`${push.url}/push/owner-phone`);
  database = await createChildPortalDatabase("portal-push-crash-", "the push crash test");
  const services = await database.open();
  try {
    const site = await createOrderingSite(services, "Crash Bakery", [LEMONADE]);
    siteId = site.productId;
    orderPath = site.orderPath;
    cart = formatCart([{ itemId: site.ids["Lemonade"]!, quantity: 2, choiceIds: [] }]);
    slot = orderingSlots(site.settings)[0]!.start;
    await saveSubscription(services.db, site.ownerUid, device.subscription, false);
  } finally {
    await services.close();
  }
}, 120_000);

afterAll(async () => {
  await database?.remove();
  await push?.close();
});

function startPortal(): Promise<ChildPortal> {
  return startChildPortal({
    ...database.env,
    PUBLIC_PAGES_CLOCK: new Date(ORDERING_CLOCK).toISOString(),
    LOG_LEVEL: "warn",
  });
}

async function pushRows() {
  const services = await database.open();
  try {
    return await services.db
      .select({ row: orderMail, number: orders.number })
      .from(orderMail)
      .innerJoin(orders, eq(orders.id, orderMail.orderId))
      .where(and(eq(orders.productId, siteId), eq(orderMail.kind, PUSH_NEW_ORDER_KIND)));
  } finally {
    await services.close();
  }
}

it("sends a new order's push once after a SIGKILL that cut it off", async () => {
  push.answer("owner-phone", "hold");
  let portal = await startPortal();
  try {
    const answer = await fetch(portal.url + orderPath, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({
        step: "place",
        cart,
        placeKey: randomBytes(12).toString("hex"),
        fulfilment: "pickup",
        slot: String(slot),
        name: "Ada Lovelace",
        phone: "+1 555 0101",
      }),
    });
    expect(answer.status, portal.output()).toBe(303);
    // The order committed, and its push reached the push service, which holds its answer.
    await push.waitFor("owner-phone", 1);
  } finally {
    portal.signal("SIGKILL");
  }
  expect(await portal.exited).toBe("SIGKILL");

  const [cut] = await pushRows();
  expect(cut!.row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
  // Claimed: no process takes it until its lease is over (15 minutes; moved here).
  expect(cut!.row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  const services = await database.open();
  try {
    await services.db
      .update(orderMail)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(orderMail.id, cut!.row.id));
  } finally {
    await services.close();
  }

  push.answer("owner-phone", 201);
  portal = await startPortal();
  try {
    // The outbox's first round at start sends what the last run left.
    const messages = await push.waitFor("owner-phone", 2, 60_000);
    const shown = JSON.parse(device.decrypt(messages[1]!.body)) as { body: string };
    expect(shown.body).toMatch(new RegExp(`^New order ${cut!.number} · \\$7\\.00 · pickup `));
    expect(shown.body).not.toContain("Ada");
    // A later round (the poll, another kick) does not send it again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
  } finally {
    portal.signal("SIGTERM");
    await portal.exited;
  }
  expect(push.received.filter((entry) => entry.device === "owner-phone")).toHaveLength(2);
  const [sent] = await pushRows();
  expect(sent!.row.sentAt).not.toBeNull();
}, 180_000);
