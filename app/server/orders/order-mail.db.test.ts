/**
 * The mail about orders on a real database and a real SMTP server: the owner's mail of a new
 * order (to the Orders tab's address, or the account's), the customer's mails, mail that
 * needs no sending, a mail server down (nothing lost, sent once when it is back), two
 * senders on one database (each mail once), retries given up after a day, MAIL=off, and
 * logs without anyone's personal data.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { PricedLine } from "~/lib/order-cart";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createId } from "~/server/db/ids.server";
import { orderMail, orderSettings, orders, productInfo, products, users } from "~/server/db/schema";
import { logger } from "~/server/http/log.server";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import type { RunningServices } from "~/server/runtime/services.server";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestServices, openSecondHandle } from "../../../tests/support/test-services";
import {
  createOrderMail,
  ORDER_MAIL_LEASE_MS,
  orderMailRetryDelay,
  type OrderMailSender,
} from "./order-mail.server";

const PUBLIC_URL = "http://localhost:3999";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let services: RunningServices;
let inbox: SmtpInbox;
let mailer: Mailer;
/** Senders and mailers made by a test, closed after it. */
let opened: Array<{ close(): unknown }> = [];

beforeAll(async () => {
  services = await createTestServices();
  inbox = await startSmtpInbox();
  mailer = createMailer({
    transport: "smtp",
    smtpUrl: inbox.url,
    from: "Site Builder <no-reply@portal.test>",
  });
});
afterAll(async () => {
  mailer?.close();
  await services?.close();
  await inbox?.close();
});
beforeEach(async () => {
  // Each test sees only its own mail: whatever an earlier one left due is closed.
  await services.db
    .update(orderMail)
    .set({ sentAt: new Date() })
    .where(and(isNull(orderMail.sentAt), isNull(orderMail.failedAt)));
});
afterEach(async () => {
  for (const item of opened.reverse()) await item.close();
  opened = [];
  vi.restoreAllMocks();
});

function sender(
  options: { mailer?: Mailer; now?: () => number; db?: RunningServices["db"] } = {},
): OrderMailSender {
  const created = createOrderMail({
    db: options.db ?? services.db,
    mailer: options.mailer ?? mailer,
    publicUrl: PUBLIC_URL,
    now: options.now,
  });
  opened.push(created);
  return created;
}

/** A port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function downMailer(): Promise<Mailer> {
  const down = createMailer({
    transport: "smtp",
    smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    from: "Site Builder <no-reply@portal.test>",
  });
  opened.push(down);
  return down;
}

let counter = 0;
const unique = (label: string) => `${label}${++counter}${Math.random().toString(36).slice(2, 7)}`;

/** An owner with a restaurant; `settingsEmail` undefined leaves the site without settings. */
async function newSite(options: { settingsEmail?: string; name?: string } = {}) {
  const ownerEmail = `${unique("owner")}@example.com`;
  const userId = createId();
  const productId = createId();
  const name = options.name ?? "Demo Diner";
  await services.db.insert(users).values({ id: userId, name: unique("owner"), email: ownerEmail });
  await services.db
    .insert(products)
    .values({ id: productId, ownerUid: userId, type: "restaurant", name, slug: "demo-diner" });
  await services.db.insert(productInfo).values({
    productId,
    name,
    slug: "demo-diner",
    timeZone: "America/New_York",
    currency: "USD",
    address: "1 Main Street",
  });
  if (options.settingsEmail !== undefined) {
    await services.db
      .insert(orderSettings)
      .values({ productId, enabled: true, email: options.settingsEmail });
  }
  return { productId, userId, ownerEmail };
}

const PIZZA: PricedLine = {
  itemId: "pizza1",
  name: "Pizza",
  quantity: 2,
  choices: [
    { group: "Size", name: "Large", priceChangeCents: 300 },
    { group: "Extras", name: "Bacon", priceChangeCents: 200 },
  ],
  unitCents: 1300,
  lineCents: 2600,
};
const COLA: PricedLine = {
  itemId: "cola1",
  name: "Cola",
  quantity: 1,
  choices: [],
  unitCents: 200,
  lineCents: 200,
};

// 5:30 PM in New York (EDT), for 6:15 PM the same day.
const PLACED_AT = new Date("2026-06-12T21:30:00Z");
const SLOT_AT = new Date("2026-06-12T22:15:00Z");

type OrderValues = Partial<typeof orders.$inferInsert>;

const numbers = new Map<string, number>();

async function newOrder(productId: string, values: OrderValues = {}) {
  const number = (numbers.get(productId) ?? 0) + 1;
  numbers.set(productId, number);
  const row = {
    id: createId(),
    productId,
    token: (createId() + createId()).slice(0, 32),
    number,
    placeKey: createId(),
    fulfilment: "pickup" as const,
    slotAt: SLOT_AT,
    customerName: "Ann Placer",
    customerPhone: "+1 555 0100",
    customerEmail: `${unique("ann")}@example.net`,
    note: "<b>No onions</b>, please",
    lines: [PIZZA, COLA],
    subtotalCents: 2800,
    totalCents: 2800,
    currency: "USD",
    history: [{ state: "new" as const, at: PLACED_AT.toISOString() }],
    createdAt: PLACED_AT,
    ...values,
  };
  await services.db.insert(orders).values(row);
  return row;
}

async function queue(
  orderId: string,
  kind: string,
  values: Partial<typeof orderMail.$inferInsert> = {},
) {
  const id = createId();
  await services.db.insert(orderMail).values({ id, orderId, kind, ...values });
  return id;
}

async function mailRow(id: string) {
  const [row] = await services.db.select().from(orderMail).where(eq(orderMail.id, id));
  return row!;
}

const receivedBy = (address: string) =>
  inbox.received.filter((mail) => mail.to.includes(address.toLowerCase()));

describe("the owner's mail of a new order", () => {
  it("reaches the Orders tab's address with the time, the lines, the total and the customer", async () => {
    const site = await newSite({ settingsEmail: `${unique("kitchen")}@example.com` });
    const settingsEmail = (
      await services.db
        .select({ email: orderSettings.email })
        .from(orderSettings)
        .where(eq(orderSettings.productId, site.productId))
    )[0]!.email;
    const order = await newOrder(site.productId);
    const id = await queue(order.id, "owner-new");

    expect(await sender().runOnce()).toBe(1);
    const mail = await inbox.take(settingsEmail);
    expect(mail.subject).toBe("New order 1 · Demo Diner · pickup 6:15 PM");
    expect(mail.text).toContain("New order 1 for Demo Diner.");
    expect(mail.text).toContain("Pickup: Fri, Jun 12, 6:15 PM");
    expect(mail.text).toContain("2 × Pizza (Large · Bacon)  $26.00");
    expect(mail.text).toContain("1 × Cola  $2.00");
    expect(mail.text).toContain("Total  $28.00");
    expect(mail.text).toContain("Customer: Ann Placer");
    expect(mail.text).toContain("Phone: +1 555 0100");
    expect(mail.text).toContain(`Email: ${order.customerEmail}`);
    expect(mail.text).toContain("Note: <b>No onions</b>, please");
    expect(mail.text).toContain(`Open your orders: ${PUBLIC_URL}/user/orders`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/user/orders"`);
    // The customer's words are text in the HTML part, never markup.
    expect(mail.html).toContain("&lt;b&gt;No onions&lt;/b&gt;, please");
    expect(mail.html).not.toContain("<b>No onions");
    expect(receivedBy(site.ownerEmail)).toHaveLength(0);

    const row = await mailRow(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBe("");
  });

  it("reaches the account's address when the Orders tab gives none", async () => {
    for (const settingsEmail of ["", undefined]) {
      const site = await newSite({ settingsEmail, name: "Cafe Rose" });
      const order = await newOrder(site.productId, {
        fulfilment: "delivery",
        deliveryAddress: "9 Elm Road",
        deliveryFeeCents: 300,
        totalCents: 3100,
        // The next day where the site is.
        slotAt: new Date("2026-06-13T16:00:00Z"),
      });
      await queue(order.id, "owner-new");
      expect(await sender().runOnce()).toBe(1);
      const mail = await inbox.take(site.ownerEmail);
      expect(mail.subject).toBe("New order 1 · Cafe Rose · delivery Sat, Jun 13, 12:00 PM");
      expect(mail.text).toContain("Delivery: Sat, Jun 13, 12:00 PM");
      expect(mail.text).toContain("Deliver to: 9 Elm Road");
      expect(mail.text).toContain("Subtotal  $28.00");
      expect(mail.text).toContain("Delivery fee  $3.00");
      expect(mail.text).toContain("Total  $31.00");
    }
  });
});

describe("the customer's mails", () => {
  it("tell them it was accepted (with the ready time), rejected (with the reason) and ready", async () => {
    const site = await newSite({ settingsEmail: "" });
    const accepted = await newOrder(site.productId, {
      state: "accepted",
      readyAt: new Date("2026-06-12T22:30:00Z"),
    });
    const rejected = await newOrder(site.productId, {
      state: "rejected",
      rejectReason: "Sold out",
      customerEmail: accepted.customerEmail,
    });
    const ready = await newOrder(site.productId, {
      state: "ready",
      customerEmail: accepted.customerEmail,
    });
    await queue(accepted.id, "customer-accepted");
    await queue(rejected.id, "customer-rejected");
    await queue(ready.id, "customer-ready");

    expect(await sender().runOnce()).toBe(3);
    const mails = [
      await inbox.take(accepted.customerEmail),
      await inbox.take(accepted.customerEmail),
      await inbox.take(accepted.customerEmail),
    ];
    const bySubject = new Map(mails.map((mail) => [mail.subject, mail]));

    const acceptedMail = bySubject.get("Order 1 accepted · Demo Diner")!;
    expect(acceptedMail, [...bySubject.keys()].join(", ")).toBeDefined();
    expect(acceptedMail.text).toContain("It will be ready for pickup at Fri, Jun 12, 6:30 PM.");
    expect(acceptedMail.text).toContain("Pick up at: 1 Main Street");
    expect(acceptedMail.text).toContain("Total  $28.00");
    expect(acceptedMail.text).toContain(`${PUBLIC_URL}/o/${accepted.token}`);
    expect(acceptedMail.html).toContain(`href="${PUBLIC_URL}/o/${accepted.token}"`);

    const rejectedMail = bySubject.get("Order 2 not accepted · Demo Diner")!;
    expect(rejectedMail).toBeDefined();
    expect(rejectedMail.text).toContain("Reason: Sold out");
    expect(rejectedMail.text).toContain(`${PUBLIC_URL}/o/${rejected.token}`);

    const readyMail = bySubject.get("Order 3 is ready · Demo Diner")!;
    expect(readyMail).toBeDefined();
    expect(readyMail.text).toContain("is ready for pickup");
    expect(readyMail.text).toContain(`${PUBLIC_URL}/o/${ready.token}`);

    // The owner hears nothing of these.
    expect(receivedBy(site.ownerEmail)).toHaveLength(0);
  });

  it("are closed without sending when there is no one to send them to", async () => {
    const site = await newSite({ settingsEmail: "" });
    const noEmail = await newOrder(site.productId, { state: "accepted", customerEmail: "" });
    const removed = await newOrder(site.productId, {
      state: "completed",
      customerName: "",
      customerPhone: "",
      customerEmail: "",
      note: "",
      personalDataRemovedAt: new Date(),
    });
    const ids = [
      await queue(noEmail.id, "customer-accepted"),
      await queue(removed.id, "customer-ready"),
      await queue(removed.id, "owner-new"),
      await queue(noEmail.id, "something-else"),
    ];
    expect(await sender().runOnce()).toBe(4);
    for (const id of ids) {
      const row = await mailRow(id);
      expect(row.sentAt).not.toBeNull();
      expect(row.failedAt).toBeNull();
      expect(row.lastError).not.toBe("");
    }
    expect(await inbox.nothingFor(site.ownerEmail, 200)).toBe(true);
    expect(await sender().runOnce()).toBe(0);
  });
});

describe("when the mail server is down", () => {
  it("keeps the mail due with its attempts counted, and sends it once when it is back", async () => {
    const site = await newSite({ settingsEmail: "" });
    const order = await newOrder(site.productId);
    const id = await queue(order.id, "owner-new");
    const start = Date.now();
    let clock = start;
    const down = sender({ mailer: await downMailer(), now: () => clock });

    expect(await down.runOnce()).toBe(1);
    let row = await mailRow(id);
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime()).toBe(start + orderMailRetryDelay(1));
    // Not due again before its retry.
    expect(await down.runOnce()).toBe(0);

    clock = start + 90_000;
    expect(await down.runOnce()).toBe(1);
    row = await mailRow(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock + orderMailRetryDelay(2));
    expect(row.failedAt).toBeNull();

    // Back: the next round after the retry time sends it, and only once.
    clock = start + 10 * MINUTE;
    const up = sender({ now: () => clock });
    expect(await up.runOnce()).toBe(1);
    const mail = await inbox.take(site.ownerEmail);
    expect(mail.subject).toBe("New order 1 · Demo Diner · pickup 6:15 PM");
    clock = start + 2 * HOUR;
    expect(await up.runOnce()).toBe(0);
    expect(await down.runOnce()).toBe(0);
    expect(await inbox.nothingFor(site.ownerEmail, 200)).toBe(true);
    row = await mailRow(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe("");
  });

  it("gives up about a day after the mail was queued", async () => {
    const site = await newSite({ settingsEmail: "" });
    const order = await newOrder(site.productId);
    const id = await queue(order.id, "owner-new");
    let clock = Date.now() + 23 * HOUR;
    const down = sender({ mailer: await downMailer(), now: () => clock });
    expect(await down.runOnce()).toBe(1);
    expect((await mailRow(id)).failedAt).toBeNull();

    clock += 61 * MINUTE;
    expect(await down.runOnce()).toBe(1);
    const row = await mailRow(id);
    expect(row.failedAt).not.toBeNull();
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(2);
    expect(row.lastError).not.toBe("");
    // Given up means given up: not even a working server sends it later.
    clock += 10 * HOUR;
    expect(await sender({ now: () => clock }).runOnce()).toBe(0);
    expect(await inbox.nothingFor(site.ownerEmail, 200)).toBe(true);
  });

  it("keeps the customer's address and name out of the error and the log", async () => {
    const site = await newSite({ settingsEmail: "" });
    const order = await newOrder(site.productId, { state: "accepted" });
    const id = await queue(order.id, "customer-accepted");
    const logged: unknown[] = [];
    for (const level of ["info", "warn", "error"] as const) {
      vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    }
    expect(await sender({ mailer: await downMailer() }).runOnce()).toBe(1);
    const row = await mailRow(id);
    expect(row.lastError.length).toBeGreaterThan(0);
    expect(row.lastError.length).toBeLessThanOrEqual(200);
    const everything = JSON.stringify({ logged, lastError: row.lastError });
    expect(everything).toContain(order.id);
    for (const personal of [
      order.customerEmail,
      order.customerName,
      order.customerPhone,
      "No onions",
    ]) {
      expect(everything).not.toContain(personal);
    }
  });
});

describe("with MAIL=off", () => {
  it("closes the mail as failed at once", async () => {
    const site = await newSite({ settingsEmail: "" });
    const order = await newOrder(site.productId);
    const id = await queue(order.id, "owner-new");
    expect(await sender({ mailer: createMailer({ transport: "off" }) }).runOnce()).toBe(1);
    const row = await mailRow(id);
    expect(row.failedAt).not.toBeNull();
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toMatch(/MAIL=off/);
  });
});

describe("two senders on one database", () => {
  let second: DatabaseHandle | undefined;
  afterAll(async () => {
    if (second && second !== services.database) await second.close();
  });

  it("send each mail once", async () => {
    second = await openSecondHandle(services);
    const site = await newSite({ settingsEmail: "" });
    const count = 24;
    for (let index = 0; index < count; index += 1) {
      const order = await newOrder(site.productId);
      await queue(order.id, "owner-new");
    }
    const one = sender();
    const other = sender({ db: second.db });
    const handled = await Promise.all([
      one.runOnce(),
      other.runOnce(),
      one.runOnce(),
      other.runOnce(),
    ]);
    expect(handled.reduce((sum, value) => sum + value, 0)).toBe(count);

    const subjects = [];
    for (let index = 0; index < count; index += 1) {
      subjects.push((await inbox.take(site.ownerEmail)).subject);
    }
    expect(new Set(subjects).size).toBe(count);
    expect(await inbox.nothingFor(site.ownerEmail, 300)).toBe(true);
    const open = await services.db
      .select({ id: orderMail.id })
      .from(orderMail)
      .where(and(isNull(orderMail.sentAt), isNull(orderMail.failedAt)));
    expect(open).toHaveLength(0);
  });

  it("leave a mail another one has claimed alone until its lease is over", async () => {
    const site = await newSite({ settingsEmail: "" });
    const order = await newOrder(site.productId);
    // Claimed by a process that died before sending: due again once the lease is over.
    const claimedAt = Date.now();
    const id = await queue(order.id, "owner-new", {
      attempts: 1,
      nextAttemptAt: new Date(claimedAt + ORDER_MAIL_LEASE_MS),
    });
    expect(await sender().runOnce()).toBe(0);
    const later = sender({ now: () => claimedAt + ORDER_MAIL_LEASE_MS + 1 });
    expect(await later.runOnce()).toBe(1);
    await inbox.take(site.ownerEmail);
    expect((await mailRow(id)).attempts).toBe(2);
  });
});

describe("kick and start", () => {
  it("send mail soon after it is queued, and close waits for a send in flight", async () => {
    const site = await newSite({ settingsEmail: "" });
    const mailSender = sender();
    const first = await newOrder(site.productId);
    await queue(first.id, "owner-new");
    mailSender.kick();
    mailSender.kick();
    expect((await inbox.take(site.ownerEmail)).subject).toMatch(/^New order 1 /);
    await mailSender.close();

    // The poll at start sends what was left due.
    const second = await newOrder(site.productId);
    const id = await queue(second.id, "owner-new");
    const polling = sender();
    polling.start();
    expect((await inbox.take(site.ownerEmail)).subject).toMatch(/^New order 2 /);
    await polling.close();
    expect((await mailRow(id)).sentAt).not.toBeNull();

    // Once closed, a kick does nothing.
    const third = await newOrder(site.productId);
    const left = await queue(third.id, "owner-new");
    polling.kick();
    expect(await inbox.nothingFor(site.ownerEmail, 300)).toBe(true);
    expect((await mailRow(left)).attempts).toBe(0);
  });
});
