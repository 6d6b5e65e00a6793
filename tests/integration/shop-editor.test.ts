/**
 * The shop editor's own rules on a real database: shop and item tag limits,
 * payment handles, sold out, and the photo list (at most 5, reorder, remove),
 * each refused with a clear message and no change, and refused to anyone but
 * the owner.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import { PAYPAL_USERNAME_INVALID } from "../../app/sites/shoppy/payments";
import * as setupRoute from "../../app/routes/portal/setup";
import * as shopPage from "../../app/sites/shoppy/public-page";
import { productInfo } from "../../app/server/db/schema";
import { listItems } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { smallPng } from "../support/image-fixtures";
import { callRoute, ownerFor } from "../support/route-call";
import { uploadAs } from "../support/upload-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

/** Repeated fields (tags) need a FormData body. */
function formOf(entries: Array<[string, string]>) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

async function shopWithOwners() {
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  const created = await createProduct(services.events, first.userId, {
    type: "shoppy",
    name: "Corner Shop",
  });
  if (!created.ok) throw new Error(created.reason);
  const owner = ownerFor(first.userId);
  const stranger = ownerFor(second.userId);
  const params = { type: "shoppy", pid: created.productId };
  const act = (who: typeof owner, entries: Array<[string, string]>) =>
    callRoute(setupRoute.action, { services, owner: who, params, multipart: formOf(entries) });
  const info = () =>
    services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, created.productId),
    });
  return { owner, stranger, productId: created.productId, params, act, info };
}

async function uploadPhoto(
  owner: ReturnType<typeof ownerFor>,
  productId: string,
  itemId: string,
  color: number,
) {
  const png = await smallPng(40 + color, 30);
  return uploadAs(services, productId, owner, { target: "item-images", itemId }, png, {
    fileName: "p.png",
    declaredType: "image/png",
  });
}

describe("shop info", () => {
  it("saves tags and payment handles with 'Saved!' data, and refuses a 51st tag", async () => {
    const { owner, act, info } = await shopWithOwners();
    const fifty = Array.from({ length: 50 }, (_, i): [string, string] => ["tags", `Tag ${i}`]);
    const saved = await act(owner, [
      ["intent", "save-info"],
      ["name", "Corner Shop"],
      ...fifty,
      ["tags", "tag 0"],
      ["paypalUsername", "paypal.me/CornerShop"],
      ["venmoUsername", "@corner-shop"],
    ]);
    expect(saved).toMatchObject({
      status: 200,
      body: { intent: "save-info", result: { status: "success" }, colorsFellBack: [] },
    });
    expect(await info()).toMatchObject({
      paypalUsername: "CornerShop",
      venmoUsername: "corner-shop",
    });
    expect((await info())!.tags).toHaveLength(50);

    const before = await info();
    const refused = await act(owner, [
      ["intent", "save-info"],
      ["name", "Renamed"],
      ...fifty,
      ["tags", "one more"],
      ["paypalUsername", "bad name!"],
    ]);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        intent: "save-info",
        result: {
          status: "error",
          error: {
            "": [MESSAGES.failedToSave],
            tags: [MESSAGES.tooManyShopTags],
            paypalUsername: [PAYPAL_USERNAME_INVALID],
          },
        },
      },
    });
    expect(await info()).toEqual(before);
  });
});

describe("shop items", () => {
  it("take up to 10 tags, refuse an 11th, and toggle sold out", async () => {
    const { owner, productId, act } = await shopWithOwners();
    const ten = Array.from({ length: 10 }, (_, i): [string, string] => ["tags", `t${i}`]);
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Mug"],
      ["price", "14"],
      ...ten,
      ["tags", "T1"],
    ]);
    expect(added.status).toBe(200);
    const itemId = (added.body as { itemId: string }).itemId;
    expect((await listItems(services.db, productId))[0]!.tags).toEqual(ten.map(([, tag]) => tag));

    const tooMany = await act(owner, [
      ["intent", "update-item"],
      ["itemId", itemId],
      ["name", "Mug"],
      ["price", "14"],
      ...ten,
      ["tags", "eleventh"],
    ]);
    expect(tooMany).toMatchObject({
      status: 400,
      body: {
        intent: "update-item",
        itemId,
        result: {
          status: "error",
          error: { "": [MESSAGES.failedToUpdateItem], tags: [MESSAGES.tooManyItemTags] },
        },
      },
    });
    const refusedAdd = await act(owner, [
      ["intent", "add-item"],
      ["name", "Other"],
      ["price", "1"],
      ...ten,
      ["tags", "eleventh"],
    ]);
    expect(refusedAdd.status).toBe(400);
    expect(await listItems(services.db, productId)).toHaveLength(1);

    await act(owner, [
      ["intent", "toggle-sold-out"],
      ["itemId", itemId],
      ["value", "true"],
    ]);
    expect((await listItems(services.db, productId))[0]).toMatchObject({
      soldOut: true,
      tags: ten.map(([, tag]) => tag),
    });
  });

  it("have no category: one posted anyway is not stored", async () => {
    const { owner, productId, act } = await shopWithOwners();
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Mug"],
      ["price", "5"],
      ["category", "Kitchen"],
    ]);
    expect(added.status).toBe(200);
    const [mug] = await listItems(services.db, productId);
    expect(mug!.category).toBe("");
    const edited = await act(owner, [
      ["intent", "update-item"],
      ["itemId", mug!.id],
      ["name", "Big Mug"],
      ["price", "6"],
      ["category", "Kitchen"],
    ]);
    expect(edited.status).toBe(200);
    expect((await listItems(services.db, productId))[0]).toMatchObject({
      name: "Big Mug",
      category: "",
    });
  });

  it("show a starred item to shoppers as Featured, listed first", async () => {
    const { owner, productId, act } = await shopWithOwners();
    for (const name of ["Apron", "Bowl", "Cup"]) {
      expect(
        (
          await act(owner, [
            ["intent", "add-item"],
            ["name", name],
            ["price", "5"],
          ])
        ).status,
      ).toBe(200);
    }
    const cup = (await listItems(services.db, productId)).find((item) => item.name === "Cup")!;
    const starred = await act(owner, [
      ["intent", "toggle-star"],
      ["itemId", cup.id],
      ["value", "true"],
    ]);
    expect(starred.status).toBe(200);

    const page = await callRoute(shopPage.loader, {
      services,
      owner,
      params: { slugId: `corner-shop-${productId}` },
      url: `http://localhost/s/corner-shop-${productId}`,
    });
    expect(page.kind).toBe("value");
    const shown = (page.body as { items: Array<{ name: string; featured: boolean }> }).items;
    expect(shown.map((item) => [item.name, item.featured])).toEqual([
      ["Cup", true],
      ["Apron", false],
      ["Bowl", false],
    ]);
  });

  it("keep at most 5 photos, reorder and remove them, and delete removed files", async () => {
    const { owner, productId, act } = await shopWithOwners();
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Scarf"],
      ["price", "39"],
    ]);
    const itemId = (added.body as { itemId: string }).itemId;
    for (let i = 0; i < 5; i++) {
      expect((await uploadPhoto(owner, productId, itemId, i)).status).toBe(200);
    }
    const sixth = await uploadPhoto(owner, productId, itemId, 5);
    expect(sixth).toMatchObject({ status: 409, body: { error: "An item has at most 5 images." } });
    const images = (await listItems(services.db, productId))[0]!.images;
    expect(images).toHaveLength(5);

    await act(owner, [
      ["intent", "move-image"],
      ["itemId", itemId],
      ["index", "0"],
      ["move", "later"],
    ]);
    expect((await listItems(services.db, productId))[0]!.images).toEqual([
      images[1],
      images[0],
      ...images.slice(2),
    ]);
    const cannotMove = await act(owner, [
      ["intent", "move-image"],
      ["itemId", itemId],
      ["index", "4"],
      ["move", "later"],
    ]);
    expect(cannotMove.status).toBe(404);

    const removedKey = `shoppies/${productId}/items/${itemId}/2`;
    expect(await services.storage.read(removedKey)).not.toBeNull();
    await act(owner, [
      ["intent", "remove-image"],
      ["itemId", itemId],
      ["index", "2"],
    ]);
    const after = (await listItems(services.db, productId))[0]!.images;
    expect(after).toEqual([images[1], images[0], images[3], images[4]]);
    expect(await services.storage.read(removedKey)).toBeNull();
    // The freed slot takes the next upload.
    expect((await uploadPhoto(owner, productId, itemId, 9)).status).toBe(200);
    expect((await listItems(services.db, productId))[0]!.images[4]).toMatch(
      new RegExp(`/items/${itemId}/2\\?v=`),
    );
  });

  it("refuse every shop action to a second owner", async () => {
    const { owner, stranger, productId, act, info } = await shopWithOwners();
    const added = await act(owner, [
      ["intent", "add-item"],
      ["name", "Tote"],
      ["price", "18"],
      ["tags", "Bags"],
    ]);
    const itemId = (added.body as { itemId: string }).itemId;
    await uploadPhoto(owner, productId, itemId, 1);
    const before = await listItems(services.db, productId);
    const infoBefore = await info();

    const writes: Array<Array<[string, string]>> = [
      [
        ["intent", "toggle-sold-out"],
        ["itemId", itemId],
        ["value", "true"],
      ],
      [
        ["intent", "move-image"],
        ["itemId", itemId],
        ["index", "0"],
        ["move", "later"],
      ],
      [
        ["intent", "remove-image"],
        ["itemId", itemId],
        ["index", "0"],
      ],
      [
        ["intent", "update-item"],
        ["itemId", itemId],
        ["name", "X"],
        ["price", "1"],
        ["tags", "Y"],
      ],
      [
        ["intent", "save-info"],
        ["name", "Taken"],
        ["tags", "Stolen"],
      ],
    ];
    for (const entries of writes) {
      const outcome = await act(stranger, entries);
      expect(outcome, entries[0]![1]).toMatchObject({
        status: 404,
        body: { message: MESSAGES.invalidProduct },
      });
    }
    const stolenUpload = await uploadPhoto(stranger, productId, itemId, 3);
    expect(stolenUpload.status).toBe(404);
    expect(await listItems(services.db, productId)).toEqual(before);
    expect(await info()).toEqual(infoBefore);
  });
});
