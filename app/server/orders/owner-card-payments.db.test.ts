/**
 * Card payments on the owner's side, on a real database and against the fake Stripe API:
 * the Orders tab's Card payments (connect, Stripe's return and refresh, the choice, disconnect,
 * Stripe's failures) through /user/payments/{pid}; the inbox's, ticket's and CSV's word on how
 * each order is paid, with the owner's "Retry refund"; card orders never paid kept out of
 * all of them. Each out of reach of a second owner and of an anonymous visitor, and all of it
 * absent while the operator set up no card payments.
 */
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerContext, servicesContext, type SessionUser } from "~/context";
import { cardPaymentsWords } from "~/lib/i18n/portal/card-payments";
import type { PricedLine } from "~/lib/order-cart";
import { DEFAULT_ORDER_SETTINGS } from "~/lib/order-settings";
import type { OrderState } from "~/lib/order-states";
import * as cardPaymentsRoute from "~/routes/portal/card-payments";
import * as exportRoute from "~/routes/portal/orders-export";
import * as ordersRoute from "~/routes/portal/orders";
import * as setupRoute from "~/routes/portal/setup";
import * as ticketRoute from "~/routes/print/order-ticket";
import { createId } from "~/server/db/ids.server";
import { orderMail, orders, paymentAccounts, productInfo } from "~/server/db/schema";
import { takeFlash } from "~/server/http/flash.server";
import { changeOrder } from "~/server/orders/order-changes.server";
import { placeOrder } from "~/server/orders/place-order.server";
import {
  loadCardPaymentsChoice,
  loadPaymentAccount,
} from "~/server/payments/payment-accounts.server";
import { PaymentProviderError, type PaymentProvider } from "~/server/payments/payments.server";
import type { AppServices, RunningServices } from "~/server/runtime/services.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import {
  connectCards,
  startCheckout,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/support/card-payments";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../../../tests/support/ordering-site";
import { callRoute, ownerFor } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import type { InboxOrder } from "./order-inbox.server";

const NOW = ORDERING_CLOCK;
const MINUTE = 60_000;

let harness: PaymentsHarness;
let services: RunningServices;
let app: TestHttpApp;
let stranger: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  harness = await startPaymentsHarness({
    now: () => NOW,
    env: { publicPagesClock: new Date(NOW) },
  });
  services = harness.services;
  app = await startHttpApp(services, { countRenders: false });
  stranger = await registerOwner(services);
});
afterAll(async () => {
  await app?.close();
  await harness?.close();
});

interface Site {
  productId: string;
  ownerUid: string;
  cookie: string;
  owner: SessionUser;
  pizza: string;
  drink: string;
}

let sites = 0;
async function makeSite(on: Pick<AppServices, "db" | "events" | "auth"> = services): Promise<Site> {
  sites += 1;
  const site = await createOrderingSite(on, `Card Corner ${sites}`, [MARGHERITA, LEMONADE], {
    delivery: true,
  });
  return {
    productId: site.productId,
    ownerUid: site.ownerUid,
    cookie: site.cookie,
    owner: ownerFor(site.ownerUid, { email: `owner${sites}@example.com` }),
    pizza: site.ids["Margherita"]!,
    drink: site.ids["Lemonade"]!,
  };
}

/**
 * A route function called as React Router calls it after the portal's guard, answering with
 * the Response it returned or threw (its headers kept: the flash, the redirect).
 */
async function call(
  fn: (args: never) => unknown,
  options: {
    owner: SessionUser;
    pid: string;
    query?: string;
    form?: Record<string, string>;
    on?: AppServices;
  },
): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, options.on ?? services);
  context.set(ownerContext, options.owner);
  const request = new Request(
    `http://localhost/user/payments/${options.pid}${options.query ? `?${options.query}` : ""}`,
    options.form ? { method: "POST", body: new URLSearchParams(options.form) } : { method: "GET" },
  );
  try {
    const value = await (fn as (args: unknown) => unknown)({
      request,
      context,
      params: { pid: options.pid },
    });
    if (value instanceof Response) return value;
    throw new Error(`Not a response: ${JSON.stringify(value)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // data(...) thrown: a refusal with its status.
    if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown) {
      const { init, data } = thrown as { init?: { status?: number }; data: unknown };
      return new Response(JSON.stringify(data), { status: init?.status ?? 200 });
    }
    throw thrown;
  }
}

const loader = (owner: SessionUser, pid: string, query?: string, on?: AppServices) =>
  call(cardPaymentsRoute.loader, { owner, pid, query, on });
const post = (owner: SessionUser, pid: string, form: Record<string, string>, on?: AppServices) =>
  call(cardPaymentsRoute.action, { owner, pid, form, on });

const tabOf = (site: Site) => `/user/restaurant/setup/${site.productId}?tab=orders#card-payments`;

/** The one-time message an answer carries to the Orders tab. */
async function flashOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("portal_flash="))
    ?.split(";")[0];
  if (!cookie) return null;
  const { flash } = await takeFlash(
    services.env,
    new Request("http://localhost/user", { headers: { cookie } }),
  );
  return flash;
}

async function accountRows(productId: string) {
  return services.db.select().from(paymentAccounts).where(eq(paymentAccounts.productId, productId));
}

// The Orders tab's Card payments ------------------------------------------------------------

describe("connecting a site's Stripe account", () => {
  it("connects, comes back needing details, is refused a choice, then is ready and chooses", async () => {
    const site = await makeSite();
    expect(await loadPaymentAccount(services.db, site.productId)).toBeNull();

    // Connect: an account at Stripe for the owner's email, and its onboarding.
    // Answered with a page that hands on to Stripe: a form's redirect to another site would
    // be stopped by the page's form-action rule.
    const connect = await post(site.owner, site.productId, { intent: "connect" });
    expect(connect.status).toBe(200);
    const onboarding = /content="0;url=([^"]+)"/.exec(await connect.text())![1]!;
    expect(onboarding.startsWith(harness.fake.url)).toBe(true);
    const account = (await loadPaymentAccount(services.db, site.productId))!;
    expect(account).toMatchObject({ chargesEnabled: false, detailsSubmitted: false });
    expect(harness.fake.accounts.get(account.accountId)?.email).toBe(site.owner.email);
    const here = `${services.env.publicUrl}/user/payments/${site.productId}`;
    const link = [...harness.fake.accountLinks.values()].at(-1)!;
    expect(link).toMatchObject({
      account: account.accountId,
      type: "account_onboarding",
      returnUrl: `${here}?return=1`,
      refreshUrl: `${here}?refresh=1`,
    });
    expect(onboarding).toBe(link.link.url);

    // Pressed again: the same account.
    const again = await post(site.owner, site.productId, { intent: "connect" });
    expect(again.status).toBe(200);
    expect((await accountRows(site.productId)).map((row) => row.accountId)).toEqual([
      account.accountId,
    ]);

    // Back from Stripe before finishing.
    const early = await loader(site.owner, site.productId, "return=1");
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe(tabOf(site));
    expect(await flashOf(early)).toMatchObject({
      tone: "warning",
      topic: "card-payments",
      message: cardPaymentsWords.stillNeedsDetails,
    });

    // Cards cannot be chosen yet.
    const refused = await post(site.owner, site.productId, {
      intent: "choose",
      choice: "required",
    });
    expect(refused.headers.get("location")).toBe(tabOf(site));
    expect(await flashOf(refused)).toMatchObject({
      tone: "error",
      message: cardPaymentsWords.notReady,
    });
    expect(await loadCardPaymentsChoice(services.db, site.productId)).toBe("off");

    // The link expired: a fresh one.
    const links = harness.fake.accountLinks.size;
    const refresh = await loader(site.owner, site.productId, "refresh=1");
    expect(refresh.status).toBe(303);
    expect(refresh.headers.get("location")!.startsWith(harness.fake.url)).toBe(true);
    expect(harness.fake.accountLinks.size).toBe(links + 1);

    // Finished at Stripe; its webhook is late: the return reads the account itself.
    harness.fake.holdWebhooks(true);
    try {
      await harness.fake.completeOnboarding(account.accountId);
      const back = await loader(site.owner, site.productId, "return=1");
      expect(back.headers.get("location")).toBe(tabOf(site));
      const flash = await flashOf(back);
      expect(flash?.tone).toBe("success");
      expect(flash?.message).toContain("Stripe account connected: ready to take payments");
      expect(await loadPaymentAccount(services.db, site.productId)).toMatchObject({
        chargesEnabled: true,
        detailsSubmitted: true,
      });
    } finally {
      harness.fake.dropHeldWebhooks();
      harness.fake.holdWebhooks(false);
    }

    // Now the owner chooses.
    for (const choice of ["required", "optional", "off"] as const) {
      const saved = await post(site.owner, site.productId, { intent: "choose", choice });
      expect(saved.headers.get("location")).toBe(tabOf(site));
      expect(await flashOf(saved)).toMatchObject({ tone: "success" });
      expect(await loadCardPaymentsChoice(services.db, site.productId)).toBe(choice);
    }
    const unknown = await post(site.owner, site.productId, { intent: "choose", choice: "cash" });
    expect(await flashOf(unknown)).toMatchObject({
      tone: "error",
      message: cardPaymentsWords.chooseOne,
    });
    const nonsense = await post(site.owner, site.productId, { intent: "pay-me" });
    expect(await flashOf(nonsense)).toMatchObject({ message: cardPaymentsWords.cannotDoThat });

    // A connected account sends the owner back, not to Stripe.
    const connected = await post(site.owner, site.productId, { intent: "connect" });
    expect(connected.headers.get("location")).toBe(tabOf(site));
    expect(await flashOf(connected)).toMatchObject({
      message: cardPaymentsWords.alreadyConnected,
    });
    // Anything else on the address: the tab.
    const plain = await loader(site.owner, site.productId);
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(tabOf(site));
  });

  it("disconnecting forgets the account and turns cards off", async () => {
    const site = await makeSite();
    await connectCards(harness, site, "required");
    const answer = await post(site.owner, site.productId, { intent: "disconnect" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(tabOf(site));
    expect(await flashOf(answer)).toMatchObject({
      tone: "success",
      message: cardPaymentsWords.disconnected,
    });
    expect(await loadPaymentAccount(services.db, site.productId)).toBeNull();
    expect(await loadCardPaymentsChoice(services.db, site.productId)).toBe("off");
    // Back from Stripe with nothing connected any more.
    const back = await loader(site.owner, site.productId, "return=1");
    expect(await flashOf(back)).toMatchObject({ message: cardPaymentsWords.notConnectedNow });
  });

  it("says what Stripe refused, with nothing written, never a 500", async () => {
    const site = await makeSite();
    const failing: PaymentProvider = {
      ...services.payments!,
      createAccount: () =>
        Promise.reject(
          new PaymentProviderError("Your platform account cannot create accounts.", null, false),
        ),
    };
    const on = { ...services, payments: failing };
    const answer = await post(site.owner, site.productId, { intent: "connect" }, on);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(tabOf(site));
    expect((await flashOf(answer))?.message).toContain(
      "Your platform account cannot create accounts.",
    );
    expect(await accountRows(site.productId)).toEqual([]);

    // Stripe unreachable on the way back.
    await connectCards(harness, site, "optional");
    const unreachable: PaymentProvider = {
      ...services.payments!,
      readAccount: () => Promise.reject(new PaymentProviderError("Connection refused", null, true)),
      onboardingUrl: () => Promise.reject(new PaymentProviderError("Timed out.", null, true)),
    };
    const back = await loader(site.owner, site.productId, "return=1", {
      ...services,
      payments: unreachable,
    });
    expect(back.status).toBe(303);
    expect((await flashOf(back))?.message).toContain("Connection refused.");
    const refresh = await loader(site.owner, site.productId, "refresh=1", {
      ...services,
      payments: unreachable,
    });
    expect(refresh.status).toBe(303);
    expect((await flashOf(refresh))?.message).toContain("Timed out.");
  });

  it("is out of reach of a second owner, of an anonymous visitor and of unknown sites", async () => {
    const site = await makeSite();
    const other = ownerFor(stranger.userId, { email: "stranger@example.com" });
    const forms: Array<Record<string, string>> = [
      { intent: "connect" },
      { intent: "disconnect" },
      { intent: "choose", choice: "optional" },
    ];
    for (const form of forms) {
      const refused = await post(other, site.productId, form);
      expect(refused.status, form.intent).toBe(404);
      expect(await refused.json()).toEqual({ message: "Invalid product." });
    }
    for (const query of ["return=1", "refresh=1", ""]) {
      expect((await loader(other, site.productId, query)).status, query).toBe(404);
    }
    expect((await post(site.owner, "nosuchsite", { intent: "connect" })).status).toBe(404);
    expect(await accountRows(site.productId)).toEqual([]);

    // Without a session: the address sends to sign-in, a post is refused.
    const page = await fetch(`${app.url}/user/payments/${site.productId}?return=1`, {
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
    for (const form of forms) {
      const anonymous = await fetch(`${app.url}/user/payments/${site.productId}`, {
        method: "POST",
        body: new URLSearchParams(form),
        redirect: "manual",
      });
      expect([401, 403]).toContain(anonymous.status);
    }
    expect(await accountRows(site.productId)).toEqual([]);

    // Connected, the owner's account stays theirs.
    await connectCards(harness, site, "required");
    expect((await post(other, site.productId, { intent: "disconnect" })).status).toBe(404);
    expect(await loadCardPaymentsChoice(services.db, site.productId)).toBe("required");
    expect(await accountRows(site.productId)).toHaveLength(1);
  });

  it("shows the section on the Orders tab in each state, and one message once", async () => {
    const site = await makeSite();
    const tab = () =>
      fetch(`${app.url}/user/restaurant/setup/${site.productId}?tab=orders`, {
        headers: { cookie: site.cookie },
      }).then((response) => response.text());

    let html = await tab();
    expect(html).toContain("Card payments");
    expect(html).toContain("Not connected");
    expect(html).toContain("Connect Stripe");
    expect(html).toContain(`action="/user/payments/${site.productId}"`);
    expect(html).not.toContain('name="choice"');

    // Through the HTTP app: the flash cookie the action sets is shown once on the tab.
    const connect = await fetch(`${app.url}/user/payments/${site.productId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "connect" }),
      headers: { cookie: site.cookie },
      redirect: "manual",
    });
    expect(connect.status).toBe(200);
    html = await tab();
    expect(html).toContain("Stripe needs more details");
    expect(html).toContain("Finish setting up Stripe");
    expect(html).toContain("Disconnect Stripe");

    const back = await fetch(`${app.url}/user/payments/${site.productId}?return=1`, {
      headers: { cookie: site.cookie },
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    const flash = back.headers
      .getSetCookie()
      .find((value) => value.startsWith("portal_flash="))!
      .split(";")[0]!;
    const withMessage = await fetch(`${app.url}${back.headers.get("location")}`, {
      headers: { cookie: `${site.cookie}; ${flash}` },
    });
    const shown = await withMessage.text();
    // In the Card payments section, not as an upload's failure at the top of the editor.
    expect(shown.indexOf("Stripe still needs some details")).toBeGreaterThan(
      shown.indexOf('id="card-payments"'),
    );
    expect(shown.indexOf('id="card-payments"')).toBeGreaterThan(0);
    // Shown, it is cleared.
    expect(withMessage.headers.getSetCookie().join("\n")).toMatch(/portal_flash=; .*Max-Age=0/);

    const account = (await loadPaymentAccount(services.db, site.productId))!;
    await harness.fake.completeOnboarding(account.accountId);
    await harness.fake.webhooksIdle();
    await post(site.owner, site.productId, { intent: "choose", choice: "optional" });
    html = await tab();
    expect(html).toContain("Ready to take payments");
    expect(html).toContain("Customers must pay by card");
    expect(html).toContain("Customers may pay by card or at pickup/delivery");
    expect(html).toContain("Card payments off");
    expect(html).toMatch(/value="optional" checked=""|checked="" [^>]*value="optional"/);
    expect(html).not.toContain("Connect Stripe");
  });
});

// How each order is paid ---------------------------------------------------------------------

const LINES: PricedLine[] = [
  {
    itemId: "pizza1",
    name: "Margherita",
    quantity: 1,
    choices: [],
    unitCents: 1200,
    lineCents: 1200,
  },
];

let orderNumber = 1000;
async function newOrder(
  productId: string,
  values: Partial<typeof orders.$inferInsert> & { state?: OrderState } = {},
  on: Pick<AppServices, "db"> = services,
) {
  orderNumber += 1;
  const [row] = await on.db
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
      lines: LINES,
      subtotalCents: 1200,
      totalCents: 1200,
      currency: "USD",
      history: [{ state: "new", at: new Date(NOW).toISOString() }],
      createdAt: new Date(NOW - 5 * MINUTE),
      ...values,
    })
    .returning();
  return row!;
}

const card = (paymentState: NonNullable<typeof orders.$inferInsert.paymentState>) => ({
  payment: "card" as const,
  paymentState,
  paymentAccountId: "acct_test",
  paymentId: paymentState === "awaiting" ? null : `pi_${createId()}`,
  paidCents: paymentState === "awaiting" ? null : 1200,
});

interface InboxData {
  orders: InboxOrder[];
  counts: Record<"today" | "upcoming" | "done" | "new", number>;
  totalOrders: number;
  totalRevenueText: string;
}

async function inbox(owner: SessionUser, view = "today", on: AppServices = services) {
  const answer = await callRoute(ordersRoute.loader, {
    services: on,
    owner,
    url: `http://localhost/user/orders?view=${view}`,
  });
  return answer.body as InboxData;
}

async function everyListed(owner: SessionUser, on: AppServices = services) {
  const lists = await Promise.all(["today", "upcoming", "done"].map((v) => inbox(owner, v, on)));
  return lists.flatMap((list) => list.orders);
}

async function csvRows(owner: SessionUser, on: AppServices = services) {
  const response = await exportRoute.loader({
    request: new Request("http://localhost/user/orders/export?from=2026-12-01&to=2026-12-02"),
    context: contextFor(owner, on),
    params: {},
  } as never);
  expect(response.status).toBe(200);
  const text = (await response.text()).replace(/^\uFEFF/, "");
  const [header, ...rows] = Papa.parse<string[]>(text.trim(), { newline: "\r\n" }).data;
  return { header: header!, rows };
}

function contextFor(owner: SessionUser, on: AppServices) {
  const context = new RouterContextProvider();
  context.set(servicesContext, on);
  context.set(ownerContext, owner);
  return context;
}

describe("the inbox, the ticket and the CSV", () => {
  it("say how each order is paid, and leave out card orders never paid", async () => {
    const site = await makeSite();
    await services.db
      .update(productInfo)
      .set({ paypalUsername: "CardCorner" })
      .where(eq(productInfo.productId, site.productId));
    const atPickup = await newOrder(site.productId);
    const onDelivery = await newOrder(site.productId, {
      fulfilment: "delivery",
      deliveryAddress: "1 Elm St",
      state: "accepted",
    });
    const paid = await newOrder(site.productId, card("paid"));
    const pending = await newOrder(site.productId, {
      ...card("refunding"),
      state: "rejected",
      closedAt: new Date(NOW - MINUTE),
    });
    const refunded = await newOrder(site.productId, {
      ...card("refunded"),
      state: "cancelled",
      closedAt: new Date(NOW - MINUTE),
      refundId: "re_1",
    });
    const failed = await newOrder(site.productId, {
      ...card("refund-failed"),
      state: "rejected",
      closedAt: new Date(NOW - MINUTE),
      paymentProblem: "Insufficient funds in Stripe account.",
    });
    const mismatch = await newOrder(site.productId, {
      ...card("amount-mismatch"),
      paymentProblem: "The payment provider reported 100 USD (minor units) paid.",
    });
    const awaiting = await newOrder(site.productId, {
      ...card("awaiting"),
      state: "awaiting-payment",
      history: [{ state: "awaiting-payment", at: new Date(NOW).toISOString() }],
    });
    const givenUp = await newOrder(site.productId, {
      ...card("awaiting"),
      state: "cancelled",
      closedAt: new Date(NOW - MINUTE),
    });

    const listed = await everyListed(site.owner);
    const byId = new Map(listed.map((order) => [order.id, order]));
    expect(byId.has(awaiting.id)).toBe(false);
    expect(byId.has(givenUp.id)).toBe(false);
    expect(listed).toHaveLength(7);
    expect(byId.get(atPickup.id)!.payment).toEqual({
      line: "in-person",
      problem: "",
      linksOffered: true,
    });
    expect(byId.get(onDelivery.id)!.payment.line).toBe("in-person");
    expect(byId.get(paid.id)!.payment).toMatchObject({ line: "paid", linksOffered: false });
    expect(byId.get(pending.id)!.payment.line).toBe("refund-pending");
    expect(byId.get(refunded.id)!.payment.line).toBe("refunded");
    expect(byId.get(failed.id)!).toMatchObject({
      payment: { line: "refund-failed", problem: "Insufficient funds in Stripe account." },
      can: { retryRefund: true },
    });
    expect(byId.get(paid.id)!.can.retryRefund).toBe(false);
    expect(byId.get(mismatch.id)!.payment.line).toBe("amount-mismatch");
    expect(byId.get(mismatch.id)!.payment.problem).toContain("100 USD");
    // Counted: only what the owner knows of; the 30-day line leaves out closed ones too.
    const today = await inbox(site.owner);
    expect(today.counts.new).toBe(3);
    expect(today.totalOrders).toBe(4);
    expect(today.totalRevenueText).toBe("$48.00");

    // The page says it in words.
    const page = await fetch(`${app.url}/user/orders`, { headers: { cookie: site.cookie } });
    const html = await page.text();
    expect(html).toContain("Pay at pickup");
    expect(html).toContain("PayPal/Venmo link offered");
    expect(html).toContain("Paid by card");
    expect(html).toContain("Payment did not match — not paid: The payment provider reported");
    const done = await fetch(`${app.url}/user/orders?view=done`, {
      headers: { cookie: site.cookie },
    }).then((response) => response.text());
    expect(done).toContain("Refund pending");
    expect(done).toContain("Refunded");
    expect(done).toContain("Refund failed: Insufficient funds in Stripe account.");
    expect(done).toContain("Retry refund");
    const upcoming = await fetch(`${app.url}/user/orders?view=upcoming`, {
      headers: { cookie: site.cookie },
    }).then((response) => response.text());
    expect(`${html}${upcoming}`).toContain("Pay on delivery");

    // The ticket.
    const ticket = (orderId: string) =>
      fetch(`${app.url}/user/orders/${orderId}/ticket/80mm`, {
        headers: { cookie: site.cookie },
      });
    expect(await (await ticket(paid.id)).text()).toContain("PAID BY CARD");
    expect(await (await ticket(refunded.id)).text()).toContain("REFUNDED");
    expect(await (await ticket(atPickup.id)).text()).toContain("NOT PAID — pay at pickup");
    expect(await (await ticket(onDelivery.id)).text()).toContain("NOT PAID — pay on delivery");
    for (const never of [awaiting, givenUp]) {
      const refused = await callRoute(ticketRoute.loader, {
        services,
        owner: site.owner,
        params: { orderId: never.id, paper: "80mm" },
      });
      expect(refused).toMatchObject({ kind: "response", status: 404 });
    }

    // The CSV.
    const { header, rows } = await csvRows(site.owner);
    expect(header.slice(-3)).toEqual(["payment", "payment_status", "stripe_payment_id"]);
    const byNumber = new Map(rows.map((row) => [row[0], row.slice(-3)]));
    expect(byNumber.has(String(awaiting.number))).toBe(false);
    expect(byNumber.has(String(givenUp.number))).toBe(false);
    expect(rows).toHaveLength(7);
    expect(byNumber.get(String(atPickup.number))).toEqual(["in person", "", ""]);
    expect(byNumber.get(String(paid.number))).toEqual(["card", "paid", paid.paymentId]);
    expect(byNumber.get(String(pending.number))!.slice(0, 2)).toEqual(["card", "refund pending"]);
    expect(byNumber.get(String(refunded.number))!.slice(0, 2)).toEqual(["card", "refunded"]);
    expect(byNumber.get(String(failed.number))!.slice(0, 2)).toEqual(["card", "refund failed"]);
    expect(byNumber.get(String(mismatch.number))!.slice(0, 2)).toEqual(["card", "amount mismatch"]);

    // Nor can the owner act on an order they never heard of.
    const accept = await callRoute(ordersRoute.action, {
      services,
      owner: site.owner,
      url: "http://localhost/user/orders",
      form: { intent: "accept", orderId: awaiting.id, delay: "0" },
    });
    expect(accept).toMatchObject({ kind: "response", status: 404 });
  });

  it("retries a refund Stripe refused, for its owner only, and the outcome reaches the page live", async () => {
    const site = await makeSite();
    await connectCards(harness, site, "optional");
    const placed = await placeOrder(
      services.events,
      site.productId,
      {
        cartLines: [{ itemId: site.pizza, quantity: 1, choiceIds: ["Sm1"] }],
        placeKey: `retry${createId()}`.padEnd(32, "z").slice(0, 32),
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
    const { sessionId } = await startCheckout(harness, placed.orderId, NOW);
    await harness.fake.completeSession(sessionId);
    await harness.fake.webhooksIdle();

    harness.fake.failNextRefunds(1, {
      status: 400,
      message: "Insufficient funds in Stripe account.",
      code: "balance_insufficient",
    });
    await changeOrder(services.events, placed.orderId, { action: "reject", reason: "Closed" }, NOW);
    await services.orderMail.runOnce();
    await expect
      .poll(async () => (await orderOf(placed.orderId)).paymentState)
      .toBe("refund-failed");
    let shown = (await everyListed(site.owner)).find((order) => order.id === placed.orderId)!;
    expect(shown.payment.line).toBe("refund-failed");
    // Stripe's words, without the request id its client puts in front of them.
    expect((await orderOf(placed.orderId)).paymentProblem).toBe(
      "Insufficient funds in Stripe account.",
    );
    expect(shown.payment.problem).toBe("Insufficient funds in Stripe account.");

    const retry = { intent: "retry-refund", orderId: placed.orderId };
    const other = await callRoute(ordersRoute.action, {
      services,
      owner: ownerFor(stranger.userId),
      url: "http://localhost/user/orders",
      form: retry,
    });
    expect(other).toMatchObject({ kind: "response", status: 404 });
    expect((await orderOf(placed.orderId)).paymentState).toBe("refund-failed");
    const anonymous = await fetch(`${app.url}/user/orders`, {
      method: "POST",
      body: new URLSearchParams(retry),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);
    expect((await orderOf(placed.orderId)).paymentState).toBe("refund-failed");

    // The owner's page listens for changes while the refund is asked again.
    const heard: string[] = [];
    const unsubscribe = await services.live.subscribe(site.ownerUid, {
      onEvent: (kind) => heard.push(kind),
      onResync: () => {},
      onClose: () => {},
    });
    try {
      const mine = await callRoute(ordersRoute.action, {
        services,
        owner: site.owner,
        url: "http://localhost/user/orders",
        form: retry,
      });
      expect(mine).toMatchObject({ kind: "value", status: 200, body: { ok: true } });
      await services.orderMail.runOnce();
      await expect.poll(async () => (await orderOf(placed.orderId)).paymentState).toBe("refunded");
      // Twice at least: the retry's own change and the refund's outcome.
      await expect.poll(() => heard.length).toBeGreaterThanOrEqual(2);
    } finally {
      await unsubscribe();
    }
    shown = (await everyListed(site.owner)).find((order) => order.id === placed.orderId)!;
    expect(shown.payment.line).toBe("refunded");
    expect(shown.can.retryRefund).toBe(false);

    // Nothing left to retry.
    const again = await callRoute(ordersRoute.action, {
      services,
      owner: site.owner,
      url: "http://localhost/user/orders",
      form: retry,
    });
    expect(again).toMatchObject({ kind: "value", status: 409 });
    const refundRows = await services.db
      .select({ kind: orderMail.kind })
      .from(orderMail)
      .where(eq(orderMail.orderId, placed.orderId));
    expect(refundRows.filter((row) => row.kind === "card-refund").length).toBeGreaterThan(0);
  });
});

async function orderOf(id: string) {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

// Without card payments -------------------------------------------------------------------

describe("while the operator set up no card payments", () => {
  let plain: RunningServices;
  let plainApp: TestHttpApp;
  beforeAll(async () => {
    plain = await createTestServices({ publicPagesClock: new Date(NOW) });
    plainApp = await startHttpApp(plain, { countRenders: false });
  });
  afterAll(async () => {
    await plainApp?.close();
    await plain?.close();
  });

  it("answers 404 to everything of card payments and shows nothing of cards", async () => {
    expect(plain.payments).toBeNull();
    const site = await makeSite(plain);
    for (const query of ["", "return=1", "refresh=1"]) {
      expect((await loader(site.owner, site.productId, query, plain)).status, query).toBe(404);
    }
    const forms: Array<Record<string, string>> = [
      { intent: "connect" },
      { intent: "disconnect" },
      { intent: "choose", choice: "off" },
    ];
    for (const form of forms) {
      expect((await post(site.owner, site.productId, form, plain)).status, form.intent).toBe(404);
    }
    const response = await fetch(`${plainApp.url}/user/payments/${site.productId}?return=1`, {
      headers: { cookie: site.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(404);

    const tab = await callRoute(setupRoute.loader, {
      services: plain,
      owner: site.owner,
      params: { type: "restaurant", pid: site.productId },
      url: `http://localhost/user/restaurant/setup/${site.productId}?tab=orders`,
    });
    expect(tab.body).toMatchObject({ orders: { cardPayments: null } });
    const html = await fetch(`${plainApp.url}/user/restaurant/setup/${site.productId}?tab=orders`, {
      headers: { cookie: site.cookie },
    }).then((answer) => answer.text());
    expect(html).toContain("How customers pay");
    expect(html).not.toMatch(/Stripe|Card payments|by card/);

    await newOrder(site.productId, {}, plain);
    const inboxHtml = await fetch(`${plainApp.url}/user/orders`, {
      headers: { cookie: site.cookie },
    }).then((answer) => answer.text());
    expect(inboxHtml).toContain("Pay at pickup");
    expect(inboxHtml).not.toMatch(/Stripe|by card/);
    const { header } = await csvRows(site.owner, plain);
    expect(header).not.toContain("payment");
    expect(header).not.toContain("stripe_payment_id");
  });
});
