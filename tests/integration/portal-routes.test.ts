/**
 * The portal's loaders and actions on a real database: the owner gets their
 * data, a second owner gets nothing of it and changes nothing.
 */
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerContext, servicesContext } from "../../app/context";
import { MESSAGES } from "../../app/lib/messages";
import * as createRoute from "../../app/routes/portal/create";
import * as deleteRoute from "../../app/routes/portal/delete-product";
import * as eventsRoute from "../../app/routes/portal/events";
import * as infoRoute from "../../app/routes/portal/info";
import * as linkSharedRoute from "../../app/routes/portal/link-shared";
import * as productsRoute from "../../app/routes/portal/products";
import * as setupRoute from "../../app/routes/portal/setup";
import { items, productInfo, products, users } from "../../app/server/db/schema";
import { createProduct, listOwnerProducts } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { callRoute, ownerFor } from "../support/route-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

async function twoOwnersAndAProduct() {
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  const created = await createProduct(services.events, first.userId, {
    type: "restaurant",
    name: "First's Diner",
  });
  if (!created.ok) throw new Error(created.reason);
  return {
    first: ownerFor(first.userId),
    second: ownerFor(second.userId),
    productId: created.productId,
  };
}

describe("/user and /user/info", () => {
  it("list only the owner's own products and usage", async () => {
    const { first, second, productId } = await twoOwnersAndAProduct();
    const mine = await callRoute(productsRoute.loader, { services, owner: first });
    expect(mine.body).toMatchObject({
      error: null,
      max: 3,
      products: [{ id: productId, type: "restaurant" }],
    });
    const theirs = await callRoute(productsRoute.loader, { services, owner: second });
    expect(theirs.body).toMatchObject({ products: [] });
    const info = await callRoute(infoRoute.loader, { services, owner: second });
    expect(info.body).toMatchObject({ info: { uid: second.id, used: 0, max: 3 } });
  });

  it("show each site's Getting started checklist, ticked as the owner sets it up", async () => {
    const { first, second, productId } = await twoOwnersAndAProduct();
    const steps = async () => {
      const listed = await callRoute(productsRoute.loader, { services, owner: first });
      const [site] = (listed.body as { products: { setup: { id: string; done: boolean }[] }[] })
        .products;
      return Object.fromEntries(site!.setup.map((step) => [step.id, step.done]));
    };
    expect(await steps()).toEqual({
      created: true,
      picture: false,
      hours: false,
      items: false,
      shared: false,
    });

    await services.db
      .update(productInfo)
      .set({
        logoUrl: "/files/logo?v=1",
        hours: [{ day: "Monday", open: "9:00 AM", close: "5:00 PM" }],
      })
      .where(eq(productInfo.productId, productId));
    await services.db.insert(items).values(
      ["A", "B", "C", "D", "E"].map((name) => ({
        id: `Item${name}000000000000000`.slice(0, 20),
        productId,
        name,
        slug: name.toLowerCase(),
      })),
    );
    // Another owner cannot tick the share step, and an unknown site is refused alike.
    for (const [owner, pid] of [
      [second, productId],
      [first, "Unknown0000000000000"],
    ] as const) {
      const refused = await callRoute(linkSharedRoute.action, {
        services,
        owner,
        params: { pid },
        form: {},
      });
      expect(refused).toMatchObject({ status: 404, body: { message: MESSAGES.invalidProduct } });
    }
    expect((await steps()).shared).toBe(false);

    const shared = await callRoute(linkSharedRoute.action, {
      services,
      owner: first,
      params: { pid: productId },
      form: {},
    });
    expect(shared).toMatchObject({ status: 200, body: { shared: true } });
    expect(await steps()).toEqual({
      created: true,
      picture: true,
      hours: true,
      items: true,
      shared: true,
    });
  });

  it("tell an owner whose status is not valid, and offer no Create", async () => {
    const { first } = await twoOwnersAndAProduct();
    const blocked = await callRoute(productsRoute.loader, {
      services,
      owner: { ...first, status: "suspended" },
    });
    expect(blocked.body).toMatchObject({ blockedStatus: "suspended", products: [{}] });
    const valid = await callRoute(productsRoute.loader, { services, owner: first });
    expect(valid.body).toMatchObject({ blockedStatus: null });
  });

  it("cap the usage max at 3 whatever max_product says", async () => {
    const { first } = await twoOwnersAndAProduct();
    const page = await callRoute(productsRoute.loader, {
      services,
      owner: { ...first, maxProduct: 9 },
    });
    expect(page.body).toMatchObject({ max: 3 });
  });

  it("say 'Failed to load products.' and 'Error: …' when the database fails", async () => {
    const broken = await createTestServices();
    const { userId } = await registerOwner(broken);
    await broken.database.close();
    const list = await callRoute(productsRoute.loader, {
      services: broken,
      owner: ownerFor(userId),
    });
    expect(list.body).toMatchObject({ error: MESSAGES.failedToLoadProducts, products: [] });
    const info = await callRoute(infoRoute.loader, { services: broken, owner: ownerFor(userId) });
    expect((info.body as { error: string }).error).toMatch(/^Error: \S/);
    await broken.close();
  });
});

describe("/user/create", () => {
  it("creates and redirects to the type's setup route", async () => {
    const { userId } = await registerOwner(services);
    const outcome = await callRoute(createRoute.action, {
      services,
      owner: ownerFor(userId),
      url: "http://localhost/user/create",
      form: { type: "shoppy", name: "Corner Shop" },
    });
    expect(outcome.kind).toBe("response");
    const [product] = await listOwnerProducts(services.db, userId);
    expect(outcome).toMatchObject({ status: 302, location: `/user/shoppy/setup/${product!.id}` });
    expect(product).toMatchObject({ name: "Corner Shop", slug: "corner-shop" });
  });

  it("uses the type key for an empty name and asks for a name only when the type is missing too", async () => {
    const { userId } = await registerOwner(services);
    const owner = ownerFor(userId);
    await callRoute(createRoute.action, {
      services,
      owner,
      form: { type: "dealership", name: "" },
    });
    expect((await listOwnerProducts(services.db, userId))[0]).toMatchObject({ name: "dealership" });

    const neither = await callRoute(createRoute.action, { services, owner, form: { name: " " } });
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ error: { name: [MESSAGES.pleaseEnterName] } });
    expect(await listOwnerProducts(services.db, userId)).toHaveLength(1);
  });

  it("10 concurrent creates leave exactly 3 products and a consistent count", async () => {
    const { userId } = await registerOwner(services);
    const owner = ownerFor(userId);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callRoute(createRoute.action, {
          services,
          owner,
          form: { type: "restaurant", name: `Place ${i}` },
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 302)).toHaveLength(3);
    const refused = outcomes.filter((o) => o.status !== 302);
    expect(refused).toHaveLength(7);
    for (const o of refused)
      expect(o.body).toMatchObject({ error: { "": [MESSAGES.productLimitReached] } });

    const listed = await listOwnerProducts(services.db, userId);
    const [row] = await services.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.ownerUid, userId));
    expect(listed).toHaveLength(3);
    expect(row!.n).toBe(3);
    const page = await callRoute(infoRoute.loader, { services, owner });
    expect(page.body).toMatchObject({ info: { used: 3, max: 3 } });
  });

  it("refuses a suspended account with the spec's message, and counts VALID as valid", async () => {
    const { userId } = await registerOwner(services);
    await services.db.update(users).set({ status: "suspended" }).where(eq(users.id, userId));
    const refused = await callRoute(createRoute.action, {
      services,
      owner: ownerFor(userId, { status: "valid" }), // a stale session must not matter: the row decides
      form: { type: "restaurant", name: "Nope" },
    });
    expect(refused.body).toMatchObject({ error: { "": [MESSAGES.statusNotValid] } });
    const page = await callRoute(createRoute.loader, {
      services,
      owner: ownerFor(userId, { status: "suspended" }),
    });
    expect(page.body).toMatchObject({ blockedBy: MESSAGES.statusNotValid });

    await services.db.update(users).set({ status: "VALID" }).where(eq(users.id, userId));
    const allowed = await callRoute(createRoute.action, {
      services,
      owner: ownerFor(userId, { status: "VALID" }),
      form: { type: "restaurant", name: "Yes" },
    });
    expect(allowed.status).toBe(302);
  });

  it("says 'Failed to create product.' when something unexpected breaks", async () => {
    const broken = await createTestServices();
    const { userId } = await registerOwner(broken);
    await broken.database.close();
    const outcome = await callRoute(createRoute.action, {
      services: broken,
      owner: ownerFor(userId),
      form: { type: "restaurant", name: "x" },
    });
    expect(outcome.status).toBe(500);
    expect(outcome.body).toMatchObject({ error: { "": [MESSAGES.failedToCreateProduct] } });
    await broken.close();
  });
});

describe("setup route guard", () => {
  it("serves the owner, redirects a wrong type, and gives everyone else 'Invalid product.'", async () => {
    const { first, second, productId } = await twoOwnersAndAProduct();
    const own = await callRoute(setupRoute.loader, {
      services,
      owner: first,
      params: { type: "restaurant", pid: productId },
    });
    expect(own.body).toMatchObject({ id: productId, name: "First's Diner" });

    const wrongType = await callRoute(setupRoute.loader, {
      services,
      owner: first,
      params: { type: "shoppy", pid: productId },
    });
    expect(wrongType).toMatchObject({
      status: 302,
      location: `/user/restaurant/setup/${productId}`,
    });

    const results = await Promise.all([
      callRoute(setupRoute.loader, {
        services,
        owner: second,
        params: { type: "restaurant", pid: productId },
      }),
      callRoute(setupRoute.loader, {
        services,
        owner: second,
        params: { type: "shoppy", pid: productId },
      }),
      callRoute(setupRoute.loader, {
        services,
        owner: first,
        params: { type: "restaurant", pid: "Unknown0000000000000" },
      }),
      callRoute(setupRoute.loader, {
        services,
        owner: first,
        params: { type: "restaurant", pid: undefined },
      }),
    ]);
    for (const result of results) {
      expect(result).toMatchObject({ status: 404, body: { message: MESSAGES.invalidProduct } });
    }
  });
});

describe("saving a profile's info", () => {
  it("saves for the owner, renames the product and its slug, and refuses anyone else", async () => {
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "dealership",
      name: "Old Name",
    });
    if (!created.ok) throw new Error(created.reason);
    const params = { type: "dealership", pid: created.productId };
    const form = {
      intent: "save-info",
      name: "New Name Motors",
      phone: "+1 555 0100",
      "hours[0].open": "Closed",
      "hours[0].close": "5:00 PM",
      "colors.primary": "123",
      logoUrl: "https://cdn.example/logo.png",
    };

    const stranger = await registerOwner(services);
    const refused = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(stranger.userId),
      params,
      form,
    });
    expect(refused.status).toBe(404);

    const saved = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(userId),
      params,
      form,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { intent: "save-info", result: { status: "success" }, colorsFellBack: [] },
    });
    const [product] = await listOwnerProducts(services.db, userId);
    expect(product).toMatchObject({ name: "New Name Motors", slug: "new-name-motors" });
    const info = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, created.productId),
    });
    expect(info).toMatchObject({
      name: "New Name Motors",
      slug: "new-name-motors",
      contact: { phone: "+1 555 0100", email: "" },
      colors: { primary: "#112233", secondary: "#6b6b6b", text: "#000000" },
      logoUrl: "https://cdn.example/logo.png",
    });
    expect(info!.hours[0]).toEqual({ day: "Monday", open: "Closed", close: "Closed" });

    const hostile = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(userId),
      params,
      form: { ...form, name: "Changed", bgUrl: "javascript:alert(1)" },
    });
    expect(hostile.status).toBe(400);
    expect(hostile.body).toMatchObject({
      result: {
        status: "error",
        error: { "": [MESSAGES.failedToSaveInfo], bgUrl: [MESSAGES.httpUrlOnly] },
      },
    });
    expect((await listOwnerProducts(services.db, userId))[0]!.name).toBe("New Name Motors");
  });
});

describe("delete", () => {
  it("removes the product, its items, info and files for the owner only", async () => {
    const { first, second, productId } = await twoOwnersAndAProduct();
    await services.db
      .insert(items)
      .values({ id: "I".repeat(20), productId, name: "Soup", slug: "soup", priceCents: 500 });
    await services.storage.put(
      `restaurants/${productId}/info/logo`,
      new Uint8Array([1]),
      "image/jpeg",
    );

    const refused = await callRoute(deleteRoute.action, {
      services,
      owner: second,
      params: { pid: productId },
      form: {},
    });
    expect(refused).toMatchObject({ status: 404, body: { message: MESSAGES.invalidProduct } });
    expect(await listOwnerProducts(services.db, first.id)).toHaveLength(1);
    expect(await services.storage.list(`restaurants/${productId}`)).toHaveLength(1);

    const done = await callRoute(deleteRoute.action, {
      services,
      owner: first,
      params: { pid: productId },
      form: {},
    });
    expect(done).toMatchObject({ status: 302, location: "/user/products" });
    expect(await listOwnerProducts(services.db, first.id)).toHaveLength(0);
    expect(
      await services.db.query.items.findFirst({ where: eq(items.productId, productId) }),
    ).toBeUndefined();
    expect(await services.storage.list(`restaurants/${productId}`)).toEqual([]);
  });

  it("says 'Failed to delete.' when the database fails, and leaves the product whole", async () => {
    const broken = await createTestServices();
    const { userId } = await registerOwner(broken);
    const created = await createProduct(broken.events, userId, { type: "shoppy", name: "Keep" });
    if (!created.ok) throw new Error(created.reason);
    await broken.database.close();
    const outcome = await callRoute(deleteRoute.action, {
      services: broken,
      owner: ownerFor(userId),
      params: { pid: created.productId },
      form: {},
    });
    expect(outcome).toMatchObject({ status: 500, body: { error: MESSAGES.failedToDelete } });
    await broken.close();
  });
});

describe("/user/events", () => {
  /** The stream's Response itself, as the route returns it. */
  async function openEvents(userId: string): Promise<Response> {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(ownerContext, ownerFor(userId));
    const request = new Request("http://localhost/user/events");
    return eventsRoute.loader({ request, context, params: {} } as never);
  }

  it("lets go of its subscription when the visitor leaves at once, before it is set up", async () => {
    const { userId } = await registerOwner(services);
    const response = await openEvents(userId);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await response.body!.cancel();
    await expect.poll(() => services.live.stats().subscribers).toBe(0);
  });

  it("ends its stream when the visitor leaves after it started", async () => {
    const { userId } = await registerOwner(services);
    const reader = (await openEvents(userId)).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain(": connected");
    expect(services.live.stats().subscribers).toBe(1);
    await reader.cancel();
    await expect.poll(() => services.live.stats().subscribers).toBe(0);
  });
});
