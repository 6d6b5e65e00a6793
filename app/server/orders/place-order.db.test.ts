/**
 * Placing an order on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * every rule refused with its reason and nothing written, prices recomputed and snapshotted,
 * the same form placed once however often it is sent, a slot's cap and the site's orders per
 * 10 minutes exact under 200 orders at once (only placed orders counting), and the state
 * machine's moves.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatCart, type CartLine } from "~/lib/order-cart";
import { DEFAULT_ORDER_SETTINGS, type OrderSettings } from "~/lib/order-settings";
import { createId } from "~/server/db/ids.server";
import { items, orderMail, orderSettings, orders } from "~/server/db/schema";
import { createProduct, deleteProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import { registerOwner } from "../../../tests/support/auth-helpers";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
  PIZZA_SIZES,
} from "../../../tests/support/ordering-site";
import { createTestServices } from "../../../tests/support/test-services";
import { changeOrder } from "./order-changes.server";
import { orderByToken } from "./order-queries.server";
import { saveOrderSettings, setOrdersPause } from "./orders.server";
import { placeOrder, type PlaceOrderOptions, type PlaceOrderResult } from "./place-order.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services.close();
});

/** Wednesday 2 December 2026, noon in New York, where the restaurant is open 9 AM – 9 PM. */
const NOW = ORDERING_CLOCK;

interface Site {
  productId: string;
  ownerUid: string;
  pizza: string;
  large: string;
  small: string;
  cheese: string;
  olives: string;
  drink: string;
  soldOutItem: string;
}

async function makeSite(settings: Partial<OrderSettings> = {}): Promise<Site> {
  const sizes = { ...PIZZA_SIZES, choices: PIZZA_SIZES.choices.map((choice) => ({ ...choice })) };
  const site = await createOrderingSite(
    services,
    "Slice House",
    [
      {
        ...MARGHERITA,
        options: [
          sizes,
          {
            id: "Ex",
            name: "Extras",
            min: 0,
            max: 1,
            choices: [
              { id: "Ch1", name: "Extra cheese", priceChangeCents: 150, soldOut: false },
              { id: "Ol1", name: "Olives", priceChangeCents: 100, soldOut: true },
            ],
          },
        ],
      },
      LEMONADE,
      { name: "Calzone", priceCents: 1100, soldOut: true },
    ],
    { delivery: true, deliveryFeeCents: 300, deliveryMinimumCents: 2000, ...settings },
  );
  return {
    productId: site.productId,
    ownerUid: site.ownerUid,
    pizza: site.ids["Margherita"]!,
    drink: site.ids["Lemonade"]!,
    soldOutItem: site.ids["Calzone"]!,
    small: "Sm1",
    large: "Lg1",
    cheese: "Ch1",
    olives: "Ol1",
  };
}

const slots = () => orderingSlots(DEFAULT_ORDER_SETTINGS);

let keyCounter = 0;
function newKey() {
  keyCounter += 1;
  return `key${String(keyCounter).padStart(6, "0")}${"x".repeat(10)}`;
}

function order(site: Site, cart: CartLine[], overrides: Record<string, unknown> = {}) {
  return {
    cartLines: cart,
    placeKey: newKey(),
    fulfilment: "pickup" as const,
    slot: slots()[0]!.start,
    name: "Ada",
    phone: "+1 555 0101",
    email: "",
    address: "",
    note: "",
    language: "en",
    ...overrides,
  };
}

function place(
  site: Site,
  cart: CartLine[],
  overrides: Record<string, unknown> = {},
  now = NOW,
  limits: PlaceOrderOptions = {},
) {
  return placeOrder(services.events, site.productId, order(site, cart, overrides), now, limits);
}

async function ordersOf(site: Site) {
  return services.db.select().from(orders).where(eq(orders.productId, site.productId));
}

function refusal(result: PlaceOrderResult) {
  if (result.placed) throw new Error("placed");
  return result;
}

const twoPizzasAndADrink = (site: Site): CartLine[] => [
  { itemId: site.pizza, quantity: 1, choiceIds: [site.large, site.cheese] },
  { itemId: site.pizza, quantity: 1, choiceIds: [site.small] },
  { itemId: site.drink, quantity: 2, choiceIds: [] },
];

describe("placing an order", () => {
  let site: Site;
  beforeEach(async () => {
    site = await makeSite();
  });

  it("prices every line from the site's data, snapshots it, and queues the owner's mail", async () => {
    const result = await place(site, twoPizzasAndADrink(site));
    expect(result.placed).toBe(true);
    const [row] = await ordersOf(site);
    expect(
      row!.lines.map((line) => [line.name, line.quantity, line.unitCents, line.lineCents]),
    ).toEqual([
      ["Margherita", 1, 1350, 1350],
      ["Margherita", 1, 900, 900],
      ["Lemonade", 2, 350, 700],
    ]);
    expect(row!.lines[0]!.choices.map((choice) => choice.name)).toEqual(["Large", "Extra cheese"]);
    expect(row!.subtotalCents).toBe(2950);
    expect(row!.totalCents).toBe(2950);
    expect(row!.number).toBe(1);
    expect(row!.state).toBe("new");
    expect(row!.history).toEqual([{ state: "new", at: new Date(NOW).toISOString() }]);
    expect(row!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const mail = await services.db.select().from(orderMail).where(eq(orderMail.orderId, row!.id));
    expect(mail.map((entry) => entry.kind)).toEqual(["owner-new"]);

    // A later price change leaves the order as it was.
    await services.db.update(items).set({ priceCents: 5000 }).where(eq(items.id, site.pizza));
    const [after] = await ordersOf(site);
    expect(after!.subtotalCents).toBe(2950);
    expect(after!.lines[0]!.unitCents).toBe(1350);
  });

  it("adds the delivery fee for delivery and keeps the address", async () => {
    const result = await place(site, twoPizzasAndADrink(site), {
      fulfilment: "delivery",
      address: "1 Elm Street",
    });
    expect(result.placed).toBe(true);
    const [row] = await ordersOf(site);
    expect(row!.deliveryFeeCents).toBe(300);
    expect(row!.totalCents).toBe(3250);
    expect(row!.deliveryAddress).toBe("1 Elm Street");
  });

  it("numbers a site's orders one after another", async () => {
    for (let n = 0; n < 3; n++)
      await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }]);
    expect((await ordersOf(site)).map((row) => row.number).sort()).toEqual([1, 2, 3]);
  });

  const refusals: Array<[string, (site: Site) => Promise<PlaceOrderResult>, string | RegExp]> = [
    [
      "a sold-out item",
      (s) => place(s, [{ itemId: s.soldOutItem, quantity: 1, choiceIds: [] }]),
      "Calzone is sold out.",
    ],
    [
      "a sold-out choice",
      (s) => place(s, [{ itemId: s.pizza, quantity: 1, choiceIds: [s.small, s.olives] }]),
      "Margherita: Olives is sold out.",
    ],
    [
      "a missing size",
      (s) => place(s, [{ itemId: s.pizza, quantity: 1, choiceIds: [] }]),
      "Margherita: Choose a size.",
    ],
    [
      "two sizes",
      (s) => place(s, [{ itemId: s.pizza, quantity: 1, choiceIds: [s.small, s.large] }]),
      "Margherita: Choose at most 1 in Size.",
    ],
    [
      "a choice of another item",
      (s) => place(s, [{ itemId: s.drink, quantity: 1, choiceIds: [s.large] }]),
      "Lemonade: One of the choices is no longer offered.",
    ],
    [
      "an item that is not on the site",
      (s) => place(s, [{ itemId: createId(), quantity: 1, choiceIds: [] }]),
      "An item you chose is no longer on the menu.",
    ],
    ["an empty order", (s) => place(s, []), "Your order is empty: add something first."],
    [
      "a quantity of 51",
      (s) => place(s, [{ itemId: s.drink, quantity: 51, choiceIds: [] }]),
      "Lemonade: Choose a quantity from 1 to 50.",
    ],
    [
      "a time that is not a slot",
      (s) =>
        place(s, [{ itemId: s.drink, quantity: 1, choiceIds: [] }], {
          slot: slots()[0]!.start + 60_000,
        }),
      "Choose one of the times listed.",
    ],
    [
      "a time too soon",
      (s) =>
        place(s, [{ itemId: s.drink, quantity: 1, choiceIds: [] }], {
          slot: Date.parse("2026-12-02T15:00:00Z"),
        }),
      "That time is too soon now: choose a later one.",
    ],
    [
      "a time when the site is closed",
      (s) =>
        place(s, [{ itemId: s.drink, quantity: 1, choiceIds: [] }], {
          slot: Date.parse("2026-12-03T04:00:00Z"),
        }),
      /closed|too far/,
    ],
    [
      "delivery under its minimum",
      (s) =>
        place(s, [{ itemId: s.drink, quantity: 1, choiceIds: [] }], {
          fulfilment: "delivery",
          address: "1 Elm",
        }),
      "The minimum for delivery is $20.00.",
    ],
  ];
  for (const [what, attempt, message] of refusals) {
    it(`refuses ${what}, and writes nothing`, async () => {
      const result = refusal(await attempt(site));
      if (typeof message === "string") expect(result.message).toBe(message);
      else expect(result.message).toMatch(message);
      expect(await ordersOf(site)).toEqual([]);
      expect(
        await services.db
          .select()
          .from(orderMail)
          .innerJoin(orders, eq(orders.id, orderMail.orderId))
          .where(eq(orders.productId, site.productId)),
      ).toEqual([]);
    });
  }

  it("refuses when ordering is off, paused, under the minimum, or without the asked way", async () => {
    const drink = [{ itemId: site.drink, quantity: 1, choiceIds: [] }];
    const cases: Array<[Partial<OrderSettings>, string, Record<string, unknown>]> = [
      [{ enabled: false }, "This site does not take orders online.", {}],
      [{ pausedIndefinitely: true }, "Orders are paused right now: please try again later.", {}],
      [{ pausedUntil: NOW + 60_000 }, "Orders are paused right now: please try again later.", {}],
      [{ minimumCents: 1000 }, "The minimum order is $10.00.", {}],
      [{ pickup: false }, "This site does not offer pickup.", {}],
      [
        { delivery: false },
        "This site does not deliver.",
        { fulfilment: "delivery", address: "1 Elm" },
      ],
    ];
    const owner = { id: site.ownerUid };
    for (const [settings, message, overrides] of cases) {
      await saveOrderSettings(services.events, site.productId, {
        ...DEFAULT_ORDER_SETTINGS,
        enabled: true,
        delivery: true,
        ...settings,
      });
      // The pause is the inbox's to set; the Orders tab's save leaves it alone.
      await setOrdersPause(services.events, owner, site.productId, {
        pausedUntil: settings.pausedUntil ?? null,
        pausedIndefinitely: settings.pausedIndefinitely ?? false,
      });
      expect(refusal(await place(site, drink, overrides)).message, message).toBe(message);
    }
    expect(await ordersOf(site)).toEqual([]);
    // A pause that has ended no longer refuses, and a settings save does not undo a pause.
    await setOrdersPause(services.events, owner, site.productId, {
      pausedUntil: NOW - 1,
      pausedIndefinitely: false,
    });
    expect((await place(site, drink)).placed).toBe(true);
    await setOrdersPause(services.events, owner, site.productId, {
      pausedUntil: null,
      pausedIndefinitely: true,
    });
    await saveOrderSettings(services.events, site.productId, {
      ...DEFAULT_ORDER_SETTINGS,
      enabled: true,
    });
    expect(refusal(await place(site, drink)).reason).toBe("paused");
  });

  it("refuses a site that is not a restaurant or shop, or is gone", async () => {
    const { userId } = await registerOwner(services);
    const dealer = await createProduct(services.events, userId, {
      type: "dealership",
      name: "Cars",
    });
    if (!dealer.ok) throw new Error(dealer.reason);
    const result = await placeOrder(
      services.events,
      dealer.productId,
      order(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }]),
      NOW,
    );
    expect(refusal(result).reason).toBe("not-taking-orders");
  });
});

describe("the same form placed again", () => {
  it("gives the one order, sent twice in a row or five times at once", async () => {
    const site = await makeSite();
    const cart = [{ itemId: site.drink, quantity: 1, choiceIds: [] }];
    const key = newKey();
    const first = await place(site, cart, { placeKey: key });
    const second = await place(site, cart, { placeKey: key });
    expect(first.placed && second.placed).toBe(true);
    if (!first.placed || !second.placed) return;
    expect(second.token).toBe(first.token);
    expect(second.existing).toBe(true);

    const together = newKey();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => place(site, cart, { placeKey: together })),
    );
    const tokens = new Set(results.map((result) => (result.placed ? result.token : "refused")));
    expect(tokens.size).toBe(1);
    expect(await ordersOf(site)).toHaveLength(2);
  });
});

describe("a slot's cap", () => {
  it("takes exactly the cap of 200 orders placed at once", async () => {
    const site = await makeSite({ slotCap: 10 });
    const slot = slots()[1]!.start;
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }], { slot }),
      ),
    );
    expect(results.filter((result) => result.placed)).toHaveLength(10);
    const refused = results.filter((result) => !result.placed);
    expect(new Set(refused.map((result) => refusal(result).reason))).toEqual(
      new Set(["slot-full"]),
    );
    const rows = await ordersOf(site);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.number)).size).toBe(10);
    // A cancelled order frees its place.
    await changeOrder(services.events, rows[0]!.id, { action: "cancel" }, NOW);
    expect(
      (await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }], { slot })).placed,
    ).toBe(true);
  }, 60_000);
});

describe("a site's orders per 10 minutes", () => {
  const drink = (site: Site): CartLine[] => [{ itemId: site.drink, quantity: 1, choiceIds: [] }];

  it("counts the orders placed, never the refused ones nor a form sent again", async () => {
    const site = await makeSite({ slotCap: 1 });
    const limits = { perSite: 3 };
    const [first, second] = slots();
    expect((await place(site, drink(site), { slot: first!.start }, NOW, limits)).placed).toBe(true);
    // Many more into the full slot: refused, and the site stays open to everyone else.
    for (let i = 0; i < 20; i++) {
      const refused = await place(site, drink(site), { slot: first!.start }, NOW, limits);
      expect(refusal(refused).reason).toBe("slot-full");
    }
    const key = newKey();
    const placed = await place(
      site,
      drink(site),
      { slot: second!.start, placeKey: key },
      NOW,
      limits,
    );
    expect(placed.placed).toBe(true);
    // The same form sent again gives its order, and is not a third.
    const again = await place(
      site,
      drink(site),
      { slot: second!.start, placeKey: key },
      NOW,
      limits,
    );
    expect(again.placed && again.existing).toBe(true);
    expect((await place(site, drink(site), { slot: slots()[2]!.start }, NOW, limits)).placed).toBe(
      true,
    );

    // The fourth order in 10 minutes is refused, with when to try again, and writes nothing.
    const over = refusal(await place(site, drink(site), { slot: slots()[3]!.start }, NOW, limits));
    expect(over.reason).toBe("site-limit");
    expect(over.message).toBe(
      "Too many orders in a short time. Please wait 10 minutes and try again, or call the business.",
    );
    expect(await ordersOf(site)).toHaveLength(3);
    // Once the first three are 10 minutes old, the site takes orders again.
    const later = NOW + 10 * 60 * 1000 + 1;
    const afterWindow = await place(
      site,
      drink(site),
      // A slot none of the orders above holds.
      {
        slot: orderingSlots(DEFAULT_ORDER_SETTINGS, later).find((s) => s.start > slots()[3]!.start)!
          .start,
      },
      later,
      limits,
    );
    expect(afterWindow.placed).toBe(true);
  });

  it("takes exactly the limit of 200 orders placed at once", async () => {
    const site = await makeSite();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        place(site, drink(site), { slot: slots()[1]!.start }, NOW, { perSite: 10 }),
      ),
    );
    expect(results.filter((result) => result.placed)).toHaveLength(10);
    const refused = results.filter((result) => !result.placed);
    expect(new Set(refused.map((result) => refusal(result).reason))).toEqual(
      new Set(["site-limit"]),
    );
    expect(await ordersOf(site)).toHaveLength(10);
  }, 60_000);
});

describe("an order's life", () => {
  it("moves only as the state machine allows, keeping each move with its time", async () => {
    const site = await makeSite();
    const placed = await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }], {
      email: "ada@example.com",
    });
    if (!placed.placed) throw new Error("refused");
    const id = placed.orderId;
    expect(await changeOrder(services.events, id, { action: "ready" }, NOW)).toEqual({
      changed: false,
      state: "new",
    });
    expect(
      await changeOrder(services.events, id, { action: "accept", delayMinutes: 10 }, NOW + 1000),
    ).toEqual({
      changed: true,
      state: "accepted",
      refundQueued: false,
    });
    expect(await changeOrder(services.events, id, { action: "cancel" }, NOW)).toEqual({
      changed: false,
      state: "accepted",
    });
    expect(await changeOrder(services.events, id, { action: "ready" }, NOW + 2000)).toEqual({
      changed: true,
      state: "ready",
      refundQueued: false,
    });
    expect(await changeOrder(services.events, id, { action: "complete" }, NOW + 3000)).toEqual({
      changed: true,
      state: "completed",
      refundQueued: false,
    });
    const [row] = await services.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.history.map((entry) => entry.state)).toEqual([
      "new",
      "accepted",
      "ready",
      "completed",
    ]);
    expect(row!.readyAt!.getTime()).toBe(slots()[0]!.start + 10 * 60_000);
    expect(row!.closedAt!.getTime()).toBe(NOW + 3000);
    const mails = await services.db.select().from(orderMail).where(eq(orderMail.orderId, id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      "customer-accepted",
      "customer-ready",
      "owner-new",
    ]);
  });

  it("is cancelled by its customer while new, and then cannot be accepted", async () => {
    const site = await makeSite();
    const placed = await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }]);
    if (!placed.placed) throw new Error("refused");
    expect(await changeOrder(services.events, placed.orderId, { action: "cancel" }, NOW)).toEqual({
      changed: true,
      state: "cancelled",
      refundQueued: false,
    });
    expect(
      await changeOrder(
        services.events,
        placed.orderId,
        { action: "accept", delayMinutes: 0 },
        NOW,
      ),
    ).toEqual({ changed: false, state: "cancelled" });
    // No customer email: no customer mail queued.
    const mails = await services.db
      .select()
      .from(orderMail)
      .where(eq(orderMail.orderId, placed.orderId));
    expect(mails.map((mail) => mail.kind)).toEqual(["owner-new"]);
  });

  it("is rejected with its reason", async () => {
    const site = await makeSite();
    const placed = await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }]);
    if (!placed.placed) throw new Error("refused");
    await changeOrder(
      services.events,
      placed.orderId,
      { action: "reject", reason: "Too busy" },
      NOW,
    );
    const found = await orderByToken(services.db, placed.token);
    expect(found!.order.state).toBe("rejected");
    expect(found!.order.rejectReason).toBe("Too busy");
  });
});

describe("a status page's token", () => {
  it("finds its own order only", async () => {
    const site = await makeSite();
    const cart = [{ itemId: site.drink, quantity: 1, choiceIds: [] }];
    const one = await place(site, cart, { name: "One" });
    const two = await place(site, cart, { name: "Two" });
    if (!one.placed || !two.placed) throw new Error("refused");
    expect((await orderByToken(services.db, one.token))!.order.customerName).toBe("One");
    expect((await orderByToken(services.db, two.token))!.order.customerName).toBe("Two");
    expect(
      await orderByToken(
        services.db,
        one.token.slice(0, 31) + (one.token.endsWith("a") ? "b" : "a"),
      ),
    ).toBeNull();
    expect(await orderByToken(services.db, "../../etc")).toBeNull();
    const rows = await services.db
      .select()
      .from(orders)
      .where(and(eq(orders.productId, site.productId)));
    expect(new Set(rows.map((row) => row.token)).size).toBe(2);
  });
});

describe("deleting a site", () => {
  it("deletes its orders, their mail and its settings with it", async () => {
    const site = await makeSite();
    const placed = await place(site, [{ itemId: site.drink, quantity: 1, choiceIds: [] }]);
    if (!placed.placed) throw new Error("refused");
    expect(await deleteProduct(services.events, site.ownerUid, site.productId)).not.toBeNull();
    expect(await ordersOf(site)).toEqual([]);
    expect(
      await services.db.select().from(orderMail).where(eq(orderMail.orderId, placed.orderId)),
    ).toEqual([]);
    expect(
      await services.db
        .select()
        .from(orderSettings)
        .where(eq(orderSettings.productId, site.productId)),
    ).toEqual([]);
  });
});

// The cart's text as the forms carry it stays within what parseCart reads.
it("writes a cart the forms can carry", () => {
  expect(formatCart([{ itemId: "A1", quantity: 2, choiceIds: ["x", "y"] }])).toBe("A1*2*x.y");
});
