import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../tests/support/auth-helpers";
import { createTestServices, openSecondHandle } from "../../tests/support/test-services";
import type { DatabaseHandle } from "./db/client.server";
import {
  notifyProductChanged,
  onProductChangeCommitted,
  parseProductEvent,
  PRODUCT_EVENTS_CHANNEL,
  productEventOrigin,
  productTransaction,
} from "./product-events.server";
import { createPublicPageCache } from "./public-page-cache.server";
import { addItem } from "./repositories/items.server";
import { createProduct } from "./repositories/products.server";
import type { RunningServices } from "./services.server";

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

async function heard(database: DatabaseHandle) {
  const payloads: string[] = [];
  const stop = await database.listen(PRODUCT_EVENTS_CHANNEL, (payload) => payloads.push(payload));
  return { payloads, stop };
}

const HTML = [["content-type", "text/html"]] as const;

describe("product events", () => {
  it("tell this process after the commit, and every process by NOTIFY", async () => {
    const { payloads, stop } = await heard(other);
    const told: Array<{ productId: string; committed: boolean }> = [];
    let committed = false;
    const stopLocal = onProductChangeCommitted(services.db, (productId) =>
      told.push({ productId, committed }),
    );
    await productTransaction(services.db, async (tx) => {
      await notifyProductChanged(tx, "ProductA");
      await notifyProductChanged(tx, "ProductB");
      await notifyProductChanged(tx, "ProductA");
      expect(told).toEqual([]);
      committed = true;
    });
    expect(told).toEqual([
      { productId: "ProductA", committed: true },
      { productId: "ProductB", committed: true },
    ]);
    // PostgreSQL sends a repeated notification of one transaction once.
    await expect.poll(() => payloads.length).toBe(2);
    expect(payloads.map(parseProductEvent)).toEqual(
      ["ProductA", "ProductB"].map((productId) => ({
        productId,
        origin: productEventOrigin(services.db),
      })),
    );
    stopLocal();
    await stop();
  });

  it("say nothing for a rolled-back write", async () => {
    const { payloads, stop } = await heard(other);
    const told: string[] = [];
    const stopLocal = onProductChangeCommitted(services.db, (id) => told.push(id));
    await expect(
      productTransaction(services.db, async (tx) => {
        await notifyProductChanged(tx, "ProductC");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toEqual([]);
    expect(payloads).toEqual([]);
    stopLocal();
    await stop();
  });

  it("reach the page cache of every process: item writes drop the product's pages", async () => {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.db, userId, { type: "restaurant", name: "Evt" });
    if (!created.ok) throw new Error(created.reason);
    const here = createPublicPageCache(services.database, 1024 * 1024);
    const elsewhere = createPublicPageCache(other, 1024 * 1024);
    await here.start();
    await elsewhere.start();
    try {
      for (const cache of [here, elsewhere]) {
        const ticket = cache.pages.begin(`/r/evt-${created.productId}`, created.productId);
        cache.pages.store(ticket, Buffer.from("<p>old</p>"), HTML);
        expect(cache.stats().entries).toBe(1);
      }
      const added = await addItem(
        services.db,
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

  it("ignore payloads that are not product events", () => {
    expect(parseProductEvent("not json")).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: "has-hyphen" }))).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: 7 }))).toBeNull();
    expect(parseProductEvent(JSON.stringify({ productId: "Abc" }))).toEqual({
      productId: "Abc",
      origin: undefined,
    });
  });
});
