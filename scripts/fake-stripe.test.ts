/**
 * The fake Stripe API (tests/support/fake-stripe) driven by the real `stripe` client, as the
 * portal will drive it: Connect onboarding, direct-charge Checkout, refunds, webhooks.
 * (It lives here because the unit project picks up scripts/**, not tests/support/**.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../tests/support/fake-stripe";
import { parseForm } from "../tests/support/fake-stripe/form";

const SECRET_KEY = "sk_test_portal";
const WEBHOOK_SECRET = "whsec_test_fake";

interface Received {
  body: string;
  signature: string;
  event: Stripe.Event;
}

/** The portal's webhook endpoint, as far as Stripe sees it: answers as told, 200 by default. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = String(req.headers["stripe-signature"]);
      const status = answers.shift() ?? 200;
      if (status === 200) {
        // Throws, and so fails the test, unless the signature is right.
        const event = Stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET, 300);
        received.push({ body, signature, event });
      }
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ received: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    answers,
    ofType: (type: string) => received.filter((item) => item.event.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeStripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  fake = await startFakeStripe({
    webhook: { url: receiver.url, secret: WEBHOOK_SECRET },
    webhookRetryDelayMs: 20,
  });
  stripe = new Stripe(SECRET_KEY, { ...fake.clientOptions, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

afterEach(async () => {
  await fake.webhooksIdle();
  fake.holdWebhooks(false);
  fake.dropHeldWebhooks();
});

/** A form POST from the fake's page, as a browser sends it; the redirect is not followed. */
function submit(path: string, fields: Record<string, string> = {}) {
  return fetch(new URL(path, fake.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 60 * 60;

async function checkout(
  account: string,
  lines: Array<{ name: string; amount: number; quantity: number }>,
  currency: string,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: lines.map((line) => ({
        price_data: { currency, unit_amount: line.amount, product_data: { name: line.name } },
        quantity: line.quantity,
      })),
      success_url: "https://shop.example/orders/42/paid?session={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.example/orders/42",
      ...extra,
    },
    { stripeAccount: account },
  );
}

async function errorOf(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("Expected a Stripe error");
}

describe("form bodies", () => {
  it("reads Stripe's bracketed keys into objects and arrays", () => {
    const form = parseForm(
      "line_items[0][price_data][product_data][name]=Green+tea&line_items[0][quantity]=2" +
        "&line_items[1][price_data][unit_amount]=300&metadata[order]=42&expand[0]=payment_intent" +
        "&success_url=https%3A%2F%2Fshop.example%2F%3Fs%3D%7BCHECKOUT_SESSION_ID%7D&__proto__[x]=1",
    );
    expect(form).toEqual({
      line_items: [
        { price_data: { product_data: { name: "Green tea" } }, quantity: "2" },
        { price_data: { unit_amount: "300" } },
      ],
      metadata: { order: "42" },
      expand: ["payment_intent"],
      success_url: "https://shop.example/?s={CHECKOUT_SESSION_ID}",
    });
  });
});

describe("Connect accounts and onboarding", () => {
  it("onboards a Standard account through the hosted page and says so by webhook", async () => {
    const account = await stripe.accounts.create({
      type: "standard",
      country: "JP",
      email: "owner@example.com",
    });
    expect(account.id).toMatch(/^acct_/);
    expect(account).toMatchObject({
      object: "account",
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      default_currency: "jpy",
    });
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);

    const link = await stripe.accountLinks.create({
      account: account.id,
      refresh_url: "https://portal.example/payments/refresh",
      return_url: "https://portal.example/payments/return",
      type: "account_onboarding",
    });
    expect(link.object).toBe("account_link");
    expect(link.url.startsWith(`${fake.url}/onboarding/`)).toBe(true);
    expect(link.expires_at).toBeGreaterThan(link.created);

    const page = await fetch(link.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Fake Stripe onboarding");
    expect(html).toContain(account.id);
    const action = /action="([^"]+\/complete)"/.exec(html)![1]!;

    const done = await submit(action);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("https://portal.example/payments/return");

    // The webhook went before the owner was sent back.
    const [updated] = receiver.ofType("account.updated");
    expect(updated?.event.account).toBe(account.id);
    const object = updated?.event.data.object as Stripe.Account;
    expect(object.charges_enabled).toBe(true);

    const after = await stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
    });
    expect(after.requirements?.currently_due).toEqual([]);

    // A link is used once: opened again, it sends the owner to refresh_url.
    const again = await fetch(link.url, { redirect: "manual" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("https://portal.example/payments/refresh");
  });

  it("leaves the account as it was when the owner does not finish, or the link expired", async () => {
    const account = await stripe.accounts.create({ type: "standard" });
    const link = () =>
      stripe.accountLinks.create({
        account: account.id,
        refresh_url: "https://portal.example/refresh",
        return_url: "https://portal.example/return",
        type: "account_onboarding",
      });
    const id = (url: string) => url.split("/").pop()!;

    const unfinished = await submit(`/onboarding/${id((await link()).url)}/unfinished`);
    expect(unfinished.headers.get("location")).toBe("https://portal.example/return");
    const expired = await submit(`/onboarding/${id((await link()).url)}/expired`);
    expect(expired.headers.get("location")).toBe("https://portal.example/refresh");

    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(false);
    expect(receiver.received.some((item) => item.event.account === account.id)).toBe(false);
  });

  it("answers 404 for an unknown account and 400 for a missing parameter", async () => {
    const unknown = await errorOf(stripe.accounts.retrieve("acct_1Missing"));
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({ statusCode: 404, code: "resource_missing" });

    const noAccount = await errorOf(
      stripe.accountLinks.create({
        type: "account_onboarding",
        refresh_url: "https://portal.example/r",
        return_url: "https://portal.example/r",
      } as Stripe.AccountLinkCreateParams),
    );
    expect(noAccount).toMatchObject({
      statusCode: 400,
      code: "parameter_missing",
      param: "account",
    });
  });
});

describe("Checkout on the connected account", () => {
  it("adds up the lines in the currency's minor units, yen and dollars", async () => {
    const shop = fake.createAccount({ country: "JP", onboarded: true });
    const yen = await checkout(
      shop.id,
      [
        { name: "Matcha", amount: 1200, quantity: 2 },
        { name: "Dango", amount: 300, quantity: 1 },
      ],
      "JPY",
      {
        customer_email: "guest@example.com",
        client_reference_id: "order-42",
        metadata: { order: "42" },
        expires_at: inAnHour(),
        payment_intent_data: { application_fee_amount: 100, metadata: { order: "42" } },
      },
    );
    expect(yen.id).toMatch(/^cs_test_/);
    expect(yen).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 2700,
      amount_subtotal: 2700,
      currency: "jpy",
      metadata: { order: "42" },
      client_reference_id: "order-42",
      customer_email: "guest@example.com",
      payment_intent: null,
      livemode: false,
    });
    expect(yen.url).toBe(`${fake.url}/checkout/${yen.id}`);

    const dollars = await checkout(
      shop.id,
      [
        { name: "Coffee", amount: 1250, quantity: 1 },
        { name: "Bagel", amount: 499, quantity: 2 },
      ],
      "usd",
    );
    expect(dollars).toMatchObject({ amount_total: 2248, currency: "usd" });

    const yenPage = await (await fetch(yen.url!)).text();
    expect(yenPage).toContain("Fake Stripe Checkout");
    expect(yenPage).toContain("Matcha");
    expect(yenPage).toContain("¥2,700");
    expect(yenPage).toContain('value="guest@example.com"');
    expect(yenPage).toContain('href="https://shop.example/orders/42"');
    expect(await (await fetch(dollars.url!)).text()).toContain("$22.48");

    const recorded = fake.requests.find(
      (request) => request.path === "/v1/checkout/sessions" && request.status === 200,
    );
    expect(recorded).toMatchObject({
      method: "POST",
      stripeAccount: shop.id,
      authorization: "valid",
      body: {
        line_items: [
          {
            price_data: { currency: "JPY", unit_amount: "1200", product_data: { name: "Matcha" } },
          },
          { price_data: { product_data: { name: "Dango" } }, quantity: "1" },
        ],
        metadata: { order: "42" },
        payment_intent_data: { application_fee_amount: "100" },
      },
    });
    expect(recorded?.idempotencyKey).toMatch(/^stripe-node-retry-/);
    expect(JSON.stringify(fake.requests)).not.toContain(SECRET_KEY);
  });

  it("finds a session only under the account it belongs to", async () => {
    const shop = fake.createAccount({ onboarded: true });
    const other = fake.createAccount({ onboarded: true });
    const session = await checkout(shop.id, [{ name: "Tea", amount: 500, quantity: 1 }], "usd");

    const found = await stripe.checkout.sessions.retrieve(
      session.id,
      {},
      { stripeAccount: shop.id },
    );
    expect(found.id).toBe(session.id);

    for (const stripeAccount of [other.id, undefined]) {
      const error = await errorOf(
        stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount }),
      );
      expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    }

    // Request options go third: given as parameters, Stripe refuses them.
    const misplaced = await errorOf(
      stripe.checkout.sessions.retrieve(session.id, {
        stripeAccount: shop.id,
      } as Stripe.Checkout.SessionRetrieveParams),
    );
    expect(misplaced).toMatchObject({
      statusCode: 400,
      code: "parameter_unknown",
      param: "stripeAccount",
    });
  });

  it("refuses what Stripe refuses", async () => {
    const shop = fake.createAccount({ onboarded: true });
    const line = [{ name: "Tea", amount: 500, quantity: 1 }];

    const platform = await errorOf(
      stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          { price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Tea" } } },
        ],
        success_url: "https://shop.example/paid",
      }),
    );
    expect(platform.statusCode).toBe(400);
    expect(platform.message).toContain("Stripe-Account");

    const soon = await errorOf(
      checkout(shop.id, line, "usd", { expires_at: Math.floor(Date.now() / 1000) + 60 }),
    );
    expect(soon).toMatchObject({ statusCode: 400, param: "expires_at" });
    const late = await errorOf(
      checkout(shop.id, line, "usd", { expires_at: Math.floor(Date.now() / 1000) + 25 * 3600 }),
    );
    expect(late).toMatchObject({ statusCode: 400, param: "expires_at" });

    const mixed = await errorOf(
      stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              price_data: { currency: "usd", unit_amount: 500, product_data: { name: "A" } },
              quantity: 1,
            },
            {
              price_data: { currency: "eur", unit_amount: 500, product_data: { name: "B" } },
              quantity: 1,
            },
          ],
          success_url: "https://shop.example/paid",
        },
        { stripeAccount: shop.id },
      ),
    );
    expect(mixed).toMatchObject({ statusCode: 400, param: "line_items[1][price_data][currency]" });

    const noName = await errorOf(
      stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            { price_data: { currency: "usd", unit_amount: 500 }, quantity: 1 },
          ] as Stripe.Checkout.SessionCreateParams.LineItem[],
          success_url: "https://shop.example/paid",
        },
        { stripeAccount: shop.id },
      ),
    );
    expect(noName).toMatchObject({ statusCode: 400, code: "parameter_missing" });

    const notOnboarded = fake.createAccount();
    const disabled = await errorOf(checkout(notOnboarded.id, line, "usd"));
    expect(disabled.statusCode).toBe(400);

    const unknown = await errorOf(checkout("acct_1Unknown", line, "usd"));
    expect(unknown).toMatchObject({ statusCode: 403, code: "account_invalid" });
  });

  it("takes payment on the page, sends a signed checkout.session.completed, then returns", async () => {
    const shop = fake.createAccount({ country: "JP", onboarded: true });
    const session = await checkout(shop.id, [{ name: "Udon", amount: 900, quantity: 2 }], "jpy", {
      payment_intent_data: { application_fee_amount: 90, metadata: { order: "7" } },
    });

    const paid = await submit(`/checkout/${session.id}/pay`, { email: "guest@example.com" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `https://shop.example/orders/42/paid?session=${session.id}`,
    );

    const [completed] = receiver.ofType("checkout.session.completed");
    expect(completed?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(completed?.event).toMatchObject({ account: shop.id, livemode: false });
    expect(completed?.event.api_version).toBe(Stripe.API_VERSION);
    const object = completed?.event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      amount_total: 1800,
      customer_details: { email: "guest@example.com" },
    });
    expect(object.payment_intent).toMatch(/^pi_/);

    const found = await stripe.checkout.sessions.retrieve(
      session.id,
      { expand: ["payment_intent"] },
      { stripeAccount: shop.id },
    );
    const intent = found.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      amount: 1800,
      currency: "jpy",
      status: "succeeded",
      application_fee_amount: 90,
      metadata: { order: "7" },
    });
    expect(fake.accountOf(intent.id)).toBe(shop.id);

    // A second submit pays nothing more.
    await submit(`/checkout/${session.id}/pay`);
    expect(fake.paymentIntents.size).toBe(
      [...fake.sessions.values()].filter((s) => s.status === "complete").length,
    );
  });

  it("reports a tampered amount when a test asks for one", async () => {
    const shop = fake.createAccount({ onboarded: true });
    const session = await checkout(shop.id, [{ name: "Tea", amount: 500, quantity: 1 }], "usd");
    fake.tamperSession(session.id, { amountTotal: 100 });
    const { event, paymentIntent } = await fake.completeSession(session.id);
    expect((event.data.object as { amount_total: number }).amount_total).toBe(100);
    expect(paymentIntent.amount).toBe(100);
  });

  it("expires an open session, says so by webhook, and will not expire a paid one", async () => {
    const shop = fake.createAccount({ onboarded: true });
    const session = await checkout(shop.id, [{ name: "Tea", amount: 500, quantity: 1 }], "usd");

    const expired = await stripe.checkout.sessions.expire(
      session.id,
      {},
      { stripeAccount: shop.id },
    );
    expect(expired).toMatchObject({ status: "expired", url: null });
    await expect.poll(() => receiver.ofType("checkout.session.expired").length).toBe(1);
    const [event] = receiver.ofType("checkout.session.expired");
    expect(event?.event).toMatchObject({ account: shop.id, data: { object: { id: session.id } } });

    const page = await fetch(session.url!);
    expect(page.status).toBe(410);

    const paid = await checkout(shop.id, [{ name: "Tea", amount: 500, quantity: 1 }], "usd");
    await fake.completeSession(paid.id);
    const refused = await errorOf(
      stripe.checkout.sessions.expire(paid.id, {}, { stripeAccount: shop.id }),
    );
    expect(refused.statusCode).toBe(400);
  });
});

describe("refunds", () => {
  async function paidIntent(amount = 2000) {
    const shop = fake.createAccount({ country: "JP", onboarded: true });
    const session = await checkout(shop.id, [{ name: "Bento", amount, quantity: 1 }], "jpy");
    const { paymentIntent } = await fake.completeSession(session.id);
    return { shop, paymentIntent };
  }

  it("refunds once for one idempotency key", async () => {
    const { shop, paymentIntent } = await paidIntent();
    const options = { stripeAccount: shop.id, idempotencyKey: `refund-${paymentIntent.id}` };
    const params = { payment_intent: paymentIntent.id, amount: 500, metadata: { order: "9" } };

    const first = await stripe.refunds.create(params, options);
    const second = await stripe.refunds.create(params, options);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      object: "refund",
      status: "succeeded",
      amount: 500,
      currency: "jpy",
      payment_intent: paymentIntent.id,
      metadata: { order: "9" },
    });
    expect(
      [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id),
    ).toHaveLength(1);
    expect(
      fake.requests
        .filter((r) => r.idempotencyKey === options.idempotencyKey)
        .map((r) => r.replayed),
    ).toEqual([false, true]);

    const reused = await errorOf(stripe.refunds.create({ ...params, amount: 600 }, options));
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("refuses more than was paid, and anything once all is refunded", async () => {
    const { shop, paymentIntent } = await paidIntent(2000);
    const on = { stripeAccount: shop.id };
    const tooMuch = await errorOf(
      stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 2500 }, on),
    );
    expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large" });

    const all = await stripe.refunds.create({ payment_intent: paymentIntent.id }, on);
    expect(all.amount).toBe(2000);
    const again = await errorOf(stripe.refunds.create({ payment_intent: paymentIntent.id }, on));
    expect(again).toMatchObject({ statusCode: 400, code: "charge_already_refunded" });
  });

  it("knows a payment intent only on its own account", async () => {
    const { paymentIntent } = await paidIntent();
    const other = fake.createAccount({ onboarded: true });
    for (const stripeAccount of [other.id, undefined]) {
      const error = await errorOf(
        stripe.refunds.create({ payment_intent: paymentIntent.id }, { stripeAccount }),
      );
      expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    }
  });

  it("fails the next refunds as the test chooses", async () => {
    const { shop, paymentIntent } = await paidIntent();
    const on = { stripeAccount: shop.id };
    fake.failNextRefunds(1, "Stripe is having a bad day");
    fake.failNextRefunds(1, { status: 400, code: "charge_disputed", message: "Disputed" });

    const outage = await errorOf(
      stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 100 }, on),
    );
    expect(outage).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(outage).toMatchObject({ statusCode: 500, type: "StripeAPIError" });
    expect(outage.message).toContain("Stripe is having a bad day");

    const disputed = await errorOf(
      stripe.refunds.create({ payment_intent: paymentIntent.id, amount: 100 }, on),
    );
    expect(disputed).toMatchObject({ statusCode: 400, code: "charge_disputed" });

    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent.id, amount: 100 },
      on,
    );
    expect(refund.status).toBe("succeeded");
  });
});

describe("webhooks", () => {
  it("retries a delivery the endpoint failed", async () => {
    receiver.answers.push(500);
    const event = await fake.sendEvent("ping.test", { id: "thing_1", object: "thing" });
    await fake.webhooksIdle();
    const attempts = fake.deliveries.filter((d) => d.eventId === event.id);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it("holds events, releases them in the order asked, and redelivers one", async () => {
    fake.holdWebhooks();
    const first = await fake.sendEvent("order.test", { id: "one", object: "thing" });
    const second = await fake.sendEvent("order.test", { id: "two", object: "thing" });
    expect(fake.heldEvents().map((e) => e.id)).toEqual([first.id, second.id]);
    const before = receiver.received.length;

    await fake.releaseWebhooks([second.id, first.id]);
    expect(receiver.received.slice(before).map((r) => r.event.id)).toEqual([second.id, first.id]);

    const replay = await fake.redeliver(first.id);
    expect(replay).toMatchObject({ ok: true, redelivery: true });
    expect(receiver.received.filter((r) => r.event.id === first.id)).toHaveLength(2);
  });
});

describe("authentication", () => {
  it("answers 401 without a secret key", async () => {
    const bare = await fetch(`${fake.url}/v1/accounts`, { method: "POST" });
    expect(bare.status).toBe(401);
    const body = (await bare.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");

    const publishable = new Stripe("pk_test_nope", { ...fake.clientOptions, maxNetworkRetries: 0 });
    const error = await errorOf(publishable.accounts.create({ type: "standard" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(fake.requests.at(-1)?.authorization).toBe("invalid");
  });
});
