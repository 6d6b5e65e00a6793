/**
 * Push notifications of orders on a real database and a local push service
 * (tests/support/push-service.ts): queued in the transaction that places the order (or that
 * records its card payment) and sent by the outbox after the commit; what the device decrypts
 * (the order's number, total and time, nothing of the customer); devices the push service
 * has forgotten (404, 410) deleted; a failing push service tried again; reminders; and
 * notifications that are no longer news dropped.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/order-cart";
import { createId } from "~/server/db/ids.server";
import {
  orderMail,
  orderSettings,
  orders,
  paymentAccounts,
  pushSubscriptions,
} from "~/server/db/schema";
import { createOrderMail, type OrderMailSender } from "~/server/orders/order-mail.server";
import { clockAt } from "~/server/orders/order-inbox.server";
import { placeOrder } from "~/server/orders/place-order.server";
import { settleCheckout } from "~/server/payments/card-checkout.server";
import type { RunningServices } from "~/server/runtime/services.server";
import {
  createOrderingSite,
  LEMONADE,
  ORDERING_CLOCK,
  ORDERING_ZONE,
  orderingSlots,
  type OrderingSite,
} from "../../../tests/support/ordering-site";
import {
  checkVapid,
  createPushDevice,
  startPushService,
  type PushDevice,
  type PushService,
} from "../../../tests/support/push-service";
import { createTestServices } from "../../../tests/support/test-services";
import {
  ORDER_PUSH_FRESH_MS,
  orderPushJobs,
  orderWatchers,
  PUSH_NEW_ORDER_KIND,
  PUSH_REMINDER_KIND,
  sendOrderPush,
} from "./order-push.server";
import { saveSubscription } from "./push-subscriptions.server";

const CUSTOMER = {
  name: "Ada Lovelace",
  phone: "+1 555 0199",
  email: "ada@example.com",
  address: "12 Elm Street, Springfield",
  note: "Ring the bell twice",
};
/** Words of the customer's that must never reach a lock screen. */
const PERSONAL = [
  "Ada",
  "Lovelace",
  "555",
  "0199",
  "ada@example.com",
  "Elm",
  "Springfield",
  "bell",
];

let services: RunningServices;
let push: PushService;
let site: OrderingSite;
let keyCounter = 0;
let opened: OrderMailSender[] = [];

beforeAll(async () => {
  services = await createTestServices();
  push = await startPushService();
  site = await createOrderingSite(services, "Push Cafe", [LEMONADE], {
    delivery: true,
    deliveryFeeCents: 0,
    deliveryMinimumCents: 0,
  });
}, 60_000);
afterAll(async () => {
  await services?.close();
  await push?.close();
});
beforeEach(async () => {
  // Each test sends only its own: whatever an earlier one left due is closed.
  await services.db
    .update(orderMail)
    .set({ sentAt: new Date() })
    .where(and(isNull(orderMail.sentAt), isNull(orderMail.failedAt)));
  await services.db.delete(pushSubscriptions);
});
afterEach(async () => {
  for (const sender of opened) await sender.close();
  opened = [];
});

/** The outbox with the push jobs, pushes worded at the ordering clock; `now` moves its clock. */
function outbox(now: () => number = Date.now): OrderMailSender {
  const sender = createOrderMail({
    db: services.db,
    mailer: services.mailer,
    publicUrl: services.env.publicUrl,
    jobs: orderPushJobs({ db: services.db, env: services.env, now: () => ORDERING_CLOCK }),
    now,
  });
  opened.push(sender);
  return sender;
}

async function subscribe(name: string, userId = site.ownerUid): Promise<PushDevice> {
  const device = createPushDevice(`${push.url}/push/${name}`);
  const saved = await saveSubscription(services.db, userId, device.subscription, false);
  expect(saved).toEqual({ saved: true });
  return device;
}

function cart(quantity = 2): CartLine[] {
  return [{ itemId: site.ids["Lemonade"]!, quantity, choiceIds: [] }];
}

async function place(overrides: Record<string, unknown> = {}) {
  keyCounter += 1;
  const slot = orderingSlots(site.settings)[0]!.start;
  const placed = await placeOrder(
    services.events,
    site.productId,
    {
      cartLines: cart(),
      placeKey: `push${String(keyCounter).padStart(6, "0")}${"x".repeat(12)}`,
      fulfilment: "pickup",
      slot,
      name: CUSTOMER.name,
      phone: CUSTOMER.phone,
      email: CUSTOMER.email,
      address: "",
      note: CUSTOMER.note,
      language: "en",
      ...overrides,
    },
    ORDERING_CLOCK,
    { cardsConfigured: true },
  );
  if (!placed.placed) throw new Error(placed.message);
  const [order] = await services.db.select().from(orders).where(eq(orders.id, placed.orderId));
  return { order: order!, slot };
}

async function outboxKinds(orderId: string) {
  const rows = await services.db.select().from(orderMail).where(eq(orderMail.orderId, orderId));
  return rows.map((row) => row.kind).sort();
}

async function pushRow(orderId: string, kind = PUSH_NEW_ORDER_KIND) {
  const [row] = await services.db
    .select()
    .from(orderMail)
    .where(and(eq(orderMail.orderId, orderId), eq(orderMail.kind, kind)));
  return row;
}

async function subscriptionOf(endpoint: string) {
  const [row] = await services.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

interface Shown {
  title: string;
  body: string;
  url: string;
  tag: string;
  renotify?: boolean;
}

function shownBy(device: PushDevice, body: Buffer): Shown {
  return JSON.parse(device.decrypt(body)) as Shown;
}

describe("a new order", () => {
  it("queues its push in the placing transaction and sends it after the commit, with nothing of the customer", async () => {
    const device = await subscribe("phone");
    const { order, slot } = await place();
    // Written with the order; nothing sent yet.
    expect(await outboxKinds(order.id)).toEqual(["owner-new", PUSH_NEW_ORDER_KIND]);
    expect(push.received.filter((entry) => entry.device === "phone")).toHaveLength(0);

    await outbox().runOnce();
    const [message] = await push.waitFor("phone", 1);
    const shown = shownBy(device, message!.body);
    expect(shown).toEqual({
      title: "Push Cafe",
      body: `New order ${order.number} · $7.00 · pickup ${clockAt(slot, ORDERING_ZONE)}`,
      url: `/user/orders#order-${order.id}-title`,
      tag: `order-${order.id}`,
      renotify: false,
    });
    const plaintext = device.decrypt(message!.body);
    const headers = JSON.stringify(message!.headers);
    for (const word of PERSONAL) {
      expect(plaintext).not.toContain(word);
      expect(headers).not.toContain(word);
    }
    expect(message!.headers).toMatchObject({
      "content-encoding": "aes128gcm",
      urgency: "high",
      ttl: String(ORDER_PUSH_FRESH_MS / 1000),
    });
    expect(
      checkVapid(message!.headers, { publicKey: services.env.push.publicKey, audience: push.url }),
    ).toEqual({ subject: services.env.push.subject });

    expect((await pushRow(order.id))!.sentAt).not.toBeNull();
    expect((await subscriptionOf(device.subscription.endpoint))!.lastSuccessAt).not.toBeNull();
    // Sent once: the outbox has nothing more for it.
    await outbox().runOnce();
    expect(push.received.filter((entry) => entry.device === "phone")).toHaveLength(1);
  });

  it("says delivery for a delivery order, without its address", async () => {
    const device = await subscribe("tablet");
    const { order } = await place({ fulfilment: "delivery", address: CUSTOMER.address });
    await outbox().runOnce();
    const [message] = await push.waitFor("tablet", 1);
    const shown = shownBy(device, message!.body);
    expect(shown.body).toMatch(new RegExp(`^New order ${order.number} · \\$7\\.00 · delivery `));
    for (const word of PERSONAL) expect(device.decrypt(message!.body)).not.toContain(word);
  });

  it("queues no push while nobody who sees the site's orders has a device", async () => {
    const stranger = await createOrderingSite(services, "Other Cafe", [LEMONADE]);
    await subscribe("strangers-phone", stranger.ownerUid);
    const { order } = await place();
    expect(await outboxKinds(order.id)).toEqual(["owner-new"]);
    expect(await orderWatchers(services.db, site.productId)).toEqual([site.ownerUid]);
  });

  it("deletes the devices the push service answers 404 or 410 for, and still notifies the others", async () => {
    const gone = await subscribe("gone-410");
    const missing = await subscribe("gone-404");
    const kept = await subscribe("kept");
    push.answer("gone-410", 410);
    push.answer("gone-404", 404);
    const { order } = await place();
    await outbox().runOnce();
    await push.waitFor("kept", 1);
    expect(await subscriptionOf(gone.subscription.endpoint)).toBeNull();
    expect(await subscriptionOf(missing.subscription.endpoint)).toBeNull();
    expect(await subscriptionOf(kept.subscription.endpoint)).not.toBeNull();
    expect((await pushRow(order.id))!.sentAt).not.toBeNull();
  });

  it("is tried again when the push service fails, keeping the device", async () => {
    const device = await subscribe("flaky");
    push.answer("flaky", 503);
    const { order } = await place();
    await outbox().runOnce();
    const failed = await pushRow(order.id);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
    expect(failed!.lastError).toBe("The push service answered 503.");
    expect(await subscriptionOf(device.subscription.endpoint)).not.toBeNull();

    push.answer("flaky", 201);
    // A minute later, when the outbox retries.
    await outbox(() => Date.now() + 2 * 60_000).runOnce();
    const messages = await push.waitFor("flaky", 2);
    expect(shownBy(device, messages[1]!.body).body).toContain(`New order ${order.number}`);
    expect((await pushRow(order.id))!.sentAt).not.toBeNull();
  });

  it("reaches the owner when a card order is paid, not when it is placed", async () => {
    const device = await subscribe("card-phone");
    const accountId = `acct_${createId()}`;
    await services.db.insert(paymentAccounts).values({
      productId: site.productId,
      accountId,
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    await services.db
      .update(orderSettings)
      .set({ cardPayments: "optional" })
      .where(eq(orderSettings.productId, site.productId));
    try {
      const { order } = await place({ payment: "card" });
      expect(order.state).toBe("awaiting-payment");
      expect(await outboxKinds(order.id)).toEqual([]);
      const checkoutId = `cs_${createId()}`;
      await services.db.update(orders).set({ checkoutId }).where(eq(orders.id, order.id));
      const settled = await settleCheckout(
        services.events,
        {
          accountId,
          checkout: { checkoutId, status: "paid", amount: 700, currency: "USD", paymentId: "pi_1" },
          eventId: null,
        },
        ORDERING_CLOCK,
      );
      expect(settled).toMatchObject({ kind: "paid" });
      expect(await outboxKinds(order.id)).toEqual(["owner-new", PUSH_NEW_ORDER_KIND]);
      await outbox().runOnce();
      const [message] = await push.waitFor("card-phone", 1);
      expect(shownBy(device, message!.body).body).toContain(`New order ${order.number} · $7.00`);
    } finally {
      await services.db
        .update(orderSettings)
        .set({ cardPayments: "off" })
        .where(eq(orderSettings.productId, site.productId));
      await services.db.delete(paymentAccounts).where(eq(paymentAccounts.accountId, accountId));
    }
  });
});

describe("a reminder, and pushes no longer needed", () => {
  it("sends the reminder through the outbox as 'Still waiting: …', alerting again", async () => {
    const device = await subscribe("reminded");
    const { order, slot } = await place();
    await outbox().runOnce();
    await push.waitFor("reminded", 1);
    await services.db
      .insert(orderMail)
      .values({ id: createId(), orderId: order.id, kind: PUSH_REMINDER_KIND });
    await outbox().runOnce();
    const messages = await push.waitFor("reminded", 2);
    const shown = shownBy(device, messages[1]!.body);
    expect(shown.body).toBe(
      `Still waiting: New order ${order.number} · $7.00 · pickup ${clockAt(slot, ORDERING_ZONE)}`,
    );
    expect(shown).toMatchObject({ tag: `order-${order.id}`, renotify: true });
  });

  it("drops the push of an order already answered, or one an hour late", async () => {
    await subscribe("late");
    const { order } = await place();
    const stale = new Date(ORDERING_CLOCK - ORDER_PUSH_FRESH_MS - 1000);
    const pushServices = { db: services.db, env: services.env, now: () => ORDERING_CLOCK };
    expect(await sendOrderPush(pushServices, order.id, PUSH_NEW_ORDER_KIND, stale)).toEqual({
      skipped: "Too late for a notification.",
    });
    await services.db.update(orders).set({ state: "accepted" }).where(eq(orders.id, order.id));
    expect(await sendOrderPush(pushServices, order.id, PUSH_REMINDER_KIND)).toEqual({
      skipped: "The order is no longer waiting.",
    });
    expect(push.received.filter((entry) => entry.device === "late")).toHaveLength(0);
  });
});
