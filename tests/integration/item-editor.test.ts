/**
 * The restaurant editor's loader and item actions on a real database (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set): what the owner can do, that
 * a second owner can read and change nothing, and the 50-item cap under
 * concurrent requests.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorItem } from "../../app/lib/items";
import { MAX_ITEMS_PER_PRODUCT } from "../../app/lib/limits";
import { MESSAGES } from "../../app/lib/messages";
import * as setupRoute from "../../app/routes/portal/setup";
import { items, productInfo } from "../../app/server/db/schema";
import { listItems } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { smallGif, smallPng } from "../support/image-fixtures";
import { callRoute, ownerFor } from "../support/route-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

async function restaurantWithOwners() {
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  const created = await createProduct(services.events, first.userId, {
    type: "restaurant",
    name: "Owner's Diner",
  });
  if (!created.ok) throw new Error(created.reason);
  const owner = ownerFor(first.userId);
  const stranger = ownerFor(second.userId);
  const params = { type: "restaurant", pid: created.productId };
  const act = (who: typeof owner, form: Record<string, string>) =>
    callRoute(setupRoute.action, { services, owner: who, params, form });
  return { owner, stranger, productId: created.productId, params, act };
}

/** The form-level error of an answer carrying Conform's reply. */
function formErrorOf(body: unknown): string | undefined {
  return (body as { result?: { error?: Record<string, string[]> } }).result?.error?.[""]?.join(" ");
}

async function addOne(
  act: Awaited<ReturnType<typeof restaurantWithOwners>>["act"],
  owner: ReturnType<typeof ownerFor>,
  fields: Record<string, string> = {},
) {
  const added = await act(owner, { intent: "add-item", name: "Soup", price: "6", ...fields });
  expect(added.status).toBe(200);
  return (added.body as { itemId: string }).itemId;
}

describe("adding items", () => {
  it("adds with the shared price rule and refuses missing name or price", async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    const missing = await act(owner, { intent: "add-item", name: "", price: "" });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        intent: "add-item",
        result: {
          status: "error",
          error: {
            "": [MESSAGES.failedToAddItem],
            name: [MESSAGES.nameRequired],
            price: [MESSAGES.priceRequired],
          },
        },
      },
    });

    const itemId = await addOne(act, owner, {
      name: "  Crème Brûlée ",
      price: "$7.499",
      category: " Desserts ",
      description: "Torched to order.",
      star: "on",
    });
    const [row] = await listItems(services.db, productId);
    expect(row).toMatchObject({
      id: itemId,
      name: "Crème Brûlée",
      slug: "creme-brulee",
      priceCents: 750,
      category: "Desserts",
      description: "Torched to order.",
      star: true,
      imageUrl: "",
    });
  });

  it("stores a photo posted with the form, and refuses the whole item for a bad file", async () => {
    const { owner, productId, params } = await restaurantWithOwners();
    const withPhoto = new FormData();
    withPhoto.set("intent", "add-item");
    withPhoto.set("name", "Pictured");
    withPhoto.set("price", "3");
    withPhoto.set(
      "file",
      new Blob([new Uint8Array(await smallPng())], { type: "image/png" }),
      "dish.png",
    );
    const added = await callRoute(setupRoute.action, {
      services,
      owner,
      params,
      multipart: withPhoto,
    });
    expect(added.status).toBe(200);
    const [row] = await listItems(services.db, productId);
    expect(row!.imageUrl).toMatch(
      new RegExp(`^/files/restaurants/${productId}/items/${row!.id}/image\\?v=`),
    );
    expect(row!.imageMime).toBe("image/jpeg");
    expect(row!.imageBytes).toBeGreaterThan(0);

    const badPhoto = new FormData();
    badPhoto.set("intent", "add-item");
    badPhoto.set("name", "Not pictured");
    badPhoto.set("price", "3");
    badPhoto.set(
      "file",
      new Blob([new Uint8Array(await smallGif())], { type: "image/gif" }),
      "dish.gif",
    );
    const refused = await callRoute(setupRoute.action, {
      services,
      owner,
      params,
      multipart: badPhoto,
    });
    expect(refused.status).toBe(415);
    expect(formErrorOf(refused.body)).toContain(MESSAGES.chooseValidImage);
    expect(refused.body).toMatchObject({
      result: { status: "error", error: { file: [MESSAGES.chooseValidImage] } },
    });
    expect(await listItems(services.db, productId)).toHaveLength(1);
  });

  it(`stops at ${MAX_ITEMS_PER_PRODUCT} items when 60 adds arrive at once`, async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        act(owner, { intent: "add-item", name: `Dish ${i}`, price: String(i) }),
      ),
    );
    const [row] = await services.db
      .select({ n: count() })
      .from(items)
      .where(eq(items.productId, productId));
    expect(row!.n).toBe(MAX_ITEMS_PER_PRODUCT);
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(50);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    expect(refused).toHaveLength(10);
    for (const outcome of refused) {
      expect(outcome.status).toBe(409);
      expect(formErrorOf(outcome.body)).toBe(MESSAGES.limitReachedItems);
    }

    const loaded = await callRoute(setupRoute.loader, {
      services,
      owner,
      params: { type: "restaurant", pid: productId },
    });
    expect((loaded.body as { items: EditorItem[] }).items).toHaveLength(MAX_ITEMS_PER_PRODUCT);
  });
});

describe("changing items", () => {
  it("updates the price, the star and the fields, and deletes with the files", async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    const itemId = await addOne(act, owner);

    expect(await act(owner, { intent: "update-price", itemId, price: "12.345" })).toMatchObject({
      status: 200,
      // The stored (rounded) price comes back, so the row can show it without a reload.
      body: { intent: "update-price", itemId, result: { status: "success" }, priceCents: 1235 },
    });
    expect(await act(owner, { intent: "toggle-star", itemId, value: "true" })).toMatchObject({
      status: 200,
    });
    expect(
      await act(owner, {
        intent: "update-item",
        itemId,
        name: "Tomato Soup",
        price: "8",
        category: "Starters",
        description: "With basil.",
      }),
    ).toMatchObject({ status: 200 });
    expect((await listItems(services.db, productId))[0]).toMatchObject({
      name: "Tomato Soup",
      slug: "tomato-soup",
      priceCents: 800,
      star: true,
      category: "Starters",
      description: "With basil.",
    });

    const key = `restaurants/${productId}/items/${itemId}/image`;
    await services.storage.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");
    expect(await act(owner, { intent: "delete-item", itemId })).toMatchObject({ status: 200 });
    expect(await listItems(services.db, productId)).toEqual([]);
    expect(await services.storage.read(key)).toBeNull();
  });

  it("refuses bad input with the intent's message and changes nothing", async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    const itemId = await addOne(act, owner);
    const before = await listItems(services.db, productId);

    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "update-price", itemId, price: "" }, 400, MESSAGES.failedToUpdatePrice],
      [{ intent: "update-price", itemId: "../etc", price: "1" }, 400, MESSAGES.failedToUpdatePrice],
      [{ intent: "update-price", itemId: "Nope", price: "1" }, 404, MESSAGES.failedToUpdatePrice],
      [{ intent: "toggle-star", itemId, value: "maybe" }, 400, MESSAGES.failedToUpdateFlag],
      [{ intent: "update-item", itemId, name: "", price: "1" }, 400, MESSAGES.failedToUpdateItem],
      [{ intent: "delete-item", itemId: "Nope" }, 404, MESSAGES.failedToDeleteItem],
      [{ intent: "toggle-sold-out", itemId, value: "maybe" }, 400, MESSAGES.failedToUpdateFlag],
      [{ intent: "drop-everything" }, 400, "This editor cannot do that."],
    ];
    for (const [form, status, error] of cases) {
      const outcome = await act(owner, form);
      expect(outcome.status, JSON.stringify(form)).toBe(status);
      // An item write answers with its form's error; an intent the editor lacks, plainly.
      const body = outcome.body as { error?: string };
      expect(body.error ?? formErrorOf(body), JSON.stringify(form)).toBe(error);
    }
    expect(await listItems(services.db, productId)).toEqual(before);
  });

  it("never touches an item of another product, even the same owner's", async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    const other = await createProduct(services.events, owner.id, {
      type: "restaurant",
      name: "Two",
    });
    if (!other.ok) throw new Error(other.reason);
    const otherItem = await callRoute(setupRoute.action, {
      services,
      owner,
      params: { type: "restaurant", pid: other.productId },
      form: { intent: "add-item", name: "Elsewhere", price: "1" },
    });
    const itemId = (otherItem.body as { itemId: string }).itemId;

    const writes: Array<Record<string, string>> = [
      { intent: "update-price", itemId, price: "99" },
      { intent: "toggle-star", itemId, value: "true" },
      { intent: "update-item", itemId, name: "Moved", price: "1" },
      { intent: "delete-item", itemId },
    ];
    for (const form of writes) {
      expect((await act(owner, form)).status).toBe(404);
    }
    expect(await listItems(services.db, other.productId)).toMatchObject([
      { name: "Elsewhere", priceCents: 100, star: false },
    ]);
    expect(await listItems(services.db, productId)).toEqual([]);
  });
});

describe("a second owner", () => {
  it("can neither read the editor nor run any of its actions", async () => {
    const { owner, stranger, productId, params, act } = await restaurantWithOwners();
    const itemId = await addOne(act, owner, { name: "Secret Sauce" });
    const before = await listItems(services.db, productId);
    const infoBefore = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    });

    const page = await callRoute(setupRoute.loader, { services, owner: stranger, params });
    expect(page).toMatchObject({ status: 404, body: { message: MESSAGES.invalidProduct } });
    expect(JSON.stringify(page.body)).not.toContain("Secret Sauce");

    const writes: Array<Record<string, string>> = [
      { intent: "add-item", name: "Intruder", price: "1" },
      { intent: "update-price", itemId, price: "0" },
      { intent: "toggle-star", itemId, value: "true" },
      { intent: "update-item", itemId, name: "Hijacked", price: "1" },
      { intent: "delete-item", itemId },
      { intent: "save-info", name: "Hijacked" },
    ];
    for (const form of writes) {
      const outcome = await act(stranger, form);
      expect(outcome, form["intent"]).toMatchObject({
        status: 404,
        body: { message: MESSAGES.invalidProduct },
      });
    }
    expect(await listItems(services.db, productId)).toEqual(before);
    expect(
      await services.db.query.productInfo.findFirst({
        where: eq(productInfo.productId, productId),
      }),
    ).toEqual(infoBefore);
  });
});

describe("saving a restaurant's info", () => {
  it("keeps the uploaded logo and background, and answers 'Info saved!' data", async () => {
    const { owner, productId, act } = await restaurantWithOwners();
    await services.db
      .update(productInfo)
      .set({ logoUrl: "/files/restaurants/x/info/logo?v=1", bgUrl: "/files/bg?v=2" })
      .where(eq(productInfo.productId, productId));
    const saved = await act(owner, {
      intent: "save-info",
      name: "Renamed Diner",
      logoUrl: "https://evil.example/logo.png",
      "colors.primary": "zzz",
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { intent: "save-info", result: { status: "success" }, colorsFellBack: ["primary"] },
    });
    expect(
      await services.db.query.productInfo.findFirst({
        where: eq(productInfo.productId, productId),
      }),
    ).toMatchObject({
      name: "Renamed Diner",
      slug: "renamed-diner",
      logoUrl: "/files/restaurants/x/info/logo?v=1",
      bgUrl: "/files/bg?v=2",
      colors: { primary: "#ffffff" },
    });
  });
});

describe("saving a site's look", () => {
  it("stores a picked theme's colours and font with its id, and refuses an unknown font", async () => {
    const { owner, stranger, productId, act } = await restaurantWithOwners();
    const stored = () =>
      services.db.query.productInfo.findFirst({ where: eq(productInfo.productId, productId) });

    const picked = await act(owner, {
      intent: "save-info",
      name: "Themed Diner",
      theme: "night-grill",
      fontStyle: "classic",
      "colors.primary": "#123456",
    });
    expect(picked).toMatchObject({ status: 200, body: { result: { status: "success" } } });
    expect(await stored()).toMatchObject({
      theme: "night-grill",
      fontStyle: "modern",
      colors: { primary: "#161616", secondary: "#f2b544", text: "#f5f0e6" },
    });

    const custom = await act(owner, {
      intent: "save-info",
      name: "Themed Diner",
      theme: "",
      fontStyle: "rounded",
      "colors.primary": "#fafafa",
    });
    expect(custom).toMatchObject({ status: 200 });
    expect(await stored()).toMatchObject({
      theme: "",
      fontStyle: "rounded",
      colors: { primary: "#fafafa" },
    });

    const before = await stored();
    const refused = await act(owner, {
      intent: "save-info",
      name: "Themed Diner",
      fontStyle: "comic-sans",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { result: { error: { fontStyle: [MESSAGES.fontStyleUnknown] } } },
    });
    // Another owner cannot restyle it either.
    expect(
      await act(stranger, { intent: "save-info", name: "Mine now", theme: "bistro" }),
    ).toMatchObject({ status: 404 });
    expect(await stored()).toEqual(before);
  });
});

describe("load failures", () => {
  it("say 'Failed to load items.' and 'Failed to load.' and still show the rest", async () => {
    const broken = await createTestServices();
    try {
      const { userId } = await registerOwner(broken);
      const created = await createProduct(broken.events, userId, {
        type: "restaurant",
        name: "Half Broken",
      });
      if (!created.ok) throw new Error(created.reason);
      const params = { type: "restaurant", pid: created.productId };
      const owner = ownerFor(userId);

      await broken.db.execute(sql`alter table items rename to items_away`);
      const noItems = await callRoute(setupRoute.loader, { services: broken, owner, params });
      expect(noItems.body).toMatchObject({
        items: null,
        itemsError: MESSAGES.failedToLoadItems,
        loadError: null,
        info: { name: "Half Broken" },
      });
      await broken.db.execute(sql`alter table items_away rename to items`);

      await broken.db.execute(sql`alter table product_info rename to info_away`);
      const noInfo = await callRoute(setupRoute.loader, { services: broken, owner, params });
      expect(noInfo.body).toMatchObject({
        info: null,
        loadError: MESSAGES.failedToLoad,
        itemsError: null,
        items: [],
      });
    } finally {
      await broken.close();
    }
  });
});
