/**
 * No order left unseen, with two server processes on one PostgreSQL database, each sweeping
 * every second: a customer's order nobody answers reminds the owner by mail exactly once,
 * and is then turned down exactly once, its customer mailed once and its status page saying
 * why. The processes' clock is fixed (PUBLIC_PAGES_CLOCK); the order is made older instead,
 * in the database, as the minutes passing would make it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatCart } from "../../app/lib/order-cart";
import { HONEYPOT_FIELD } from "../../app/lib/order-form";
import { en } from "../../app/lib/i18n/words/en";
import { orderMail, orders } from "../../app/server/db/schema";
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
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";

const MINUTE = 60_000;
const KITCHEN = "kitchen@example.com";
const CUSTOMER = "ada@example.com";

let inbox: SmtpInbox;
let database: ChildPortalDatabase;
let orderPath: string;
let cart: string;
let slot: number;
const portals: ChildPortal[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = await createChildPortalDatabase("portal-escalation-", "the unanswered orders test");
  const services = await database.open();
  try {
    const site = await createOrderingSite(services, "Two Ovens", [LEMONADE], {
      remindMinutes: 3,
      giveUpMinutes: 15,
      email: KITCHEN,
    });
    orderPath = site.orderPath;
    cart = formatCart([{ itemId: site.ids["Lemonade"]!, quantity: 2, choiceIds: [] }]);
    slot = orderingSlots(site.settings)[0]!.start;
  } finally {
    await services.close();
  }
  for (let index = 0; index < 2; index += 1) {
    portals.push(
      await startChildPortal({
        ...database.env,
        PUBLIC_PAGES_CLOCK: new Date(ORDERING_CLOCK).toISOString(),
        ORDER_SWEEP_SECONDS: "1",
        MAIL: "on",
        SMTP_URL: inbox.url,
        MAIL_FROM: "Site Builder <no-reply@portal.test>",
        LOG_LEVEL: "warn",
      }),
    );
  }
}, 180_000);

afterAll(async () => {
  for (const portal of portals) portal.signal("SIGKILL");
  await Promise.all(portals.map((portal) => portal.exited));
  await database?.remove();
  await inbox?.close();
});

/** The order as stored, and its outbox rows' kinds, read as a third process would. */
async function stored(token: string) {
  const services = await database.open();
  try {
    const [order] = await services.db.select().from(orders).where(eq(orders.token, token));
    const rows = await services.db
      .select({ kind: orderMail.kind, sentAt: orderMail.sentAt })
      .from(orderMail)
      .where(eq(orderMail.orderId, order!.id));
    return { order: order!, mails: rows };
  } finally {
    await services.close();
  }
}

/** Makes the order as old as `minutes` on the processes' clock: as if they had passed. */
async function age(token: string, minutes: number) {
  const services = await database.open();
  try {
    await services.db
      .update(orders)
      .set({ createdAt: new Date(ORDERING_CLOCK - minutes * MINUTE) })
      .where(eq(orders.token, token));
  } finally {
    await services.close();
  }
}

it("reminds once and turns the order down once, however many processes sweep", async () => {
  const placed = await fetch(portals[0]!.url + orderPath, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      step: "place",
      cart,
      placeKey: randomBytes(12).toString("hex"),
      [HONEYPOT_FIELD]: "",
      fulfilment: "pickup",
      slot: String(slot),
      name: "Ada Lovelace",
      phone: "+1 555 0101",
      email: CUSTOMER,
    }),
  });
  expect(placed.status).toBe(303);
  const statusPath = placed.headers.get("location")!;
  const token = /^\/o\/([A-Za-z0-9]+)$/.exec(statusPath)![1]!;
  const announced = await inbox.take(KITCHEN, 20_000);
  expect(announced.subject).toMatch(/^New order /);

  // Nothing more while the order is younger than the reminder time, over several sweeps.
  expect(await inbox.nothingFor(KITCHEN, 3000)).toBe(true);

  await age(token, 3);
  const reminder = await inbox.take(KITCHEN, 20_000);
  expect(reminder.subject).toMatch(/^Still waiting: order \d+ · Two Ovens · pickup /);
  // Both processes sweep every second: a second reminder would have come by now.
  expect(await inbox.nothingFor(KITCHEN, 4000)).toBe(true);
  expect(await inbox.nothingFor(CUSTOMER, 0)).toBe(true);
  expect((await stored(token)).order.state).toBe("new");

  await age(token, 15);
  const told = await inbox.take(CUSTOMER, 20_000);
  expect(told.subject).toMatch(/^Order \d+ not accepted · Two Ovens$/);
  expect(told.text).toContain(en.rejectReasonNotConfirmedRestaurant);
  expect(await inbox.nothingFor(CUSTOMER, 4000)).toBe(true);
  expect(await inbox.nothingFor(KITCHEN, 0)).toBe(true);

  const { order, mails } = await stored(token);
  expect(order).toMatchObject({
    state: "rejected",
    rejectReason: en.rejectReasonNotConfirmedRestaurant,
  });
  expect(order.history.map((entry) => entry.state)).toEqual(["new", "rejected"]);
  expect(mails.map((mail) => mail.kind).sort()).toEqual([
    "customer-rejected",
    "owner-new",
    "owner-reminder",
  ]);
  expect(mails.every((mail) => mail.sentAt !== null)).toBe(true);

  // Either process shows the customer why.
  for (const portal of portals) {
    const page = await (await fetch(portal.url + statusPath)).text();
    expect(page).toContain(`Reason: ${en.rejectReasonNotConfirmedRestaurant}`);
  }

  // Both stop cleanly, their sweeps with them.
  for (const portal of portals) portal.signal("SIGTERM");
  expect(await Promise.all(portals.map((portal) => portal.exited))).toEqual([0, 0]);
}, 180_000);
