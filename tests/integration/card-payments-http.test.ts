/**
 * Card payments through the real HTTP app and the fake Stripe API: the review offers cards as
 * the owner chose, placing a card order answers 303 to Stripe's checkout, Stripe's signed
 * webhook reaches `/webhooks/stripe` and the status page then says paid, Stripe's Back link
 * brings the customer to the review with what they typed, and a portal without Stripe keys
 * shows nothing about cards and has no webhook.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../app/server/db/schema";
import {
  connectCards,
  startCheckout,
  startPaymentsHarness,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type PaymentsHarness,
} from "../support/card-payments";
import { startHttpApp, useTestApp, type TestHttpApp } from "../support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
  type OrderingSite,
} from "../support/ordering-site";
import { DEFAULT_ORDER_SETTINGS } from "../../app/lib/order-settings";
import { placeOrder } from "../../app/server/orders/place-order.server";

const CLOCK = { publicPagesClock: new Date(ORDERING_CLOCK) };

function placeForm(site: OrderingSite, fields: Record<string, string>) {
  return new URLSearchParams({
    step: "place",
    cart: `${site.ids["Lemonade"]}*2`,
    placeKey: `k${Math.random().toString(36).slice(2)}${"z".repeat(16)}`.slice(0, 24),
    fulfilment: "pickup",
    slot: String(orderingSlots(DEFAULT_ORDER_SETTINGS)[0]!.start),
    name: "Grace Hopper",
    phone: "+1 555 0102",
    email: "grace@example.com",
    ...fields,
  });
}

async function post(url: string, body: URLSearchParams) {
  return fetch(url, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("with Stripe configured", () => {
  let harness: PaymentsHarness;
  let app: TestHttpApp;
  let site: OrderingSite;
  beforeAll(async () => {
    harness = await startPaymentsHarness({
      now: () => ORDERING_CLOCK,
      env: { ...CLOCK, metrics: { endpoint: "main-port", token: "card-payments-metrics-token" } },
    });
    app = await startHttpApp(harness.services, { countRenders: false });
    harness.fake.setWebhookTarget(`${app.url}/webhooks/stripe`, "whsec_portaltests0001");
    site = await createOrderingSite(harness.services, "Card Cafe", [MARGHERITA, LEMONADE]);
  });
  afterAll(async () => {
    await app?.close();
    await harness?.close();
  });

  it("offers no card before the site's account is ready, then as the owner chose", async () => {
    const review = () =>
      post(
        `${app.url}${site.orderPath}`,
        new URLSearchParams({ step: "review", cart: `${site.ids["Lemonade"]}*1` }),
      );
    expect(await (await review()).text()).not.toContain("Pay now by card");
    await connectCards(harness, site, "optional");
    const html = await (await review()).text();
    expect(html).toContain("Pay now by card");
    expect(html).toContain("Pay at pickup");
  });

  it("sends a card order to Stripe's checkout, and says paid once Stripe's signed event arrives", async () => {
    const answer = await post(`${app.url}${site.orderPath}`, placeForm(site, { payment: "card" }));
    // To a page of the portal's own (forms may post only to it), which hands on to Stripe.
    expect(answer.status).toBe(303);
    const payPath = answer.headers.get("location")!;
    expect(payPath).toMatch(/^\/o\/[A-Za-z0-9]{32}\/pay$/);
    const handOff = await fetch(`${app.url}${payPath}`);
    expect(handOff.status).toBe(200);
    const handOffHtml = await handOff.text();
    const location = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(handOffHtml)![1]!;
    expect(location.startsWith(`${harness.fake.url}/`)).toBe(true);
    expect(handOffHtml).toContain("Continue to payment");
    const [order] = await harness.services.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutUrl, location));
    expect(order!.state).toBe("awaiting-payment");
    let status = await (await fetch(`${app.url}/o/${order!.token}`)).text();
    expect(status).toContain("Confirming your payment…");
    expect(status).toContain("Continue to payment");

    await harness.fake.completeSession(order!.checkoutId!);
    await harness.fake.webhooksIdle();
    const delivery = harness.fake.deliveries.at(-1)!;
    expect(delivery.status).toBe(200);
    status = await (await fetch(`${app.url}/o/${order!.token}`)).text();
    expect(status).toContain("Paid $7.00 by card");
    expect(status).not.toContain("Continue to payment");
    // Paid, the hand-off is the status page.
    const after = await fetch(`${app.url}${payPath}`, { redirect: "manual" });
    expect(after.headers.get("location")).toBe(`/o/${order!.token}`);

    // Counted, and no key or secret anywhere the metrics or pages show.
    const metrics = await harness.services.metrics!.exposition();
    expect(metrics).toMatch(/portal_card_payments_total\{event="started"\} [1-9]/);
    expect(metrics).toMatch(/portal_card_payments_total\{event="completed"\} [1-9]/);
    expect(metrics).toContain('portal_card_payments_total{event="refund_failed"} 0');
    for (const text of [metrics, status]) {
      expect(text).not.toContain(TEST_STRIPE_KEY);
      expect(text).not.toContain(TEST_WEBHOOK_SECRET);
    }
  });

  it("refuses an unsigned delivery with 400, and answers nothing but POST", async () => {
    const refused = await fetch(`${app.url}/webhooks/stripe`, {
      method: "POST",
      body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(refused.status).toBe(400);
    expect((await fetch(`${app.url}/webhooks/stripe`)).status).toBe(404);
  });

  it("brings a customer who pressed Back on Stripe's page to the review, everything kept", async () => {
    const placed = await placeOrder(
      harness.services.events,
      site.productId,
      {
        cartLines: [{ itemId: site.ids["Lemonade"]!, quantity: 3, choiceIds: [] }],
        placeKey: "backbuttonkey0000000001",
        fulfilment: "pickup",
        slot: orderingSlots(DEFAULT_ORDER_SETTINGS)[0]!.start,
        name: "Ada Lovelace",
        phone: "+1 555 0199",
        email: "ada@example.com",
        address: "",
        note: "No ice",
        language: "en",
        payment: "card",
      },
      ORDERING_CLOCK,
      { cardsConfigured: true },
    );
    if (!placed.placed) throw new Error("refused");
    const { sessionId } = await startCheckout(harness, placed.orderId, ORDERING_CLOCK);
    const back = await fetch(`${app.url}/o/${placed.token}/checkout-cancelled`, {
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    const review = back.headers.get("location")!;
    expect(review).toBe(`${site.orderPath}?resume=${placed.token}`);
    expect(harness.fake.sessions.get(sessionId)!.status).toBe("expired");
    const html = await (await fetch(`${app.url}${review}`)).text();
    expect(html).toContain("Review your order");
    expect(html).toContain("The payment was not completed, so this order was not placed.");
    expect(html).toContain('value="Ada Lovelace"');
    expect(html).toContain("No ice");
    // Another site's page does not take this order up.
    const other = await createOrderingSite(harness.services, "Other Cafe", [LEMONADE]);
    const elsewhere = await (
      await fetch(`${app.url}${other.orderPath}?resume=${placed.token}`)
    ).text();
    expect(elsewhere).not.toContain("Ada Lovelace");
  });

  it("refuses a card order where the owner turned cards off", async () => {
    const shop = await createOrderingSite(harness.services, "Cash Only", [LEMONADE]);
    const answer = await post(`${app.url}${shop.orderPath}`, placeForm(shop, { payment: "card" }));
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Choose how you will pay.");
  });
});

describe("without Stripe keys", () => {
  const running = useTestApp(CLOCK);

  it("shows nothing about cards and has no webhook", async () => {
    const site = await createOrderingSite(running.services, "Plain Cafe", [LEMONADE]);
    const review = await post(
      `${running.app.url}${site.orderPath}`,
      new URLSearchParams({ step: "review", cart: `${site.ids["Lemonade"]}*1` }),
    );
    const html = await review.text();
    expect(html).toContain("Review your order");
    expect(html).not.toContain("Pay now by card");
    expect(html).not.toContain("Payment");
    const webhook = await fetch(`${running.app.url}/webhooks/stripe`, {
      method: "POST",
      body: "{}",
    });
    expect(webhook.status).toBe(404);
  });
});
