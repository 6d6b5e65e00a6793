/**
 * Card payments on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * against the fake Stripe API speaking Stripe's protocol and signing its webhooks as Stripe
 * does: the order's whole life (awaiting payment → new and paid; expired → cancelled with its
 * slot freed; rejected or cancelled → refunded; a refund refused → retried → refunded), each
 * webhook twice and out of order, the customer's return racing the webhook, a paid amount that
 * does not match, deliveries that are unsigned, mis-signed, stale or about another account,
 * a crash before the order was updated, and two-decimal and zero-decimal currencies.
 */
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLine } from "~/lib/order-cart";
import { items, orderMail, orders, paymentEvents, productInfo } from "~/server/db/schema";
import { changeOrder } from "~/server/orders/order-changes.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  connectCards,
  startCheckout,
  startPaymentsHarness,
  TEST_WEBHOOK_SECRET,
  type PaymentsHarness,
} from "../../../tests/support/card-payments";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../../../tests/support/ordering-site";
import { DEFAULT_ORDER_SETTINGS } from "~/lib/order-settings";
import {
  checkoutServices,
  giveUpCheckout,
  POLL_ASKS_PROVIDER_EVERY_MS,
  settleOnPoll,
  settleOnReturn,
} from "./card-checkout.server";
import { retryRefund } from "./card-refunds.server";
import { disconnectPaymentAccount } from "./payment-accounts.server";
import type { PaymentProvider } from "./payments.server";

const NOW = ORDERING_CLOCK;
let harness: PaymentsHarness;
beforeAll(async () => {
  harness = await startPaymentsHarness({ now: () => NOW });
});
afterAll(async () => {
  await harness?.close();
});

interface Site {
  productId: string;
  ownerUid: string;
  accountId: string;
  pizza: string;
  drink: string;
}

async function makeSite(
  options: { currency?: string; slotCap?: number | null; choice?: "optional" | "required" } = {},
): Promise<Site> {
  const { services } = harness;
  const site = await createOrderingSite(services, "Card Diner", [MARGHERITA, LEMONADE], {
    delivery: true,
    deliveryFeeCents: 300,
    slotCap: options.slotCap ?? null,
  });
  if (options.currency) {
    await services.db
      .update(productInfo)
      .set({ currency: options.currency })
      .where(eq(productInfo.productId, site.productId));
  }
  const accountId = await connectCards(harness, site, options.choice ?? "optional");
  return {
    productId: site.productId,
    ownerUid: site.ownerUid,
    accountId,
    pizza: site.ids["Margherita"]!,
    drink: site.ids["Lemonade"]!,
  };
}

let keys = 0;
const cartOf = (site: Site): CartLine[] => [
  { itemId: site.pizza, quantity: 2, choiceIds: ["Lg1"] },
  { itemId: site.drink, quantity: 1, choiceIds: [] },
];

async function placeByCard(
  site: Site,
  overrides: { fulfilment?: "pickup" | "delivery"; payment?: "card" | "in-person" } = {},
) {
  keys += 1;
  const result = await placeOrder(
    harness.services.events,
    site.productId,
    {
      cartLines: cartOf(site),
      placeKey: `card${String(keys).padStart(8, "0")}${"y".repeat(12)}`,
      fulfilment: overrides.fulfilment ?? "pickup",
      slot: orderingSlots(DEFAULT_ORDER_SETTINGS)[0]!.start,
      name: "Grace",
      phone: "+1 555 0102",
      email: "grace@example.com",
      address: overrides.fulfilment === "delivery" ? "1 Main St" : "",
      note: "",
      language: "en",
      payment: overrides.payment ?? "card",
    },
    NOW,
    { cardsConfigured: true },
  );
  if (!result.placed) throw new Error(`refused: ${result.message}`);
  return result;
}

async function orderRow(orderId: string) {
  const [row] = await harness.services.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/**
 * The outbox's refund for the order, done: a round run here, or one a commit kicked in the
 * background (which may hold the row while this one finds nothing to do).
 */
async function refundSettled(orderId: string) {
  await harness.services.orderMail.runOnce();
  await expect.poll(async () => (await orderRow(orderId)).paymentState).not.toBe("refunding");
  return orderRow(orderId);
}

async function mailKinds(orderId: string) {
  const rows = await harness.services.db
    .select({ kind: orderMail.kind })
    .from(orderMail)
    .where(eq(orderMail.orderId, orderId));
  return rows.map((row) => row.kind).sort();
}

/** Delivers a body to the portal's webhook as Stripe would, signed with `secret`. */
async function deliver(body: string, signature: string | null) {
  const response = await fetch(harness.webhookUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature ? { "Stripe-Signature": signature } : {}),
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const stripeForSigning = new Stripe("sk_test_signingonly0001");
function sign(body: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number) {
  return stripeForSigning.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
}

describe("an order paid by card", () => {
  it("awaits payment holding its slot, unseen by the owner, then becomes new and paid once", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    let order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      state: "awaiting-payment",
      payment: "card",
      paymentState: "awaiting",
      paymentAccountId: site.accountId,
    });
    expect(await mailKinds(order.id)).toEqual([]);

    const { url, sessionId } = await startCheckout(harness, order.id, NOW);
    expect(url).toContain(harness.fake.url);
    const created = harness.fake.requests.find(
      (request) => request.method === "POST" && request.path === "/v1/checkout/sessions",
    )!;
    expect(created.stripeAccount).toBe(site.accountId);
    expect(created.idempotencyKey).toBe(`checkout-${order.id}`);
    const session = harness.fake.sessions.get(sessionId)!;
    // 2 large Margheritas at $12.00 (900 + 300) and a lemonade at $3.50.
    expect(session.amount_total).toBe(2750);
    expect(session.currency).toBe("usd");
    expect(session.customer_email).toBe("grace@example.com");
    expect(harness.fake.lineItemsOf(sessionId).map((line) => line.quantity)).toEqual([2, 1]);
    // The status page's token goes to Stripe in the return addresses only.
    const sent = JSON.stringify({ ...created.body, success_url: "", cancel_url: "" });
    expect(sent).not.toContain(order.token);
    expect(created.body["success_url"]).toEqual(expect.stringContaining(`/o/${order.token}`));

    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    order = await orderRow(order.id);
    expect(order).toMatchObject({ state: "new", paymentState: "paid", paidCents: 2750 });
    expect(order.paymentId).toMatch(/^pi_/);
    expect(await mailKinds(order.id)).toEqual(["owner-new"]);

    // The same event again, and the customer's return: nothing more happens.
    const completed = harness.fake.events.find(
      (event) => event.type === "checkout.session.completed" && event.data.object.id === sessionId,
    )!;
    expect((await harness.fake.redeliver(completed.id)).status).toBe(200);
    const checkout = checkoutServices(harness.services)!;
    await settleOnReturn(checkout, { ...order, state: "awaiting-payment" }, NOW);
    expect(await mailKinds(order.id)).toEqual(["owner-new"]);
    expect((await orderRow(order.id)).history.map((entry) => entry.state)).toEqual([
      "awaiting-payment",
      "new",
    ]);
  });

  it("is settled by the customer's return when the webhook is late, and the webhook then changes nothing", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    harness.fake.holdWebhooks(true);
    await harness.fake.completeSession(sessionId);
    const checkout = checkoutServices(harness.services)!;
    // The return and the webhook at once: one order, one mail.
    const [returned, delivered] = await Promise.all([
      settleOnReturn(checkout, await orderRow(placed.orderId), NOW),
      harness.fake.releaseWebhooks(),
    ]);
    expect(delivered.every((delivery) => delivery.status === 200)).toBe(true);
    expect(["paid", "unchanged"]).toContain(returned.kind);
    expect(await orderRow(placed.orderId)).toMatchObject({ state: "new", paymentState: "paid" });
    expect(await mailKinds(placed.orderId)).toEqual(["owner-new"]);
  });

  it("is completed by Stripe's next delivery when the first one died before the order was updated", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    harness.dropNextDeliveries(1);
    const { event } = await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    const attempts = harness.fake.deliveries.filter((delivery) => delivery.eventId === event.id);
    expect(attempts[0]!.status).toBeUndefined();
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(await orderRow(placed.orderId)).toMatchObject({ state: "new", paymentState: "paid" });
    expect(await mailKinds(placed.orderId)).toEqual(["owner-new"]);
  });

  it("is cancelled, its slot freed, when its checkout expires", async () => {
    const site = await makeSite({ slotCap: 1 });
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    // The slot is held: another order for it is refused.
    await expect(placeByCard(site)).rejects.toThrow(/fully booked/);
    await harness.fake.expireSession(sessionId);
    await harness.fake.webhooksIdle();
    expect(await orderRow(placed.orderId)).toMatchObject({
      state: "cancelled",
      paymentState: "awaiting",
    });
    expect(await mailKinds(placed.orderId)).toEqual([]);
    // Freed: the next customer takes it.
    const next = await placeByCard(site, { payment: "in-person" });
    expect((await orderRow(next.orderId)).state).toBe("new");
  });

  it("stays paid when an 'expired' event comes after 'completed'", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    const expired = await harness.fake.sendEvent(
      "checkout.session.expired",
      { ...harness.fake.sessions.get(sessionId)!, status: "expired" },
      site.accountId,
    );
    expect(harness.fake.deliveries.find((d) => d.eventId === expired.id)?.status).toBe(200);
    expect(await orderRow(placed.orderId)).toMatchObject({ state: "new", paymentState: "paid" });
  });

  it("given up on Stripe's page, ends the checkout there and the order here", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    const checkout = checkoutServices(harness.services)!;
    const outcome = await giveUpCheckout(checkout, await orderRow(placed.orderId), NOW);
    expect(outcome.kind).toBe("ended");
    expect(harness.fake.sessions.get(sessionId)!.status).toBe("expired");
    expect((await orderRow(placed.orderId)).state).toBe("cancelled");
  });

  it("a status page's polls read the checkout from Stripe at most every 15 s", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    const checkout = checkoutServices(harness.services)!;
    const reads = () =>
      harness.fake.requests.filter(
        (request) =>
          request.method === "GET" && request.path.startsWith(`/v1/checkout/sessions/${sessionId}`),
      ).length;
    const order = await orderRow(placed.orderId);
    for (const after of [0, 5_000, 10_000]) {
      expect((await settleOnPoll(checkout, order, NOW + after)).kind).toBe("unchanged");
    }
    expect(reads()).toBe(1);
    // Paid meanwhile, its webhook late: the next read, 15 s after the first, settles it.
    harness.fake.holdWebhooks(true);
    await harness.fake.completeSession(sessionId);
    const outcome = await settleOnPoll(checkout, order, NOW + POLL_ASKS_PROVIDER_EVERY_MS);
    await harness.fake.releaseWebhooks();
    expect(reads()).toBe(2);
    expect(outcome.kind).toBe("paid");
    expect(await orderRow(placed.orderId)).toMatchObject({ state: "new", paymentState: "paid" });
  });

  it("given up, is still ended for the customer when Stripe's expired event cancels it first", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    await startCheckout(harness, placed.orderId, NOW);
    const checkout = checkoutServices(harness.services)!;
    const { payments } = checkout;
    // Stripe sends checkout.session.expired as it ends the checkout; here it lands first.
    const eventFirst = Object.create(payments) as PaymentProvider;
    eventFirst.endCheckout = async (accountId, checkoutId) => {
      await payments.endCheckout(accountId, checkoutId);
      await harness.fake.webhooksIdle();
    };
    const before = await orderRow(placed.orderId);
    const outcome = await giveUpCheckout({ ...checkout, payments: eventFirst }, before, NOW);
    expect(outcome.kind).toBe("ended");
    expect((await orderRow(placed.orderId)).state).toBe("cancelled");
  });
});

describe("refunds", () => {
  async function paidOrder(site: Site) {
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    return orderRow(placed.orderId);
  }

  it("rejecting a paid order refunds it in full, once, on its own account", async () => {
    const site = await makeSite();
    const order = await paidOrder(site);
    const result = await changeOrder(
      harness.services.events,
      order.id,
      { action: "reject", reason: "Out of dough" },
      NOW,
    );
    expect(result).toMatchObject({ changed: true, refundQueued: true });
    const refunded = await refundSettled(order.id);
    expect(refunded).toMatchObject({ paymentState: "refunded" });
    const refunds = [...harness.fake.refunds.values()].filter(
      (refund) => refund.payment_intent === order.paymentId,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(2750);
    expect(harness.fake.accountOf(refunds[0]!.id)).toBe(site.accountId);
    const request = harness.fake.requests.find(
      (entry) => entry.path === "/v1/refunds" && entry.body["payment_intent"] === order.paymentId,
    )!;
    expect(request.stripeAccount).toBe(site.accountId);
    expect(request.idempotencyKey).toMatch(/^refund-/);
    // Run again: nothing more is asked.
    await harness.services.orderMail.runOnce();
    expect(
      harness.fake.requests.filter(
        (entry) => entry.path === "/v1/refunds" && entry.body["payment_intent"] === order.paymentId,
      ),
    ).toHaveLength(1);
  });

  it("a customer cancelling a paid order is refunded too", async () => {
    const site = await makeSite();
    const order = await paidOrder(site);
    await changeOrder(harness.services.events, order.id, { action: "cancel" }, NOW);
    expect(await refundSettled(order.id)).toMatchObject({
      state: "cancelled",
      paymentState: "refunded",
    });
  });

  it("a refund Stripe refuses is shown on the order and retried by the owner", async () => {
    const site = await makeSite();
    const order = await paidOrder(site);
    harness.fake.failNextRefunds(1, {
      status: 400,
      message: "Insufficient funds in Stripe account.",
      code: "balance_insufficient",
    });
    await changeOrder(
      harness.services.events,
      order.id,
      { action: "reject", reason: "Closed" },
      NOW,
    );
    const failed = await refundSettled(order.id);
    expect(failed.paymentState).toBe("refund-failed");
    expect(failed.paymentProblem).toContain("Insufficient funds");
    expect(await retryRefund(harness.services.events, order.id, Date.now())).toBe(true);
    expect(await refundSettled(order.id)).toMatchObject({
      paymentState: "refunded",
      paymentProblem: "",
    });
    // Nothing left to retry.
    expect(await retryRefund(harness.services.events, order.id, Date.now())).toBe(false);
  });

  it("works after the site disconnected its account", async () => {
    const site = await makeSite();
    const order = await paidOrder(site);
    await disconnectPaymentAccount(harness.services.events, site.productId);
    await changeOrder(
      harness.services.events,
      order.id,
      { action: "reject", reason: "Closed" },
      NOW,
    );
    expect((await refundSettled(order.id)).paymentState).toBe("refunded");
  });
});

describe("money rules", () => {
  it("an amount paid that does not match the order is flagged to the owner, never paid", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    harness.fake.tamperSession(sessionId, { amountTotal: 100 });
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    const order = await orderRow(placed.orderId);
    expect(order.paymentState).toBe("amount-mismatch");
    expect(order.paymentProblem).toContain("$27.50");
    expect(order.state).toBe("new");
    expect(await mailKinds(order.id)).toEqual(["owner-new"]);
  });

  it.each([
    ["USD", 1, 2750, "usd"],
    ["EUR", 1, 2750, "eur"],
    // Prices are kept in hundredths whatever the currency (¥900 is 90000); Stripe counts yen.
    ["JPY", 100, 2156, "jpy"],
  ])("charges exactly the total shown in %s", async (currency, scale, amount, lower) => {
    const site = await makeSite({ currency });
    await harness.services.db
      .update(items)
      .set({ priceCents: sql`${items.priceCents} * ${scale}` })
      .where(eq(items.productId, site.productId));
    const placed = await placeByCard(site);
    const { sessionId, order } = await startCheckout(harness, placed.orderId, NOW);
    expect(order.currency).toBe(currency);
    const session = harness.fake.sessions.get(sessionId)!;
    expect(session.currency).toBe(lower);
    expect(session.amount_total).toBe(amount);
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();
    expect(await orderRow(placed.orderId)).toMatchObject({
      paymentState: "paid",
      paidCents: order.totalCents,
    });
  });

  it("the delivery fee is a line of its own", async () => {
    const site = await makeSite();
    const placed = await placeByCard(site, { fulfilment: "delivery" });
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    const lines = harness.fake.lineItemsOf(sessionId);
    expect(lines.at(-1)).toMatchObject({ description: "Delivery fee", quantity: 1 });
    expect(harness.fake.sessions.get(sessionId)!.amount_total).toBe(3050);
  });

  it("a site takes cards only as its owner chose and its account allows", async () => {
    const site = await makeSite({ choice: "required" });
    await expect(placeByCard(site, { payment: "in-person" })).rejects.toThrow(
      /Choose how you will pay/,
    );
    await disconnectPaymentAccount(harness.services.events, site.productId);
    await expect(placeByCard(site)).rejects.toThrow(/Choose how you will pay/);
    expect(
      (await orderRow((await placeByCard(site, { payment: "in-person" })).orderId)).state,
    ).toBe("new");
  });
});

describe("the webhook", () => {
  async function completedEventBody(site: Site) {
    const placed = await placeByCard(site);
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    harness.fake.holdWebhooks(true);
    await harness.fake.completeSession(sessionId);
    const [event] = harness.fake.dropHeldWebhooks();
    harness.fake.holdWebhooks(false);
    return { orderId: placed.orderId, event: event!, body: JSON.stringify(event) };
  }

  it("refuses unsigned, mis-signed and stale deliveries, changing nothing", async () => {
    const site = await makeSite();
    const { orderId, event, body } = await completedEventBody(site);
    expect((await deliver(body, null)).status).toBe(400);
    expect((await deliver(body, sign(body, "whsec_someoneelse0001"))).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver(body, sign(body, TEST_WEBHOOK_SECRET, stale))).status).toBe(400);
    expect((await deliver(body.replace("paid", "PAID"), sign(body))).status).toBe(400);
    expect((await orderRow(orderId)).state).toBe("awaiting-payment");
    const recorded = await harness.services.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, event.id));
    expect(recorded).toEqual([]);
    // Signed properly, it is believed: once.
    expect((await deliver(body, sign(body))).status).toBe(200);
    expect((await deliver(body, sign(body))).text).toBe("Already done.");
    expect((await orderRow(orderId)).state).toBe("new");
  });

  it("refuses an event about an unknown account, or another business's checkout", async () => {
    const site = await makeSite();
    const other = await makeSite();
    const { orderId, event } = await completedEventBody(site);
    const unknown = JSON.stringify({ ...event, id: `${event.id}u`, account: "acct_unknown000001" });
    expect((await deliver(unknown, sign(unknown))).status).toBe(400);
    const misdirected = JSON.stringify({ ...event, id: `${event.id}m`, account: other.accountId });
    const answer = await deliver(misdirected, sign(misdirected));
    expect(answer.status).toBe(400);
    expect((await orderRow(orderId)).state).toBe("awaiting-payment");
    expect(
      await harness.services.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.id, `${event.id}m`))),
    ).toEqual([]);
  });

  it("keeps an account's state current from account.updated", async () => {
    const site = await makeSite();
    const account = harness.fake.accounts.get(site.accountId)!;
    const event = await harness.fake.sendEvent(
      "account.updated",
      { ...account, charges_enabled: false },
      site.accountId,
    );
    expect(harness.fake.deliveries.find((d) => d.eventId === event.id)?.status).toBe(200);
    await expect(placeByCard(site)).rejects.toThrow(/Choose how you will pay/);
  });
});
