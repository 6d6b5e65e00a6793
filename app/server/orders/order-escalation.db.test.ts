/**
 * Orders nobody answers, on a real database with the tests' own clock: the owner reminded
 * once at the reminder time, the order turned down once at the give-up time (as the owner
 * would reject it: the customer told in their language, a paid card order refunded at the
 * fake Stripe; its status page and mail giving the reason in the order's language), never
 * with "never", and orders already answered, or awaiting payment, left alone. Two sweeps at once, as two server processes would run them, do each step once.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "~/lib/i18n/words/en";
import { de } from "~/lib/i18n/words/de";
import type { PricedLine } from "~/lib/order-cart";
import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from "~/lib/order-settings";
import type { OrderState } from "~/lib/order-states";
import { createId } from "~/server/db/ids.server";
import { orderMail, orders, products } from "~/server/db/schema";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import type { RunningServices } from "~/server/runtime/services.server";
import {
  connectCards,
  startCheckout,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/support/card-payments";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../../../tests/support/ordering-site";
import { startHttpApp } from "../../../tests/support/http-app";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createSecondServices } from "../../../tests/support/test-services";
import { changeOrder } from "./order-changes.server";
import {
  ORDER_REMINDER_KIND,
  startOrderEscalation,
  sweepUnansweredOrders,
} from "./order-escalation.server";
import { createOrderMail } from "./order-mail.server";
import { placeOrder } from "./place-order.server";

const NOW = ORDERING_CLOCK;
const MINUTE = 60_000;

let harness: PaymentsHarness;
let services: RunningServices;
/** Another server process's services on the same database. */
let second: RunningServices;

beforeAll(async () => {
  harness = await startPaymentsHarness({ now: () => NOW });
  services = harness.services;
  second = await createSecondServices(services);
});
afterAll(async () => {
  await second?.close();
  await harness?.close();
});

let sites = 0;
async function makeSite(settings: Partial<OrderSettings> = {}) {
  sites += 1;
  const name = `Slow Kitchen ${sites}`;
  return { name, ...(await createOrderingSite(services, name, [MARGHERITA, LEMONADE], settings)) };
}

const LINES: PricedLine[] = [
  { itemId: "x", name: "Lemonade", quantity: 2, choices: [], unitCents: 350, lineCents: 700 },
];

let orderNumber = 0;
/** An order as placed at NOW (or as given), new unless told. */
async function newOrder(
  productId: string,
  values: Partial<typeof orders.$inferInsert> & { state?: OrderState } = {},
) {
  orderNumber += 1;
  const [row] = await services.db
    .insert(orders)
    .values({
      id: createId(),
      productId,
      token: (createId() + createId() + createId()).slice(0, 32),
      number: orderNumber,
      placeKey: createId(),
      state: "new",
      fulfilment: "pickup",
      slotAt: new Date(NOW + 30 * MINUTE),
      customerName: "Ada",
      customerPhone: "+1 555 0100",
      customerEmail: "ada@example.com",
      lines: LINES,
      subtotalCents: 700,
      totalCents: 700,
      currency: "USD",
      history: [{ state: values.state ?? "new", at: new Date(NOW).toISOString() }],
      createdAt: new Date(NOW),
      ...values,
    })
    .returning();
  return row!;
}

async function orderOf(id: string) {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function outboxOf(id: string) {
  const rows = await services.db
    .select({ kind: orderMail.kind })
    .from(orderMail)
    .where(eq(orderMail.orderId, id));
  return rows.map((row) => row.kind).sort();
}

/** Sweeps at `at` in this process and in the second at the same moment. */
async function sweepTwice(at: number) {
  const [one, two] = await Promise.all([
    sweepUnansweredOrders(services.events, at),
    sweepUnansweredOrders(second.events, at),
  ]);
  return {
    reminded: one.reminded + two.reminded,
    gaveUp: one.gaveUp + two.gaveUp,
    refundsQueued: one.refundsQueued + two.refundsQueued,
  };
}

// Each sweep below looks at every order in the database: a test's orders are answered (or
// turned down) before it ends, so that none is left for the next one's counts.
async function closeOpenOrders() {
  await services.db
    .update(orders)
    .set({ state: "completed", closedAt: new Date(NOW) })
    .where(eq(orders.state, "new"));
}
beforeEach(closeOpenOrders);

describe("reminders", () => {
  it("remind the owner once, the reminder time after the order came in, across two processes", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    const order = await newOrder(site.productId);

    expect(await sweepTwice(NOW + 3 * MINUTE - 1000)).toMatchObject({ reminded: 0, gaveUp: 0 });
    expect(await outboxOf(order.id)).toEqual([]);

    expect(await sweepTwice(NOW + 3 * MINUTE)).toMatchObject({ reminded: 1, gaveUp: 0 });
    expect(await outboxOf(order.id)).toEqual([ORDER_REMINDER_KIND]);
    const reminded = await orderOf(order.id);
    expect(reminded.remindedAt?.getTime()).toBe(NOW + 3 * MINUTE);
    expect(reminded.state).toBe("new");

    // Later sweeps, in either process, remind no more.
    expect(await sweepTwice(NOW + 10 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 0 });
    expect(await outboxOf(order.id)).toEqual([ORDER_REMINDER_KIND]);
  });

  it("follow each site's own reminder time", async () => {
    const quick = await makeSite({ remindMinutes: 1, giveUpMinutes: null });
    const patient = await makeSite({ remindMinutes: 20, giveUpMinutes: null });
    const early = await newOrder(quick.productId);
    const late = await newOrder(patient.productId);
    expect(await sweepTwice(NOW + 2 * MINUTE)).toMatchObject({ reminded: 1 });
    expect(await outboxOf(early.id)).toEqual([ORDER_REMINDER_KIND]);
    expect(await outboxOf(late.id)).toEqual([]);
    expect(await sweepTwice(NOW + 20 * MINUTE)).toMatchObject({ reminded: 1 });
    expect(await outboxOf(late.id)).toEqual([ORDER_REMINDER_KIND]);
  });
});

describe("giving up", () => {
  it("turns the order down once at the give-up time, as the owner would reject it", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    const order = await newOrder(site.productId);
    await sweepTwice(NOW + 3 * MINUTE);

    expect(await sweepTwice(NOW + 15 * MINUTE - 1000)).toMatchObject({ gaveUp: 0 });
    expect((await orderOf(order.id)).state).toBe("new");

    expect(await sweepTwice(NOW + 15 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 1 });
    const given = await orderOf(order.id);
    expect(given).toMatchObject({
      state: "rejected",
      rejectReason: en.rejectReasonNotConfirmedRestaurant,
      closedAt: new Date(NOW + 15 * MINUTE),
    });
    expect(given.history.filter((entry) => entry.state === "rejected")).toEqual([
      { state: "rejected", at: new Date(NOW + 15 * MINUTE).toISOString() },
    ]);
    // One reminder to the owner, one mail telling the customer.
    expect(await outboxOf(order.id)).toEqual(["customer-rejected", ORDER_REMINDER_KIND]);

    expect(await sweepTwice(NOW + 60 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 0 });
    expect((await orderOf(order.id)).history).toEqual(given.history);
    expect(await outboxOf(order.id)).toEqual(["customer-rejected", ORDER_REMINDER_KIND]);
  });

  it("turns down a shop's order in a shop's words", async () => {
    const restaurant = await makeSite({ giveUpMinutes: 15 });
    // The ordering site is a restaurant: made a shop here, as only the words differ.
    const shop = await makeSite({ giveUpMinutes: 15 });
    await services.db
      .update(products)
      .set({ type: "shoppy" })
      .where(eq(products.id, shop.productId));
    const shopOrder = await newOrder(shop.productId);
    const restaurantOrder = await newOrder(restaurant.productId);
    await sweepTwice(NOW + 15 * MINUTE);
    expect((await orderOf(shopOrder.id)).rejectReason).toBe(en.rejectReasonNotConfirmedShop);
    expect((await orderOf(restaurantOrder.id)).rejectReason).toBe(
      en.rejectReasonNotConfirmedRestaurant,
    );
  });

  it("turns down an order past both times at once without reminding of it first", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    const order = await newOrder(site.productId);
    // The servers were all down from the order's first minute until long after.
    expect(await sweepTwice(NOW + 90 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 1 });
    expect(await outboxOf(order.id)).toEqual(["customer-rejected"]);
  });

  it("never turns an order down when the owner chose never", async () => {
    const site = await makeSite({ remindMinutes: 5, giveUpMinutes: null });
    const order = await newOrder(site.productId);
    expect(await sweepTwice(NOW + 2 * 24 * 60 * MINUTE)).toMatchObject({
      reminded: 1,
      gaveUp: 0,
    });
    expect((await orderOf(order.id)).state).toBe("new");
    expect(await outboxOf(order.id)).toEqual([ORDER_REMINDER_KIND]);
  });

  it("leaves alone orders answered, closed or awaiting payment", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    const states: OrderState[] = [
      "accepted",
      "ready",
      "completed",
      "rejected",
      "cancelled",
      "awaiting-payment",
    ];
    const untouched = await Promise.all(
      states.map((state) => newOrder(site.productId, { state, createdAt: new Date(NOW) })),
    );
    // Answered after its reminder: not turned down later.
    const answered = await newOrder(site.productId);
    await sweepTwice(NOW + 4 * MINUTE);
    await changeOrder(services.events, answered.id, { action: "accept", delayMinutes: 0 }, NOW);

    expect(await sweepTwice(NOW + 5 * 60 * MINUTE)).toEqual({
      reminded: 0,
      gaveUp: 0,
      refundsQueued: 0,
    });
    for (const [index, order] of untouched.entries()) {
      expect(await orderOf(order.id)).toMatchObject({ state: states[index], remindedAt: null });
      expect(await outboxOf(order.id)).toEqual([]);
    }
    expect((await orderOf(answered.id)).state).toBe("accepted");
  });

  it("does not reject an order answered between the sweep's look and its turn", async () => {
    const site = await makeSite();
    const order = await newOrder(site.productId, { state: "accepted" });
    // Rejecting an accepted order is the owner's to do; the sweep's turn-down only from new.
    const result = await changeOrder(
      services.events,
      order.id,
      { action: "reject", reason: en.rejectReasonNotConfirmedRestaurant },
      NOW + 20 * MINUTE,
      { onlyFrom: "new" },
    );
    expect(result).toEqual({ changed: false, state: "accepted" });
    expect((await orderOf(order.id)).state).toBe("accepted");
  });
});

describe("the mails", () => {
  let inbox: SmtpInbox;
  let mailer: Mailer;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    mailer = createMailer({
      transport: "smtp",
      smtpUrl: inbox.url,
      from: "Site Builder <no-reply@portal.test>",
    });
  });
  afterAll(async () => {
    mailer?.close();
    await inbox?.close();
  });
  beforeEach(async () => {
    // A webhook still arriving from an earlier test would send this test's mail elsewhere.
    await harness.fake.webhooksIdle();
    // Only this test's mail: whatever earlier tests left due is closed.
    await services.db
      .update(orderMail)
      .set({ sentAt: new Date() })
      .where(and(isNull(orderMail.sentAt), isNull(orderMail.failedAt)));
  });

  it("remind the owner when the order will be turned down, and tell the customer why in their language", async () => {
    const site = await makeSite({
      remindMinutes: 3,
      giveUpMinutes: 15,
      email: "kitchen@example.com",
    });
    const order = await newOrder(site.productId, {
      customerEmail: "kunde@example.com",
      language: "de",
    });
    const sender = createOrderMail({
      db: services.db,
      mailer,
      publicUrl: "https://portal.test",
      // Queued rows are due from the database's own time, the real one.
      now: () => Date.now(),
    });
    try {
      await sweepUnansweredOrders(services.events, NOW + 3 * MINUTE);
      await sender.runOnce();
      const reminder = await inbox.take("kitchen@example.com");
      expect(reminder.subject).toBe(
        `Still waiting: order ${order.number} · ${site.name} · pickup 12:30 PM`,
      );
      // Came in at noon in New York; turned down at 12:15 PM unless answered.
      expect(reminder.text).toContain("came in at 12:00 PM and is still waiting for you");
      expect(reminder.text).toContain("If you have not accepted or rejected it by 12:15 PM");
      expect(reminder.text).toContain("https://portal.test/user/orders");

      await sweepUnansweredOrders(services.events, NOW + 15 * MINUTE);
      await sender.runOnce();
      const told = await inbox.take("kunde@example.com");
      expect(told.text).toContain(de.rejectReasonNotConfirmedRestaurant);
      expect(told.text).not.toContain(en.rejectReasonNotConfirmedRestaurant);
      // So does the order's page, in the language it was placed in.
      const app = await startHttpApp(services, { countRenders: false });
      try {
        const page = await (await fetch(`${app.url}/o/${order.token}`)).text();
        expect(page).toContain(de.rejectReasonNotConfirmedRestaurant);
        expect(page).not.toContain(en.rejectReasonNotConfirmedRestaurant);
      } finally {
        await app.close();
      }
      expect(await inbox.nothingFor("kitchen@example.com")).toBe(true);
    } finally {
      await sender.close();
    }
  });

  it("send no reminder for an order answered before it went out", async () => {
    const site = await makeSite({ remindMinutes: 3, email: "answered@example.com" });
    const order = await newOrder(site.productId);
    const sender = createOrderMail({
      db: services.db,
      mailer,
      publicUrl: "https://portal.test",
      now: () => Date.now(),
    });
    try {
      await sweepUnansweredOrders(services.events, NOW + 3 * MINUTE);
      await changeOrder(services.events, order.id, { action: "accept", delayMinutes: 0 }, NOW);
      await sender.runOnce();
      expect(await inbox.nothingFor("answered@example.com")).toBe(true);
      const [row] = await services.db
        .select()
        .from(orderMail)
        .where(and(eq(orderMail.orderId, order.id), eq(orderMail.kind, ORDER_REMINDER_KIND)));
      expect(row).toMatchObject({ lastError: "The order was answered." });
      expect(row!.sentAt).not.toBeNull();
    } finally {
      await sender.close();
    }
  });
});

describe("the sweep in the server", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sweeps at once and on its interval, sends what it queued, and stops when closed", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    const order = await newOrder(site.productId);
    const kick = vi.fn();
    let clock = NOW + 5 * MINUTE;
    const escalation = startOrderEscalation({
      events: services.events,
      outbox: { kick },
      now: () => clock,
      intervalMs: 50,
    });
    try {
      await expect.poll(async () => (await orderOf(order.id)).remindedAt).not.toBeNull();
      await expect.poll(() => kick.mock.calls.length).toBeGreaterThanOrEqual(1);
      clock = NOW + 16 * MINUTE;
      await expect.poll(async () => (await orderOf(order.id)).state).toBe("rejected");
      // Kicked once the sweep that turned it down has finished.
      await expect.poll(() => kick.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      await escalation.close();
    }
    // Closed: no more sweeps, even with orders due.
    const later = await newOrder(site.productId);
    clock = NOW + 60 * MINUTE;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await orderOf(later.id)).state).toBe("new");
    expect(await escalation.runOnce()).toBeNull();
  });
});

// Last: the fake Stripe's webhooks after a refund kick this process's outbox.
describe("card orders", () => {
  it("counts a card order from its payment, and refunds it when turned down", async () => {
    const site = await makeSite({ remindMinutes: 3, giveUpMinutes: 15 });
    await connectCards(harness, site, "optional");
    const placed = await placeOrder(
      services.events,
      site.productId,
      {
        cartLines: [{ itemId: site.ids["Lemonade"]!, quantity: 2, choiceIds: [] }],
        placeKey: `late${createId()}`.padEnd(32, "z").slice(0, 32),
        fulfilment: "pickup",
        slot: orderingSlots(DEFAULT_ORDER_SETTINGS)[0]!.start,
        name: "Grace",
        phone: "+1 555 0102",
        email: "grace@example.com",
        address: "",
        note: "",
        language: "en",
        payment: "card",
      },
      NOW,
      { cardsConfigured: true },
    );
    if (!placed.placed) throw new Error(placed.message);
    // Awaiting payment for 20 minutes: not the owner's to answer yet.
    expect(await sweepTwice(NOW + 20 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 0 });

    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    // The webhook's clock is the real one: the payment is put at NOW + 20 minutes.
    const paidAt = NOW + 20 * MINUTE;
    await services.db
      .update(orders)
      .set({ paidAt: new Date(paidAt) })
      .where(eq(orders.id, placed.orderId));
    expect(await orderOf(placed.orderId)).toMatchObject({ state: "new", paymentState: "paid" });

    expect(await sweepTwice(paidAt + 2 * MINUTE)).toMatchObject({ reminded: 0, gaveUp: 0 });
    expect(await sweepTwice(paidAt + 3 * MINUTE)).toMatchObject({ reminded: 1, gaveUp: 0 });
    expect(await sweepTwice(paidAt + 14 * MINUTE)).toMatchObject({ gaveUp: 0 });
    expect(await sweepTwice(paidAt + 15 * MINUTE)).toEqual({
      reminded: 0,
      gaveUp: 1,
      refundsQueued: 1,
    });
    expect(await orderOf(placed.orderId)).toMatchObject({
      state: "rejected",
      paymentState: "refunding",
    });
    await services.orderMail.runOnce();
    await expect.poll(async () => (await orderOf(placed.orderId)).paymentState).toBe("refunded");
    const paymentIntent = (await orderOf(placed.orderId)).paymentId;
    const refunds = [...harness.fake.refunds.values()].filter(
      (refund) => refund.payment_intent === paymentIntent,
    );
    expect(refunds.map((refund) => refund.amount)).toEqual([700]);
  });
});
