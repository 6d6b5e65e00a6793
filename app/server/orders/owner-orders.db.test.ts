/**
 * The owner's side of ordering on a real database, through the routes' own actions and
 * loaders: the Orders tab's save (every rule refused with its message and nothing written),
 * the inbox's lists and actions (the state machine, reject reasons, pause and resume), the
 * kitchen ticket and the CSV export; each out of reach of a second owner and of an
 * anonymous visitor.
 */
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PricedLine } from "~/lib/order-cart";
import { DONE_DAYS } from "~/lib/order-inbox";
import { DEFAULT_ORDER_SETTINGS, ORDER_SETTINGS_MESSAGES } from "~/lib/order-settings";
import { ORDER_ACTION_MESSAGES, type OrderState } from "~/lib/order-states";
import { SAVE_ORDERS_INTENT } from "~/lib/order-settings-form";
import * as exportRoute from "~/routes/portal/orders-export";
import * as ordersRoute from "~/routes/portal/orders";
import * as setupRoute from "~/routes/portal/setup";
import * as ticketRoute from "~/routes/print/order-ticket";
import { createId } from "~/server/db/ids.server";
import { orders, productInfo } from "~/server/db/schema";
import { createProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import type { ProductType } from "~/sites";
import { PAYPAL_USERNAME_INVALID, VENMO_USERNAME_INVALID } from "~/sites/shoppy/payments";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../../tests/support/http-app";
import { callRoute, ownerFor, type RouteOutcome } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import { EXPORT_COLUMNS, EXPORT_MESSAGES } from "./order-export.server";
import { loadOrderSettings, setOrdersPause } from "./orders.server";

/** Saturday 14 March 2026, 12:00 PM in New York (EDT, UTC−4). */
const NOW = new Date("2026-03-14T16:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = "America/New_York";

let services: RunningServices;
let app: TestHttpApp;
let stranger: Awaited<ReturnType<typeof registerOwner>>;

beforeAll(async () => {
  services = await createTestServices({ publicPagesClock: NOW });
  app = await startHttpApp(services, { countRenders: false });
  stranger = await registerOwner(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

async function newSite(type: ProductType = "restaurant", name = "Corner Diner") {
  const { userId, cookie } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type, name, timeZone: ZONE });
  if (!created.ok) throw new Error(created.reason);
  return { userId, cookie, productId: created.productId, type, name };
}

const LINES: PricedLine[] = [
  {
    itemId: "pizza1",
    name: "Margherita",
    quantity: 2,
    choices: [
      { group: "Size", name: "Large", priceChangeCents: 400 },
      { group: "Extras", name: "Basil", priceChangeCents: 0 },
    ],
    unitCents: 1550,
    lineCents: 3100,
  },
  { itemId: "salad1", name: "Salad", quantity: 1, choices: [], unitCents: 900, lineCents: 900 },
];

let orderNumber = 0;

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
      token: (createId() + createId()).slice(0, 32),
      number: orderNumber,
      placeKey: createId(),
      state: "new",
      fulfilment: "pickup",
      slotAt: new Date(NOW.getTime() + 30 * MINUTE),
      customerName: "Maria Lopez",
      customerPhone: "+1 555 0142",
      customerEmail: "",
      note: "No onions",
      lines: LINES,
      subtotalCents: 4000,
      deliveryFeeCents: 0,
      totalCents: 4000,
      currency: "USD",
      history: [{ state: "new", at: NOW.toISOString() }],
      createdAt: new Date(NOW.getTime() - 5 * MINUTE),
      ...values,
    })
    .returning();
  return row!;
}

async function orderRow(id: string) {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

// The Orders tab ------------------------------------------------------------------------

type Fields = Record<string, string>;

const VALID: Fields = {
  intent: SAVE_ORDERS_INTENT,
  enabled: "on",
  pickup: "on",
  delivery: "on",
  deliveryFee: "3.50",
  deliveryMinimum: "15",
  deliveryNote: "Within 3 km",
  leadMinutes: "25",
  slotMinutes: "10",
  daysAhead: "2",
  minimum: "8,50",
  slotCap: "6",
  email: "kitchen@example.com",
  remindMinutes: "5",
  giveUpMinutes: "30",
  paypalUsername: "https://paypal.me/CornerDiner",
  venmoUsername: "@corner-diner",
};

function saveAs(site: { productId: string; type: ProductType }, userId: string, fields: Fields) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return callRoute(setupRoute.action, {
    services,
    owner: ownerFor(userId),
    params: { type: site.type, pid: site.productId },
    multipart: form,
  });
}

function replyOf(outcome: RouteOutcome) {
  return (outcome.body as { result: { status?: string; error?: Record<string, string[]> } }).result;
}

async function handlesOf(productId: string) {
  const [row] = await services.db
    .select({ paypal: productInfo.paypalUsername, venmo: productInfo.venmoUsername })
    .from(productInfo)
    .where(eq(productInfo.productId, productId));
  return row!;
}

describe("the Orders tab's save", () => {
  it("stores the settings and a restaurant's payment handles, keeping the pause", async () => {
    const site = await newSite();
    const pausedUntil = NOW.getTime() + HOUR;
    await setOrdersPause(services.events, { id: site.userId }, site.productId, {
      pausedUntil,
      pausedIndefinitely: false,
    });
    const saved = await saveAs(site, site.userId, VALID);
    expect(saved.status).toBe(200);
    expect(replyOf(saved).status).toBe("success");
    expect(await loadOrderSettings(services.db, site.productId)).toEqual({
      enabled: true,
      pickup: true,
      delivery: true,
      deliveryFeeCents: 350,
      deliveryMinimumCents: 1500,
      deliveryNote: "Within 3 km",
      leadMinutes: 25,
      slotMinutes: 10,
      daysAhead: 2,
      minimumCents: 850,
      slotCap: 6,
      email: "kitchen@example.com",
      pausedUntil,
      pausedIndefinitely: false,
      remindMinutes: 5,
      giveUpMinutes: 30,
    });
    expect(await handlesOf(site.productId)).toEqual({
      paypal: "CornerDiner",
      venmo: "corner-diner",
    });

    // Turned off again, with the fields left empty: no cap, no minimum, the account's email.
    const off = await saveAs(site, site.userId, {
      intent: SAVE_ORDERS_INTENT,
      pickup: "on",
      leadMinutes: "0",
      slotMinutes: "60",
      daysAhead: "0",
      remindMinutes: "1",
    });
    expect(off.status).toBe(200);
    expect(await loadOrderSettings(services.db, site.productId)).toMatchObject({
      enabled: false,
      delivery: false,
      slotCap: null,
      minimumCents: 0,
      email: "",
      pausedUntil,
      // An empty give-up: never.
      remindMinutes: 1,
      giveUpMinutes: null,
    });
    expect(await handlesOf(site.productId)).toEqual({ paypal: "", venmo: "" });
  });

  it("leaves a shop's payment links to its Info tab", async () => {
    const shop = await newSite("shoppy", "Corner Shop");
    await services.db
      .update(productInfo)
      .set({ paypalUsername: "shopkeep", venmoUsername: "shop-keep" })
      .where(eq(productInfo.productId, shop.productId));
    const saved = await saveAs(shop, shop.userId, { ...VALID, paypalUsername: "other" });
    expect(saved.status).toBe(200);
    expect((await loadOrderSettings(services.db, shop.productId)).enabled).toBe(true);
    expect(await handlesOf(shop.productId)).toEqual({ paypal: "shopkeep", venmo: "shop-keep" });
  });

  const refusals: Array<[string, Fields, string, string]> = [
    [
      "no way to get the order",
      { pickup: "", delivery: "" },
      "pickup",
      ORDER_SETTINGS_MESSAGES.chooseAWay,
    ],
    [
      "a lead time over 240",
      { leadMinutes: "241" },
      "leadMinutes",
      ORDER_SETTINGS_MESSAGES.leadMinutes,
    ],
    [
      "a negative lead time",
      { leadMinutes: "-5" },
      "leadMinutes",
      ORDER_SETTINGS_MESSAGES.leadMinutes,
    ],
    [
      "a lead time in words",
      { leadMinutes: "soon" },
      "leadMinutes",
      ORDER_SETTINGS_MESSAGES.leadMinutes,
    ],
    [
      "a slot length not offered",
      { slotMinutes: "7" },
      "slotMinutes",
      ORDER_SETTINGS_MESSAGES.slotMinutes,
    ],
    ["more than 7 days ahead", { daysAhead: "8" }, "daysAhead", ORDER_SETTINGS_MESSAGES.daysAhead],
    ["a cap of 0", { slotCap: "0" }, "slotCap", ORDER_SETTINGS_MESSAGES.slotCap],
    ["a cap over 500", { slotCap: "501" }, "slotCap", ORDER_SETTINGS_MESSAGES.slotCap],
    ["a cap in words", { slotCap: "ten" }, "slotCap", ORDER_SETTINGS_MESSAGES.slotCap],
    ["an email that is none", { email: "kitchen@" }, "email", ORDER_SETTINGS_MESSAGES.email],
    [
      "no reminder time",
      { remindMinutes: "" },
      "remindMinutes",
      ORDER_SETTINGS_MESSAGES.remindMinutes,
    ],
    [
      "a reminder at 0 minutes",
      { remindMinutes: "0" },
      "remindMinutes",
      ORDER_SETTINGS_MESSAGES.remindMinutes,
    ],
    [
      "a reminder after 61 minutes",
      { remindMinutes: "61" },
      "remindMinutes",
      ORDER_SETTINGS_MESSAGES.remindMinutes,
    ],
    [
      "a reminder time in words",
      { remindMinutes: "soon" },
      "remindMinutes",
      ORDER_SETTINGS_MESSAGES.remindMinutes,
    ],
    [
      "giving up after 4 minutes",
      { remindMinutes: "1", giveUpMinutes: "4" },
      "giveUpMinutes",
      ORDER_SETTINGS_MESSAGES.giveUpMinutes,
    ],
    [
      "giving up after 241 minutes",
      { giveUpMinutes: "241" },
      "giveUpMinutes",
      ORDER_SETTINGS_MESSAGES.giveUpMinutes,
    ],
    [
      "giving up after part of a minute",
      { giveUpMinutes: "7.5" },
      "giveUpMinutes",
      ORDER_SETTINGS_MESSAGES.giveUpMinutes,
    ],
    [
      "giving up no later than the reminder",
      { remindMinutes: "20", giveUpMinutes: "20" },
      "giveUpMinutes",
      ORDER_SETTINGS_MESSAGES.giveUpAfterRemind,
    ],
    [
      "a long delivery note",
      { deliveryNote: "x".repeat(81) },
      "deliveryNote",
      ORDER_SETTINGS_MESSAGES.deliveryNote,
    ],
    [
      "a PayPal.me name with spaces",
      { paypalUsername: "corner diner" },
      "paypalUsername",
      PAYPAL_USERNAME_INVALID,
    ],
    [
      "a Venmo username too short",
      { venmoUsername: "abc" },
      "venmoUsername",
      VENMO_USERNAME_INVALID,
    ],
  ];

  it.each(refusals)(
    "refuses %s at its field, writing nothing",
    async (_, change, field, message) => {
      const site = await newSite();
      const fields = { ...VALID, ...change };
      for (const [key, value] of Object.entries(change)) if (value === "") delete fields[key];
      const before = await loadOrderSettings(services.db, site.productId);
      const refused = await saveAs(site, site.userId, fields);
      expect(refused.status).toBe(400);
      const reply = replyOf(refused);
      expect(reply.error?.[field]).toContain(message);
      expect(reply.error?.[""]).toEqual([ORDER_SETTINGS_MESSAGES.failed]);
      expect(await loadOrderSettings(services.db, site.productId)).toEqual(before);
      expect(before).toEqual(DEFAULT_ORDER_SETTINGS);
      expect(await handlesOf(site.productId)).toEqual({ paypal: "", venmo: "" });
    },
  );

  it("is out of reach of a second owner and of an anonymous visitor", async () => {
    const site = await newSite();
    const refused = await saveAs(site, stranger.userId, VALID);
    expect(refused).toMatchObject({ kind: "response", status: 404 });

    const anonymous = await fetch(`${app.url}/user/${site.type}/setup/${site.productId}`, {
      method: "POST",
      body: new URLSearchParams(VALID),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);
    const page = await fetch(`${app.url}/user/${site.type}/setup/${site.productId}?tab=orders`, {
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
    expect(await loadOrderSettings(services.db, site.productId)).toEqual(DEFAULT_ORDER_SETTINGS);
  });

  it("shows the tab with what is stored and the account's address", async () => {
    const site = await newSite();
    await saveAs(site, site.userId, VALID);
    const page = await fetch(`${app.url}/user/${site.type}/setup/${site.productId}?tab=orders`, {
      headers: { cookie: site.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Taking orders online");
    expect(html).toContain('value="kitchen@example.com"');
    expect(html).toContain('value="CornerDiner"');
    expect(html).toContain(`/order"`);
  });
});

// The inbox -----------------------------------------------------------------------------

function post(userId: string, form: Fields) {
  return callRoute(ordersRoute.action, {
    services,
    owner: ownerFor(userId),
    url: "http://localhost/user/orders",
    form,
  });
}

function inbox(userId: string, view = "today") {
  return callRoute(ordersRoute.loader, {
    services,
    owner: ownerFor(userId),
    url: `http://localhost/user/orders?view=${view}`,
  });
}

type InboxData = Awaited<ReturnType<typeof ordersRoute.loader>>;

describe("the inbox", () => {
  it("sorts orders into Today, Upcoming and Done, new ones first", async () => {
    const site = await newSite();
    const soon = await newOrder(site.productId, {
      state: "accepted",
      slotAt: new Date(NOW.getTime() + 10 * MINUTE),
    });
    const fresh = await newOrder(site.productId, { slotAt: new Date(NOW.getTime() + HOUR) });
    const tomorrowNew = await newOrder(site.productId, { slotAt: new Date(NOW.getTime() + DAY) });
    const later = await newOrder(site.productId, {
      state: "accepted",
      slotAt: new Date(NOW.getTime() + 2 * DAY),
    });
    const done = await newOrder(site.productId, {
      state: "completed",
      closedAt: new Date(NOW.getTime() - HOUR),
    });
    const old = await newOrder(site.productId, {
      state: "completed",
      closedAt: new Date(NOW.getTime() - (DONE_DAYS + 1) * DAY),
    });

    const today = (await inbox(site.userId)).body as InboxData;
    expect(today.orders.map((order) => order.id)).toEqual([fresh.id, tomorrowNew.id, soon.id]);
    expect(today.counts).toEqual({ today: 3, upcoming: 1, done: 1, new: 2 });
    const first = today.orders[0]!;
    expect(first).toMatchObject({
      number: fresh.number,
      stateLabel: "New",
      askedText: "Today, 1:00 PM",
      customerPhone: "+1 555 0142",
      totalText: "$40.00",
      can: { accept: true, reject: true, ready: false, complete: false },
      mailFailed: false,
    });
    expect(first.lines[0]).toEqual({ quantity: 2, name: "Margherita", choices: "Large · Basil" });
    expect(today.orders[1]!.askedText).toBe("Tomorrow, 12:00 PM");
    expect(today.sites).toEqual([
      expect.objectContaining({ id: site.productId, enabled: false, pausedText: null }),
    ]);

    const upcoming = (await inbox(site.userId, "upcoming")).body as InboxData;
    expect(upcoming.orders.map((order) => order.id)).toEqual([later.id]);
    const closed = (await inbox(site.userId, "done")).body as InboxData;
    expect(closed.orders.map((order) => order.id)).toEqual([done.id]);
    expect(closed.orders.map((order) => order.id)).not.toContain(old.id);

    // The 30-day line counts what was not rejected or cancelled, today last.
    expect(today.days).toHaveLength(30);
    expect(today.days.at(-1)).toMatchObject({ day: "2026-03-14", orders: 6 });

    // A second owner's inbox holds none of them.
    const theirs = (await inbox(stranger.userId)).body as InboxData;
    expect(theirs.orders).toEqual([]);
  });

  it("titles the page with the count of new orders", async () => {
    const site = await newSite();
    await newOrder(site.productId);
    await newOrder(site.productId);
    const data = (await inbox(site.userId)).body as InboxData;
    const meta = ordersRoute.meta({
      data,
      matches: [],
      location: { pathname: "/user/orders" },
    } as never);
    expect(meta).toContainEqual({ title: "(2) Orders · Site Builder" });
  });

  it("takes an order through accept +10, ready and completed", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId);
    const accepted = await post(site.userId, { intent: "accept", orderId: order.id, delay: "10" });
    expect(accepted.status).toBe(200);
    let row = await orderRow(order.id);
    expect(row.state).toBe("accepted");
    expect(row.readyAt?.getTime()).toBe(order.slotAt.getTime() + 10 * MINUTE);

    expect((await post(site.userId, { intent: "ready", orderId: order.id })).status).toBe(200);
    expect((await orderRow(order.id)).state).toBe("ready");
    expect((await post(site.userId, { intent: "complete", orderId: order.id })).status).toBe(200);
    row = await orderRow(order.id);
    expect(row.state).toBe("completed");
    expect(row.closedAt).not.toBeNull();
    expect(row.history.map((entry) => entry.state)).toEqual([
      "new",
      "accepted",
      "ready",
      "completed",
    ]);
  });

  it("refuses a move the order's state does not allow with 409, never a 500", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId);
    // No Ready before Accepted.
    const early = await post(site.userId, { intent: "ready", orderId: order.id });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ ok: false, error: ORDER_ACTION_MESSAGES.notAllowed });
    expect((await orderRow(order.id)).state).toBe("new");

    // No Accept after the customer cancelled.
    const cancelled = await newOrder(site.productId, {
      state: "cancelled",
      closedAt: NOW,
    });
    const late = await post(site.userId, { intent: "accept", orderId: cancelled.id, delay: "0" });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: ORDER_ACTION_MESSAGES.notAllowed });
    expect((await orderRow(cancelled.id)).state).toBe("cancelled");

    // Accepted twice (two taps, two devices): the second is refused.
    expect(
      (await post(site.userId, { intent: "accept", orderId: order.id, delay: "0" })).status,
    ).toBe(200);
    expect(
      (await post(site.userId, { intent: "accept", orderId: order.id, delay: "20" })).status,
    ).toBe(409);
    expect((await orderRow(order.id)).readyAt?.getTime()).toBe(order.slotAt.getTime());
  });

  it("accepts an order whose asked time has passed from now", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId, { slotAt: new Date(NOW.getTime() - 20 * MINUTE) });
    await post(site.userId, { intent: "accept", orderId: order.id, delay: "20" });
    expect((await orderRow(order.id)).readyAt?.getTime()).toBe(NOW.getTime() + 20 * MINUTE);
  });

  it("rejects with a listed reason or the owner's words, and asks for one", async () => {
    const site = await newSite();
    const listed = await newOrder(site.productId);
    expect(
      (await post(site.userId, { intent: "reject", orderId: listed.id, reason: "Sold out" }))
        .status,
    ).toBe(200);
    expect(await orderRow(listed.id)).toMatchObject({
      state: "rejected",
      rejectReason: "Sold out",
    });

    const typed = await newOrder(site.productId);
    await post(site.userId, {
      intent: "reject",
      orderId: typed.id,
      reason: "other",
      otherReason: "  Oven broke down  ",
    });
    expect(await orderRow(typed.id)).toMatchObject({
      state: "rejected",
      rejectReason: "Oven broke down",
    });

    const none = await newOrder(site.productId);
    const missing = await post(site.userId, {
      intent: "reject",
      orderId: none.id,
      reason: "other",
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: ORDER_ACTION_MESSAGES.reasonRequired });
    const long = await post(site.userId, {
      intent: "reject",
      orderId: none.id,
      reason: "other",
      otherReason: "x".repeat(121),
    });
    expect(long.body).toMatchObject({ error: ORDER_ACTION_MESSAGES.reasonTooLong });
    expect((await orderRow(none.id)).state).toBe("new");
  });

  it("refuses an unknown intent and a delay not offered", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId);
    expect((await post(site.userId, { intent: "delete", orderId: order.id })).status).toBe(400);
    expect(
      (await post(site.userId, { intent: "accept", orderId: order.id, delay: "45" })).status,
    ).toBe(400);
    expect((await orderRow(order.id)).state).toBe("new");
  });

  it("keeps every order action out of a second owner's reach", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId);
    const forms: Fields[] = [
      { intent: "accept", orderId: order.id, delay: "0" },
      { intent: "reject", orderId: order.id, reason: "Too busy" },
      { intent: "ready", orderId: order.id },
      { intent: "complete", orderId: order.id },
      { intent: "pause", productId: site.productId, choice: "1h" },
      { intent: "resume", productId: site.productId },
    ];
    for (const form of forms) {
      const refused = await post(stranger.userId, form);
      expect(refused, form.intent).toMatchObject({ kind: "response", status: 404 });
    }
    // An unknown id looks the same.
    expect(await post(site.userId, { intent: "ready", orderId: "nosuchorder" })).toMatchObject({
      status: 404,
    });
    expect((await orderRow(order.id)).state).toBe("new");
    expect(await loadOrderSettings(services.db, site.productId)).toEqual(DEFAULT_ORDER_SETTINGS);

    // Without a session: the page sends to sign-in, a post is refused.
    const page = await fetch(`${app.url}/user/orders`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/signin?redirectTo=%2Fuser%2Forders");
    const anonymous = await fetch(`${app.url}/user/orders`, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept", orderId: order.id, delay: "0" }),
      redirect: "manual",
    });
    expect([401, 403]).toContain(anonymous.status);
    expect((await orderRow(order.id)).state).toBe("new");
  });

  it("pauses a site for a while, for the day or until resumed, and resumes it", async () => {
    const site = await newSite();
    const paused = await post(site.userId, {
      intent: "pause",
      productId: site.productId,
      choice: "30m",
    });
    expect(paused.status).toBe(200);
    expect(await loadOrderSettings(services.db, site.productId)).toMatchObject({
      pausedUntil: NOW.getTime() + 30 * MINUTE,
      pausedIndefinitely: false,
    });
    let data = (await inbox(site.userId)).body as InboxData;
    expect(data.sites[0]!.pausedText).toBe("Paused until 12:30 PM");

    await post(site.userId, { intent: "pause", productId: site.productId, choice: "today" });
    // Midnight in New York.
    expect((await loadOrderSettings(services.db, site.productId)).pausedUntil).toBe(
      Date.parse("2026-03-15T04:00:00Z"),
    );
    data = (await inbox(site.userId)).body as InboxData;
    expect(data.sites[0]!.pausedText).toBe("Paused until midnight");

    await post(site.userId, { intent: "pause", productId: site.productId, choice: "resume" });
    expect(await loadOrderSettings(services.db, site.productId)).toMatchObject({
      pausedUntil: null,
      pausedIndefinitely: true,
    });
    data = (await inbox(site.userId)).body as InboxData;
    expect(data.sites[0]!.pausedText).toBe("Paused until you resume");

    const resumed = await post(site.userId, { intent: "resume", productId: site.productId });
    expect(resumed.status).toBe(200);
    expect(await loadOrderSettings(services.db, site.productId)).toMatchObject({
      pausedUntil: null,
      pausedIndefinitely: false,
    });
    data = (await inbox(site.userId)).body as InboxData;
    expect(data.sites[0]!.pausedText).toBeNull();

    const unknown = await post(site.userId, {
      intent: "pause",
      productId: site.productId,
      choice: "forever",
    });
    expect(unknown.status).toBe(400);
  });

  it("marks an order whose mail failed", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId, { customerEmail: "maria@example.net" });
    const { orderMail } = await import("~/server/db/schema");
    await services.db
      .insert(orderMail)
      .values({ id: createId(), orderId: order.id, kind: "owner-new", failedAt: NOW });
    const data = (await inbox(site.userId)).body as InboxData;
    expect(data.orders.find((row) => row.id === order.id)?.mailFailed).toBe(true);
  });
});

// The ticket and the export -------------------------------------------------------------

function ticket(userId: string, orderId: string, paper: string) {
  return callRoute(ticketRoute.loader, {
    services,
    owner: ownerFor(userId),
    params: { orderId, paper },
  });
}

describe("the kitchen ticket", () => {
  it("is its owner's, on 80 mm or A4", async () => {
    const site = await newSite();
    const order = await newOrder(site.productId, {
      fulfilment: "delivery",
      deliveryAddress: "1 Elm",
    });
    const mine = await ticket(site.userId, order.id, "80mm");
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      paper: "80mm",
      siteName: site.name,
      order: { number: order.number, fulfilment: "delivery", note: "No onions" },
    });
    expect((await ticket(site.userId, order.id, "a4")).status).toBe(200);
    expect(await ticket(site.userId, order.id, "a5")).toMatchObject({ status: 404 });
    expect(await ticket(stranger.userId, order.id, "80mm")).toMatchObject({
      kind: "response",
      status: 404,
    });

    const page = await fetch(`${app.url}/user/orders/${order.id}/ticket/80mm`, {
      headers: { cookie: site.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`#(<!-- -->)?${order.number}<`));
    expect(html).toContain("DELIVERY");
    const anonymous = await fetch(`${app.url}/user/orders/${order.id}/ticket/80mm`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
  });
});

function exportCsv(userId: string, query: string) {
  return callRoute(exportRoute.loader, {
    services,
    owner: ownerFor(userId),
    url: `http://localhost/user/orders/export?${query}`,
  });
}

describe("the CSV export", () => {
  it("lists the owner's orders of the range, the customer's name and phone while kept", async () => {
    const site = await newSite("restaurant", "Corner, Diner");
    // 11:30 PM on 13 March in New York is 14 March in UTC: it belongs to the 13th.
    const late = await newOrder(site.productId, {
      createdAt: new Date("2026-03-14T03:30:00Z"),
      slotAt: new Date("2026-03-14T03:45:00Z"),
      state: "completed",
      fulfilment: "delivery",
      deliveryFeeCents: 350,
      totalCents: 4350,
      customerName: '=HYPERLINK("x")',
    });
    const removed = await newOrder(site.productId, {
      createdAt: new Date("2026-03-12T15:00:00Z"),
      personalDataRemovedAt: NOW,
      customerName: "",
      customerPhone: "",
    });
    const outside = await newOrder(site.productId, { createdAt: new Date("2026-03-14T15:00:00Z") });
    const theirs = await newSite();
    await newOrder(theirs.productId, { createdAt: new Date("2026-03-13T15:00:00Z") });

    const response = await fetch(`${app.url}/user/orders/export?from=2026-03-12&to=2026-03-13`, {
      headers: { cookie: site.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="orders-2026-03-12-to-2026-03-13.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A BOM first, so that Excel reads UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed = Papa.parse<string[]>(text.trim(), { newline: "\r\n" });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual([String(removed.number), String(late.number)]);
    expect(rows[1]).toEqual([
      String(late.number),
      "Corner, Diner",
      "2026-03-13 23:30",
      "Completed",
      "delivery",
      "2026-03-13 23:45",
      "2 x Margherita (Large, Basil); 1 x Salad",
      "40.00",
      "3.50",
      "43.50",
      "USD",
      `'=HYPERLINK("x")`,
      "'+1 555 0142",
    ]);
    expect(rows[0]!.slice(-2)).toEqual(["", ""]);
    expect(text).not.toContain(String(outside.id));
  });

  it("refuses dates it cannot read, backwards or over a year apart", async () => {
    const site = await newSite();
    const cases: Array<[string, string]> = [
      ["from=2026-03-01", EXPORT_MESSAGES.badDate],
      ["from=2026-02-30&to=2026-03-01", EXPORT_MESSAGES.badDate],
      ["from=yesterday&to=2026-03-01", EXPORT_MESSAGES.badDate],
      ["from=2026-03-10&to=2026-03-01", EXPORT_MESSAGES.backwards],
      ["from=2025-03-01&to=2026-03-02", EXPORT_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const refused = await exportCsv(site.userId, query);
      expect(refused, query).toMatchObject({ kind: "response", status: 400, body: { message } });
    }
    // 366 days, both counted, is the most.
    const year = await exportCsv(site.userId, "from=2025-03-02&to=2026-03-02");
    expect(year).toMatchObject({ kind: "response", status: 200 });

    const anonymous = await fetch(`${app.url}/user/orders/export?from=2026-03-01&to=2026-03-02`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
  });
});
