/**
 * Removing customers' personal data from old orders, on a real database: exactly the five
 * personal fields are emptied, only for orders closed (or, never closed, due) longer ago
 * than the window; the lines, totals, state and times stay; a second run changes nothing;
 * and the hourly removal runs at start and stops when closed.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PricedLine } from "~/lib/order-cart";
import type { OrderState } from "~/lib/order-states";
import { createId } from "~/server/db/ids.server";
import { orders, productInfo, products, users } from "~/server/db/schema";
import type { RunningServices } from "~/server/runtime/services.server";
import { createTestServices } from "../../../tests/support/test-services";
import { removeExpiredPersonalData, startOrderRetention } from "./order-retention.server";

const DAY = 24 * 60 * 60_000;
const NOW = new Date("2026-06-01T12:00:00Z");
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

async function newSite() {
  const userId = createId();
  const productId = createId();
  await services.db
    .insert(users)
    .values({ id: userId, name: `owner${userId}`, email: `${userId}@example.com` });
  await services.db
    .insert(products)
    .values({ id: productId, ownerUid: userId, type: "restaurant", name: "Diner", slug: "diner" });
  await services.db.insert(productInfo).values({ productId, name: "Diner", slug: "diner" });
  return productId;
}

const LINES: PricedLine[] = [
  {
    itemId: "soup1",
    name: "Soup",
    quantity: 2,
    choices: [{ group: "Size", name: "Bowl", priceChangeCents: 150 }],
    unitCents: 650,
    lineCents: 1300,
  },
];

let number = 0;

/** An order of `state`, closed `closedDaysAgo` days before NOW (null: never), due `slotDaysAgo` before. */
async function newOrder(
  productId: string,
  state: OrderState,
  closedDaysAgo: number | null,
  slotDaysAgo: number,
) {
  number += 1;
  const slotAt = daysBefore(slotDaysAgo);
  const [row] = await services.db
    .insert(orders)
    .values({
      id: createId(),
      productId,
      token: (createId() + createId()).slice(0, 32),
      number,
      placeKey: createId(),
      state,
      fulfilment: "delivery",
      slotAt,
      readyAt: new Date(slotAt.getTime() + 10 * 60_000),
      rejectReason: state === "rejected" ? "Too busy" : "",
      customerName: `Customer ${number}`,
      customerPhone: `+1 555 01${String(number).padStart(2, "0")}`,
      customerEmail: `customer${number}@example.net`,
      deliveryAddress: `${number} Elm Road`,
      note: "Ring twice",
      lines: LINES,
      subtotalCents: 1300,
      deliveryFeeCents: 300,
      totalCents: 1600,
      currency: "USD",
      history: [{ state: "new", at: daysBefore(slotDaysAgo + 1).toISOString() }],
      createdAt: daysBefore(slotDaysAgo + 1),
      closedAt: closedDaysAgo === null ? null : daysBefore(closedDaysAgo),
    })
    .returning();
  return row!;
}

async function ordersById(ids: string[]) {
  const rows = await services.db.select().from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const PERSONAL = {
  customerName: "",
  customerPhone: "",
  customerEmail: "",
  deliveryAddress: "",
  note: "",
};

describe("removeExpiredPersonalData", () => {
  it("empties exactly the personal fields of the orders past the window, once", async () => {
    const productId = await newSite();
    const expired = [
      await newOrder(productId, "completed", 91, 92),
      await newOrder(productId, "rejected", 200, 200),
      await newOrder(productId, "cancelled", 90.5, 91),
      // Never answered, its time long gone: abandoned.
      await newOrder(productId, "new", null, 95),
      await newOrder(productId, "accepted", null, 120),
      // Closed long ago although due recently (a date moved by hand): its closing counts.
      await newOrder(productId, "completed", 100, 1),
    ];
    const kept = [
      await newOrder(productId, "completed", 89, 100),
      await newOrder(productId, "rejected", 10, 10),
      await newOrder(productId, "new", null, 89),
      await newOrder(productId, "ready", null, 0),
      // Due tomorrow.
      await newOrder(productId, "new", null, -1),
    ];
    const all = [...expired, ...kept].map((row) => row.id);

    expect(await removeExpiredPersonalData(services.db, NOW, 90)).toBe(expired.length);
    const after = await ordersById(all);
    for (const before of expired) {
      expect(after.get(before.id)).toEqual({
        ...before,
        ...PERSONAL,
        personalDataRemovedAt: NOW,
      });
    }
    for (const before of kept) expect(after.get(before.id)).toEqual(before);

    // Again, and later the same day: nothing more changes.
    expect(await removeExpiredPersonalData(services.db, NOW, 90)).toBe(0);
    const later = new Date(NOW.getTime() + 60 * 60_000);
    expect(await removeExpiredPersonalData(services.db, later, 90)).toBe(0);
    expect(await ordersById(all)).toEqual(after);
  });

  it("follows the number of days it is given", async () => {
    const productId = await newSite();
    const order = await newOrder(productId, "completed", 40, 41);
    const stored = async () =>
      (await services.db.select().from(orders).where(eq(orders.id, order.id)))[0];
    await removeExpiredPersonalData(services.db, NOW, 90);
    expect(await stored()).toEqual(order);
    // (Other tests' orders younger than 90 days go too: counted, not checked.)
    expect(await removeExpiredPersonalData(services.db, NOW, 30)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual({ ...order, ...PERSONAL, personalDataRemovedAt: NOW });
  });
});

describe("startOrderRetention", () => {
  it("removes at start and then on its interval, until closed", async () => {
    const productId = await newSite();
    let clock = NOW;
    const first = await newOrder(productId, "completed", 100, 100);
    const retention = startOrderRetention({
      db: services.db,
      days: 90,
      intervalMs: 50,
      now: () => clock,
    });
    const removedAt = async (id: string) =>
      (await services.db.select().from(orders).where(eq(orders.id, id)))[0]!.personalDataRemovedAt;
    await expect.poll(() => removedAt(first.id)).toEqual(NOW);

    // Ages into the window while it runs.
    const second = await newOrder(productId, "completed", 80, 80);
    clock = new Date(NOW.getTime() + 11 * DAY);
    await expect.poll(() => removedAt(second.id)).toEqual(clock);

    await retention.close();
    const third = await newOrder(productId, "completed", 200, 200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await removedAt(third.id)).toBeNull();
  });
});
