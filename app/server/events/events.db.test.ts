import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices, openSecondHandle } from "../../../tests/support/test-services";
import type { DatabaseHandle } from "../db/client.server";
import {
  createEvents,
  OWNER_EVENTS_CHANNEL,
  parseOwnerEvent,
  parseProductEvent,
  PRODUCT_EVENTS_CHANNEL,
} from "./events.server";
import { createPublicPageCache } from "../pages/public-page-cache.server";
import { addItem } from "../repositories/items.server";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
let other: DatabaseHandle;
beforeAll(async () => {
  services = await createTestServices();
  // Another server process on the same database (PGlite: the same process).
  other = await openSecondHandle(services);
});
afterAll(async () => {
  if (other !== services.database) await other.close();
  await services.close();
});

async function heard(database: DatabaseHandle, channel = PRODUCT_EVENTS_CHANNEL) {
  const payloads: string[] = [];
  const stop = await database.listen(channel, (payload) => payloads.push(payload));
  return { payloads, stop };
}

const HTML = [["content-type", "text/html"]] as const;

describe("events", () => {
  it("tell this process after the commit, and every process by NOTIFY", async () => {
    const { payloads, stop } = await heard(other);
    const owners = await heard(other, OWNER_EVENTS_CHANNEL);
    const told: Array<{ productId: string; committed: boolean }> = [];
    let committed = false;
    const stopLocal = services.events.onProductChangeCommitted((productId) =>
      told.push({ productId, committed }),
    );
    await services.events.transaction(async (_tx, changes) => {
      changes.product("ProductA");
      changes.product("ProductB");
      changes.product("ProductA");
      changes.owner("OwnerA");
      changes.owner("OwnerA");
      expect(told).toEqual([]);
      committed = true;
    });
    expect(told).toEqual([
      { productId: "ProductA", committed: true },
      { productId: "ProductB", committed: true },
    ]);
    // A product or owner named twice is announced once.
    await expect.poll(() => payloads.length).toBe(2);
    expect(payloads.map(parseProductEvent)).toEqual(
      ["ProductA", "ProductB"].map((productId) => ({
        productId,
        origin: services.events.origin,
      })),
    );
    await expect.poll(() => owners.payloads.length).toBe(1);
    expect(owners.payloads.map(parseOwnerEvent)).toEqual([
      { ownerUid: "OwnerA", kind: "products-changed" },
    ]);
    stopLocal();
    await stop();
    await owners.stop();
  });

  it("say nothing for a rolled-back write", async () => {
    const { payloads, stop } = await heard(other);
    const owners = await heard(other, OWNER_EVENTS_CHANNEL);
    const told: string[] = [];
    const stopLocal = services.events.onProductChangeCommitted((id) => told.push(id));
    await expect(
      services.events.transaction(async (_tx, changes) => {
        changes.product("ProductC");
        changes.owner("OwnerC");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toEqual([]);
    expect(payloads).toEqual([]);
    expect(owners.payloads).toEqual([]);
    stopLocal();
    await stop();
    await owners.stop();
  });

  it("tell only the listeners of the service that wrote, each under its own origin", async () => {
    const elsewhere = createEvents(other.db);
    expect(elsewhere.origin).not.toBe(services.events.origin);
    const { payloads, stop } = await heard(services.database);
    const here: string[] = [];
    const stopHere = services.events.onProductChangeCommitted((id) => here.push(id));
    await elsewhere.transaction(async (_tx, changes) => changes.product("ProductD"));
    await expect.poll(() => payloads.length).toBe(1);
    expect(parseProductEvent(payloads[0]!)).toEqual({
      productId: "ProductD",
      origin: elsewhere.origin,
    });
    expect(here).toEqual([]);
    stopHere();
    await stop();
  });

  it("reach the page cache of every process: item writes drop the product's pages", async () => {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Evt",
    });
    if (!created.ok) throw new Error(created.reason);
    const here = createPublicPageCache(services.database, services.events, 1024 * 1024);
    const elsewhere = createPublicPageCache(other, createEvents(other.db), 1024 * 1024);
    await here.start();
    await elsewhere.start();
    try {
      for (const cache of [here, elsewhere]) {
        const ticket = cache.pages.begin(`/r/evt-${created.productId}`, created.productId);
        cache.pages.store(ticket, Buffer.from("<p>old</p>"), HTML);
        expect(cache.stats().entries).toBe(1);
      }
      const added = await addItem(
        services.events,
        { id: created.productId, ownerUid: userId },
        {
          name: "Soup",
          priceCents: 100,
        },
      );
      expect(added.ok).toBe(true);
      // The writer's process at once; another process when the notification arrives.
      expect(here.stats().entries).toBe(0);
      await expect.poll(() => elsewhere.stats().entries).toBe(0);
    } finally {
      await here.close();
      await elsewhere.close();
    }
  });

  it("ignore payloads that are not their events", () => {
    expect(parseOwnerEvent("not json")).toBeNull();
    expect(parseOwnerEvent("null")).toBeNull();
    expect(parseOwnerEvent(JSON.stringify({ ownerUid: "U", kind: "other" }))).toBeNull();
    expect(parseProductEvent("not json")).toBeNull();
    expect(parseProductEvent("null")).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: "has-hyphen" }))).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: 7 }))).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: "Abc" }))).toEqual({
      productId: "Abc",
      origin: undefined,
    });
  });
});
