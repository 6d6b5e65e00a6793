/**
 * A card payment is never lost to a crash: a customer pays on (the fake) Stripe's checkout,
 * Stripe has confirmed it, and the portal is killed outright (SIGKILL) before it heard of it.
 * Started again, Stripe's next delivery of the webhook, or the customer's return to the
 * status page, completes the order: paid, in the owner's inbox, with one mail queued.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatCart } from "../../app/lib/order-cart";
import { orderMail, orderSettings, orders, paymentAccounts } from "../../app/server/db/schema";
import {
  createChildPortalDatabase,
  startChildPortal,
  type ChildPortal,
  type ChildPortalDatabase,
} from "../support/child-portal";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { TEST_STRIPE_KEY, TEST_WEBHOOK_SECRET } from "../support/card-payments";
import {
  createOrderingSite,
  LEMONADE,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";

let fake: FakeStripe;
let database: ChildPortalDatabase;
let orderPath: string;
let cart: string;
let slot: number;

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => ORDERING_CLOCK, webhookRetries: 0 });
  database = await createChildPortalDatabase("portal-card-crash-", "the card payments crash test");
  const services = await database.open();
  try {
    const site = await createOrderingSite(services, "Crash Cafe", [LEMONADE]);
    const account = fake.createAccount({ onboarded: true, email: "owner@example.com" });
    await services.db.insert(paymentAccounts).values({
      productId: site.productId,
      accountId: account.id,
      chargesEnabled: true,
      detailsSubmitted: true,
    });
    await services.db
      .update(orderSettings)
      .set({ cardPayments: "required" })
      .where(eq(orderSettings.productId, site.productId));
    orderPath = site.orderPath;
    cart = formatCart([{ itemId: site.ids["Lemonade"]!, quantity: 2, choiceIds: [] }]);
    slot = orderingSlots(site.settings)[0]!.start;
  } finally {
    await services.close();
  }
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await database?.remove();
});

async function startPortal(): Promise<ChildPortal> {
  const portal = await startChildPortal({
    ...database.env,
    PUBLIC_PAGES_CLOCK: new Date(ORDERING_CLOCK).toISOString(),
    STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    LOG_LEVEL: "warn",
  });
  fake.setWebhookTarget(`${portal.url}/webhooks/stripe`, TEST_WEBHOOK_SECRET);
  return portal;
}

/** Places a card order and pays it at Stripe, with its webhook held: the portal knows nothing yet. */
async function paidAtStripeOnly(portal: ChildPortal) {
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
      payment: "card",
    }),
  });
  expect(answer.status).toBe(303);
  const handOff = await (await fetch(portal.url + answer.headers.get("location")!)).text();
  const checkoutUrl = /content="0;url=([^"]+)"/.exec(handOff)![1]!;
  const session = [...fake.sessions.values()].find((each) => each.url === checkoutUrl)!;
  fake.holdWebhooks(true);
  await fake.completeSession(session.id);
  return session;
}

async function orderOf(checkoutId: string) {
  const services = await database.open();
  try {
    const [order] = await services.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, checkoutId));
    const mail = await services.db.select().from(orderMail).where(eq(orderMail.orderId, order!.id));
    return { order: order!, mails: mail.map((row) => row.kind) };
  } finally {
    await services.close();
  }
}

it("completes the order from Stripe's next delivery, or the customer's return, after a SIGKILL", async () => {
  let portal = await startPortal();
  const byWebhook = await paidAtStripeOnly(portal);
  const byReturn = await paidAtStripeOnly(portal);
  portal.signal("SIGKILL");
  expect(await portal.exited).toBe("SIGKILL");

  // Nothing was lost, and nothing is paid yet.
  const stopped = await orderOf(byWebhook.id);
  expect(stopped.order).toMatchObject({ state: "awaiting-payment", paymentState: "awaiting" });
  expect(stopped.mails).toEqual([]);

  portal = await startPortal();
  try {
    // The customer comes back to the status page Stripe sends them to.
    const returnUrl = new URL(byReturn.success_url.replace("{CHECKOUT_SESSION_ID}", byReturn.id));
    const page = await (
      await fetch(`${portal.url}${returnUrl.pathname}${returnUrl.search}`)
    ).text();
    expect(page).toContain("Paid $7.00 by card");
    // Stripe delivers again what it could not deliver before.
    const deliveries = await fake.releaseWebhooks();
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
  } finally {
    portal.signal("SIGTERM");
    await portal.exited;
  }
  for (const session of [byWebhook, byReturn]) {
    const { order, mails } = await orderOf(session.id);
    expect(order).toMatchObject({ state: "new", paymentState: "paid", paidCents: 700 });
    expect(mails).toEqual(["owner-new"]);
  }
}, 180_000);
