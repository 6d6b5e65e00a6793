/**
 * The limits on orders, through the order page of the real HTTP app: a site's orders per
 * 10 minutes (ORDERS_PER_10_MINUTES_PER_SITE) count only the orders it took, so a flood of
 * refused attempts from many addresses cannot close its ordering to real customers; each
 * client address's attempts (ORDERS_PER_10_MINUTES_PER_CLIENT) count whether or not they are
 * placed.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { en } from "../../app/lib/i18n/words/en";
import { pluralText } from "../../app/lib/i18n/text";
import { formatCart } from "../../app/lib/order-cart";
import { orders } from "../../app/server/db/schema";
import { placeOrder } from "../../app/server/orders/place-order.server";
import { useTestApp } from "../support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";

const PER_SITE = 5;
const PER_CLIENT = 3;
const running = useTestApp({
  publicPagesClock: new Date(ORDERING_CLOCK),
  // Each request's client address is the one the test's "proxy" names.
  trustProxyHops: 1,
  orderLimits: { perClient: PER_CLIENT, perSite: PER_SITE },
});

let keys = 0;
function newPlaceKey(): string {
  keys += 1;
  return `limits${String(keys).padStart(8, "0")}${"k".repeat(8)}`;
}

/** A site taking one order per time, with its first time already taken by one order. */
async function siteWithAFullSlot(name: string) {
  const site = await createOrderingSite(running.services, name, [LEMONADE], { slotCap: 1 });
  const slots = orderingSlots(site.settings).map((slot) => slot.start);
  const cartLines = [{ itemId: site.ids["Lemonade"]!, quantity: 1, choiceIds: [] }];
  const first = await placeOrder(
    running.services.events,
    site.productId,
    {
      cartLines,
      placeKey: newPlaceKey(),
      fulfilment: "pickup",
      slot: slots[0]!,
      name: "First",
      phone: "+1 555 0100",
      email: "",
      address: "",
      note: "",
      language: "en",
    },
    ORDERING_CLOCK,
  );
  if (!first.placed) throw new Error(first.message);
  return { ...site, slots, cart: formatCart(cartLines) };
}

type Site = Awaited<ReturnType<typeof siteWithAFullSlot>>;

/** "Place order" posted by a browser at `address`, for the time `slot`. */
async function placeFrom(address: string, site: Site, slot: number, placeKey = newPlaceKey()) {
  const response = await fetch(`${running.app.url}${site.orderPath}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: running.app.url,
      "x-forwarded-for": address,
    },
    body: new URLSearchParams({
      cart: site.cart,
      placeKey,
      step: "place",
      fulfilment: "pickup",
      slot: String(slot),
      name: "Customer",
      phone: "+1 555 0101",
    }),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text(), placeKey };
}

async function placedOn(site: Site): Promise<number> {
  const rows = await running.services.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.productId, site.productId));
  return rows.length;
}

const tooManyOrders = pluralText(en.tooManyOrders, "en", 10);

describe("a site's orders per 10 minutes", () => {
  it("are not used up by 500 refused attempts from 500 addresses", async () => {
    const site = await siteWithAFullSlot("Busy Pizza");
    const attempts = 500;
    const batch = 10;
    for (let start = 0; start < attempts; start += batch) {
      const answers = await Promise.all(
        Array.from({ length: batch }, (_, i) => {
          const n = start + i;
          return placeFrom(`198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`, site, site.slots[0]!);
        }),
      );
      // Each is refused for its full time, and places nothing.
      expect(answers.map((answer) => answer.status)).toEqual(Array(batch).fill(409));
    }
    expect(await placedOn(site)).toBe(1);

    // A real customer, from an address of their own, orders as if nothing had happened.
    const customer = await placeFrom("203.0.113.7", site, site.slots[1]!);
    expect(customer.status).toBe(303);
    expect(await placedOn(site)).toBe(2);
  }, 120_000);

  it(`still stop the orders placed past ${PER_SITE}, and a form sent again is not one more`, async () => {
    const site = await siteWithAFullSlot("Full Pizza");
    const placed: string[] = [];
    for (let i = 1; i < PER_SITE; i++) {
      const answer = await placeFrom(`192.0.2.${i}`, site, site.slots[i]!);
      expect(answer.status).toBe(303);
      placed.push(answer.placeKey);
    }
    expect(await placedOn(site)).toBe(PER_SITE);

    const over = await placeFrom("192.0.2.100", site, site.slots[PER_SITE]!);
    expect(over.status).toBe(429);
    expect(over.html).toContain(tooManyOrders);
    // A customer whose answer was lost sends the same form again: their order, as before.
    const resent = await placeFrom("192.0.2.1", site, site.slots[1]!, placed[0]);
    expect(resent.status).toBe(303);
    expect(await placedOn(site)).toBe(PER_SITE);
  });
});

describe("a client address's orders per 10 minutes", () => {
  it(`count every attempt, refused or placed: the one after ${PER_CLIENT} is refused`, async () => {
    const site = await siteWithAFullSlot("Patient Pizza");
    for (let i = 0; i < PER_CLIENT; i++) {
      expect((await placeFrom("192.0.2.200", site, site.slots[0]!)).status).toBe(409);
    }
    const refused = await placeFrom("192.0.2.200", site, site.slots[1]!);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain(tooManyOrders);
    expect(await placedOn(site)).toBe(1);
  });
});
