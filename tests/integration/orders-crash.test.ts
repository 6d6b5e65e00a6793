/**
 * An acknowledged order is never lost. Customers place orders with a restaurant, eight at a
 * time, on a portal in a child process (tests/support/child-portal.ts); the process is
 * killed outright (SIGKILL) while orders are in flight, or stopped with SIGTERM. Every order
 * whose placing was answered (303 to its status page, `/o/{token}`) must be in the database
 * when it is opened again as the next start would: PGlite in a data directory, or PostgreSQL
 * in the PostgreSQL project.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formatCart } from "../../app/lib/order-cart";
import { HONEYPOT_FIELD } from "../../app/lib/order-form";
import { orders } from "../../app/server/db/schema";
import {
  createChildPortalDatabase,
  startChildPortal,
  type ChildPortal,
  type ChildPortalDatabase,
} from "../support/child-portal";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";

/** Wednesday 2 December 2026, noon in New York: the restaurant is open. */
const CLOCK = new Date(ORDERING_CLOCK).toISOString();
/** Answered orders before the signal is sent. */
const ANSWERED_BEFORE_SIGNAL = 40;
const CONCURRENT_CUSTOMERS = 8;

let database: ChildPortalDatabase;
let siteId: string;
let orderPath: string;
let cart: string;
let slot: number;

beforeAll(async () => {
  database = await createChildPortalDatabase("portal-orders-crash-", "the orders crash test");
  const services = await database.open();
  try {
    const site = await createOrderingSite(services, "Crash Pizza", [MARGHERITA, LEMONADE], {
      slotCap: null,
    });
    siteId = site.productId;
    orderPath = site.orderPath;
    cart = formatCart([
      { itemId: site.ids["Margherita"]!, quantity: 2, choiceIds: ["Lg1"] },
      { itemId: site.ids["Lemonade"]!, quantity: 1, choiceIds: [] },
    ]);
    slot = orderingSlots(site.settings)[0]!.start;
  } finally {
    await services.close();
  }
}, 120_000);

afterAll(async () => {
  await database?.remove();
});

function startPortal() {
  return startChildPortal({
    ...database.env,
    PUBLIC_PAGES_CLOCK: CLOCK,
    ORDERS_PER_10_MINUTES_PER_CLIENT: "100000",
    ORDERS_PER_10_MINUTES_PER_SITE: "100000",
    LOG_LEVEL: "warn",
  });
}

/** The review form as a customer's browser posts it, with a key of its own. */
function placeForm(): URLSearchParams {
  return new URLSearchParams({
    step: "place",
    cart,
    // 24 letters and digits, unique to this form.
    placeKey: randomBytes(12).toString("hex"),
    [HONEYPOT_FIELD]: "",
    fulfilment: "pickup",
    slot: String(slot),
    name: "Ada Lovelace",
    phone: "+1 555 0101",
  });
}

interface Placing {
  /** The tokens of the orders whose placing was answered with a 303. */
  answered: string[];
  /** Forms sent, answered or not. */
  sent: number;
  /** Requests in flight when the signal was sent. */
  inFlightAtSignal: number;
  /** Any answer but a 303 to a status page. */
  otherAnswers: Array<{ status: number; location: string | null; body: string }>;
}

/**
 * Places orders, `CONCURRENT_CUSTOMERS` at a time, until the portal stops answering; sends
 * it `signal` once `ANSWERED_BEFORE_SIGNAL` have been answered. Any other answer stops the
 * placing (and the portal, with SIGKILL).
 */
async function placeUntilStopped(portal: ChildPortal, signal: NodeJS.Signals): Promise<Placing> {
  const placing: Placing = { answered: [], sent: 0, inFlightAtSignal: -1, otherAnswers: [] };
  let inFlight = 0;
  let stopped = false;
  const customer = async () => {
    while (!stopped) {
      placing.sent += 1;
      inFlight += 1;
      let response: Response;
      try {
        response = await fetch(portal.url + orderPath, {
          method: "POST",
          body: placeForm(),
          redirect: "manual",
        });
      } catch {
        // The connection was cut (or refused): the portal is gone.
        stopped = true;
        return;
      } finally {
        inFlight -= 1;
      }
      const location = response.headers.get("location");
      const token = /^\/o\/([A-Za-z0-9]{32})$/.exec(location ?? "")?.[1];
      if (response.status === 303 && token) {
        placing.answered.push(token);
        if (placing.answered.length >= ANSWERED_BEFORE_SIGNAL && placing.inFlightAtSignal < 0) {
          placing.inFlightAtSignal = inFlight;
          portal.signal(signal);
        }
        await response.arrayBuffer().catch(() => {});
      } else {
        const body = await response.text().catch(() => "");
        placing.otherAnswers.push({ status: response.status, location, body: body.slice(0, 500) });
        // Stop on anything unexpected, rather than piling up failures.
        stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_CUSTOMERS }, customer));
  // Stopped before the signal (an unexpected answer, a connection refused): not left running.
  if (placing.inFlightAtSignal < 0) portal.signal("SIGKILL");
  return placing;
}

/** The site's orders as the next start finds them: token and number. */
async function storedOrders() {
  const services = await database.open();
  try {
    return await services.db
      .select({ token: orders.token, number: orders.number })
      .from(orders)
      .where(eq(orders.productId, siteId));
  } finally {
    await services.close();
  }
}

function expectEveryAnsweredStored(
  placing: Placing,
  stored: Array<{ token: string; number: number }>,
) {
  const tokens = new Set(stored.map((order) => order.token));
  const missing = placing.answered.filter((token) => !tokens.has(token));
  expect(missing, `answered orders missing after the restart`).toEqual([]);
  // Never two orders with one number, however many were placed at once.
  expect(new Set(stored.map((order) => order.number)).size).toBe(stored.length);
}

describe("placing orders on a server process that stops", () => {
  it("killed outright (SIGKILL) while orders are in flight, keeps every answered order", async () => {
    const before = await storedOrders();
    const portal = await startPortal();
    let placing: Placing;
    try {
      placing = await placeUntilStopped(portal, "SIGKILL");
    } finally {
      portal.signal("SIGKILL");
    }
    expect(await portal.exited).toBe("SIGKILL");
    expect(placing.otherAnswers, portal.output()).toEqual([]);
    expect(placing.inFlightAtSignal).toBeGreaterThan(0);
    expect(placing.answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_SIGNAL);

    const stored = await storedOrders();
    const placed = stored.length - before.length;
    console.info(
      `${inject("testDatabase").kind}, SIGKILL: ${placing.answered.length} orders answered, ${placed} found after the restart ` +
        `(${placing.sent} sent, ${placing.inFlightAtSignal} in flight at the kill)`,
    );
    expectEveryAnsweredStored(placing, stored);
    expect(placed).toBeGreaterThanOrEqual(placing.answered.length);
    expect(placed).toBeLessThanOrEqual(placing.sent);
  }, 180_000);

  it("stopped with SIGTERM while orders are in flight, exits 0 with every answered order", async () => {
    const before = await storedOrders();
    const portal = await startPortal();
    let placing: Placing;
    try {
      placing = await placeUntilStopped(portal, "SIGTERM");
    } catch (error) {
      portal.signal("SIGKILL");
      throw error;
    }
    expect(placing.otherAnswers, portal.output()).toEqual([]);
    expect(placing.answered.length).toBeGreaterThanOrEqual(ANSWERED_BEFORE_SIGNAL);
    expect(await portal.exited, portal.output()).toBe(0);

    const stored = await storedOrders();
    const placed = stored.length - before.length;
    console.info(
      `${inject("testDatabase").kind}, SIGTERM: ${placing.answered.length} orders answered, ${placed} found after the restart ` +
        `(${placing.sent} sent, ${placing.inFlightAtSignal} in flight at the signal)`,
    );
    expectEveryAnsweredStored(placing, stored);
    expect(placed).toBeGreaterThanOrEqual(placing.answered.length);
    expect(placed).toBeLessThanOrEqual(placing.sent);
  }, 180_000);
});
