import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { createTestServices } from "../../../tests/support/test-services";
import { items, productInfo, products, users } from "../db/schema";
import type { RunningServices } from "../runtime/services.server";
import { createProduct, listOwnerProducts } from "./products.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("createProduct", () => {
  it("writes the root and its info row with defaults", async () => {
    const { userId } = await registerOwner(services);
    const result = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "  Joe's Diner ",
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.productId).toMatch(/^[A-Za-z0-9]{20}$/);

    const product = await services.db.query.products.findFirst({
      where: eq(products.id, result.productId),
    });
    expect(product).toMatchObject({
      ownerUid: userId,
      type: "restaurant",
      exists: true,
      name: "Joe's Diner",
      slug: "joes-diner",
    });
    const info = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, result.productId),
    });
    expect(info).toMatchObject({
      name: "Joe's Diner",
      slug: "joes-diner",
      contact: { phone: "", email: "" },
      hours: [],
      colors: { primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" },
    });
  });

  it("falls back to the type key for an empty name", async () => {
    const { userId } = await registerOwner(services);
    const result = await createProduct(services.events, userId, { type: "shoppy", name: "   " });
    if (!result.ok) throw new Error(result.reason);
    const [product] = await listOwnerProducts(services.db, userId);
    expect(product).toMatchObject({ name: "shoppy", slug: "shoppy" });
  });

  it("accepts a status of VALID in any case and refuses any other", async () => {
    const { userId } = await registerOwner(services);
    await services.db.update(users).set({ status: "VALID" }).where(eq(users.id, userId));
    expect(
      (await createProduct(services.events, userId, { type: "dealership", name: "A" })).ok,
    ).toBe(true);

    await services.db.update(users).set({ status: "suspended" }).where(eq(users.id, userId));
    expect(await createProduct(services.events, userId, { type: "dealership", name: "B" })).toEqual(
      {
        ok: false,
        reason: "status-not-valid",
      },
    );
    expect(await listOwnerProducts(services.db, userId)).toHaveLength(1);
  });

  it("never lets concurrent requests go past 3 products", async () => {
    const { userId } = await registerOwner(services);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createProduct(services.events, userId, { type: "restaurant", name: `Place ${i}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "limit-reached")).toBe(
      true,
    );
    expect(await listOwnerProducts(services.db, userId)).toHaveLength(3);
  });

  it("honours a max_product below 3, and 3 caps a larger one", async () => {
    const { userId } = await registerOwner(services);
    await services.db.update(users).set({ maxProduct: 1 }).where(eq(users.id, userId));
    expect((await createProduct(services.events, userId, { type: "shoppy", name: "One" })).ok).toBe(
      true,
    );
    expect(
      await createProduct(services.events, userId, { type: "shoppy", name: "Two" }),
    ).toMatchObject({
      reason: "limit-reached",
    });

    const other = await registerOwner(services);
    await services.db.update(users).set({ maxProduct: 10 }).where(eq(users.id, other.userId));
    for (const name of ["a", "b", "c"])
      await createProduct(services.events, other.userId, { type: "shoppy", name });
    expect(
      (await createProduct(services.events, other.userId, { type: "shoppy", name: "d" })).ok,
    ).toBe(false);
  });
});

describe("listOwnerProducts", () => {
  it("lists only the owner's products that exist", async () => {
    const first = await registerOwner(services);
    const second = await registerOwner(services);
    const mine = await createProduct(services.events, first.userId, {
      type: "restaurant",
      name: "Mine",
    });
    const gone = await createProduct(services.events, first.userId, {
      type: "shoppy",
      name: "Gone",
    });
    await createProduct(services.events, second.userId, { type: "restaurant", name: "Theirs" });
    if (!mine.ok || !gone.ok) throw new Error("setup failed");
    await services.db
      .update(products)
      .set({ exists: false })
      .where(eq(products.id, gone.productId));

    const listed = await listOwnerProducts(services.db, first.userId);
    expect(listed.map((p) => p.id)).toEqual([mine.productId]);
  });
});

describe("schema", () => {
  it("refuses an unknown product type and a negative price", async () => {
    const { userId } = await registerOwner(services);
    await expect(
      services.db.insert(products).values({
        id: "a".repeat(20),
        ownerUid: userId,
        type: "spaceship" as never,
        name: "x",
        slug: "x",
      }),
    ).rejects.toThrow();
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Prices",
    });
    if (!created.ok) throw new Error(created.reason);
    await expect(
      services.db.insert(items).values({
        id: "b".repeat(20),
        productId: created.productId,
        name: "x",
        slug: "x",
        priceCents: -1,
      }),
    ).rejects.toThrow();
  });

  it("removes a product's info and items with it", async () => {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Short-lived",
    });
    if (!created.ok) throw new Error(created.reason);
    await services.db.insert(items).values({
      id: "c".repeat(20),
      productId: created.productId,
      name: "Soup",
      slug: "soup",
      priceCents: 450,
    });
    await services.db.delete(products).where(eq(products.id, created.productId));
    expect(
      await services.db.query.productInfo.findFirst({
        where: eq(productInfo.productId, created.productId),
      }),
    ).toBeUndefined();
    expect(
      await services.db.query.items.findFirst({ where: eq(items.productId, created.productId) }),
    ).toBeUndefined();
  });
});
