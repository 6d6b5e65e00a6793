/**
 * The upload route on a real database and storage: what is stored for a good
 * image, and that a hostile upload stores nothing and never answers 5xx.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import { publicPath } from "../../app/lib/slug";
import * as uploadRoute from "../../app/routes/portal/upload";
import { items, productInfo } from "../../app/server/db/schema";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { ownerWithSite } from "../support/auth-helpers";
import {
  hugePngHeader,
  htmlPage,
  jpegWithZip,
  photoJpeg,
  smallGif,
  smallPng,
  svgWithScript,
  truncatedJpeg,
} from "../support/image-fixtures";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";
import { uploadAs } from "../support/upload-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe("image uploads", () => {
  it("stores a logo as a re-encoded JPEG and points the info at a versioned URL", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    const first = await uploadAs(
      services,
      productId,
      owner,
      { target: "logo" },
      await photoJpeg(1200, 900),
    );
    expect(first.status).toBe(200);
    const firstUrl = (first.body as { url: string }).url;
    expect(firstUrl).toMatch(new RegExp(`restaurants/${productId}/info/logo\\?v=[\\w-]+$`));
    const info = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    });
    expect(info!.logoUrl).toBe(firstUrl);

    // Replacing it: a new URL, and only the new bytes remain under the key.
    const second = await uploadAs(services, productId, owner, { target: "logo" }, await smallPng());
    const secondUrl = (second.body as { url: string }).url;
    expect(secondUrl).not.toBe(firstUrl);
    // The new logo and its copy at twice its shown size: nothing of the first remains.
    expect(await services.storage.list(`restaurants/${productId}/info`)).toEqual([
      `restaurants/${productId}/info/logo`,
      `restaurants/${productId}/info/logo-240`,
    ]);
    const stored = await services.storage.read(`restaurants/${productId}/info/logo`);
    expect(stored!.contentType).toBe("image/jpeg");
  });

  it("records size and type of a restaurant item image, within 12 KB or the fallback", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    await services.db
      .insert(items)
      .values({ id: "R".repeat(20), productId, name: "Soup", slug: "soup" });
    const outcome = await uploadAs(
      services,
      productId,
      owner,
      { target: "item-image", itemId: "R".repeat(20) },
      await photoJpeg(),
    );
    expect(outcome.status).toBe(200);
    const item = await services.db.query.items.findFirst({ where: eq(items.id, "R".repeat(20)) });
    expect(item!.imageMime).toBe("image/jpeg");
    expect(item!.imageUrl).toBe((outcome.body as { url: string }).url);
    const { width, height, size } = outcome.body as { width: number; height: number; size: number };
    expect(item!.imageBytes).toBe(size);
    expect(size <= 12288 || Math.max(width, height) === 360).toBe(true);
  });

  it("keeps at most 5 images on a shoppy item, even when uploads race", async () => {
    const { owner, productId } = await ownerWithSite(services, "shoppy");
    await services.db
      .insert(items)
      .values({ id: "S".repeat(20), productId, name: "Mug", slug: "mug" });
    const png = await smallPng();
    const outcomes = await Promise.all(
      Array.from({ length: 7 }, () =>
        uploadAs(
          services,
          productId,
          owner,
          { target: "item-images", itemId: "S".repeat(20) },
          png,
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === 409)).toHaveLength(2);
    const item = await services.db.query.items.findFirst({ where: eq(items.id, "S".repeat(20)) });
    expect(item!.images).toHaveLength(5);
    expect(
      (await services.storage.list(`shoppies/${productId}/items/${"S".repeat(20)}`)).sort(),
    ).toEqual(
      // Each photo with its list thumbnail; the refused uploads stored nothing.
      [0, 1, 2, 3, 4].flatMap((i) => {
        const key = `shoppies/${productId}/items/${"S".repeat(20)}/${i}`;
        return [key, `${key}-144`];
      }),
    );
  });

  it.each([
    ["an SVG with a script", async () => svgWithScript, "logo.svg", "image/svg+xml", 415],
    ["HTML named .jpg", async () => htmlPage, "photo.jpg", "image/jpeg", 415],
    ["a 30000×30000 PNG", async () => hugePngHeader(), "huge.png", "image/png", 413],
    ["a zero-byte file", async () => new Uint8Array(), "empty.jpg", "image/jpeg", 400],
    ["a truncated JPEG", truncatedJpeg, "cut.jpg", "image/jpeg", 422],
    [
      "a 20 MB file",
      async () => new Uint8Array(20 * 1024 * 1024).fill(0xff),
      "big.jpg",
      "image/jpeg",
      413,
    ],
    ["a GIF", smallGif, "anim.gif", "image/gif", 415],
  ])("refuses %s, storing nothing", async (_label, make, name, type, status) => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    const outcome = await uploadAs(services, productId, owner, { target: "logo" }, await make(), {
      fileName: name,
      declaredType: type,
    });
    expect(outcome.status).toBe(status);
    expect((outcome.body as { error: string }).error).toMatch(/\S/);
    expect(await services.storage.list(`restaurants/${productId}`)).toEqual([]);
    const info = await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    });
    expect(info!.logoUrl).toBe("");
  });

  it("stores a JPEG with a ZIP appended only as a clean re-encode", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    const outcome = await uploadAs(
      services,
      productId,
      owner,
      { target: "background" },
      await jpegWithZip(),
    );
    expect(outcome.status).toBe(200);
    const stored = await services.storage.read(`restaurants/${productId}/info/background`);
    expect(Buffer.from(stored!.body).includes(Buffer.from("PK\x03\x04", "latin1"))).toBe(false);
  });

  it("refuses an upload to another owner's product with the same 404 as an unknown one", async () => {
    const { productId } = await ownerWithSite(services, "restaurant");
    const stranger = await ownerWithSite(services, "restaurant");
    const outcome = await uploadAs(
      services,
      productId,
      stranger.owner,
      { target: "logo" },
      await smallPng(),
    );
    expect(outcome).toMatchObject({ status: 404, body: { message: MESSAGES.invalidProduct } });
    expect(await services.storage.list(`restaurants/${productId}`)).toEqual([]);
  });

  it("refuses a target the product type does not have, or an item of another product", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    const other = await ownerWithSite(services, "restaurant");
    await services.db
      .insert(items)
      .values({ id: "X".repeat(20), productId: other.productId, name: "Theirs", slug: "theirs" });
    const png = await smallPng();
    expect(
      (
        await uploadAs(
          services,
          productId,
          owner,
          { target: "item-images", itemId: "X".repeat(20) },
          png,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await uploadAs(
          services,
          productId,
          owner,
          { target: "item-image", itemId: "X".repeat(20) },
          png,
        )
      ).status,
    ).toBe(404);
    expect((await uploadAs(services, productId, owner, { target: "nonsense" }, png)).status).toBe(
      400,
    );
    expect(
      (await uploadAs(services, productId, owner, { target: "logo" }, null)).body,
    ).toMatchObject({
      error: MESSAGES.chooseImage,
    });
    expect(await services.storage.list(`restaurants/${productId}`)).toEqual([]);
  });
});

describe("removing an image", () => {
  const remove = (
    productId: string,
    owner: ReturnType<typeof ownerFor>,
    fields: Record<string, string>,
  ) => uploadAs(services, productId, owner, { intent: "remove", ...fields }, null);
  const infoOf = async (productId: string) =>
    (await services.db.query.productInfo.findFirst({
      where: eq(productInfo.productId, productId),
    }))!;
  const publicHtml = async (productId: string) =>
    (await fetch(`${app.url}${publicPath("restaurant", "my-restaurant", productId)}`)).text();

  it("empties the logo, deletes its file, and the cached public page drops it at once", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    await uploadAs(services, productId, owner, { target: "background" }, await smallPng());
    const logo = await uploadAs(services, productId, owner, { target: "logo" }, await smallPng());
    const logoUrl = (logo.body as { url: string }).url;
    // Twice, so the second answer comes from the page cache.
    await publicHtml(productId);
    expect(await publicHtml(productId)).toContain(logoUrl.replaceAll("&", "&amp;"));

    const outcome = await remove(productId, owner, { target: "logo" });
    expect(outcome).toMatchObject({ status: 200, body: { removed: true } });
    expect((await infoOf(productId)).logoUrl).toBe("");
    // The background stays.
    expect((await infoOf(productId)).bgUrl).not.toBe("");
    expect(await services.storage.list(`restaurants/${productId}/info`)).toEqual([
      `restaurants/${productId}/info/background`,
      `restaurants/${productId}/info/background-phone`,
    ]);
    expect(await publicHtml(productId)).not.toContain(`${productId}/info/logo`);

    // Nothing left to remove is not an error.
    expect(await remove(productId, owner, { target: "logo" })).toMatchObject({
      status: 200,
      body: { removed: false },
    });
  });

  it("empties a menu item's image and deletes its file", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    const itemId = "M".repeat(20);
    await services.db.insert(items).values({ id: itemId, productId, name: "Pie", slug: "pie" });
    await uploadAs(services, productId, owner, { target: "item-image", itemId }, await smallPng());
    expect(await services.storage.list(`restaurants/${productId}/items/${itemId}`)).toEqual([
      `restaurants/${productId}/items/${itemId}/image`,
      `restaurants/${productId}/items/${itemId}/image-144`,
    ]);

    const outcome = await remove(productId, owner, { target: "item-image", itemId });
    expect(outcome).toMatchObject({ status: 200, body: { removed: true } });
    const item = await services.db.query.items.findFirst({ where: eq(items.id, itemId) });
    expect(item).toMatchObject({ imageUrl: "", imageBytes: 0, imageMime: "" });
    expect(await services.storage.list(`restaurants/${productId}/items/${itemId}`)).toEqual([]);
  });

  it("sends a browser without JavaScript back to the Info tab", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    await uploadAs(services, productId, owner, { target: "logo" }, await smallPng());
    const form = new FormData();
    form.set("intent", "remove");
    form.set("target", "logo");
    const outcome = await callRoute(uploadRoute.action, {
      services,
      owner,
      params: { pid: productId },
      multipart: form,
    });
    expect(outcome).toMatchObject({
      status: 303,
      location: `/user/restaurant/setup/${productId}?tab=info`,
    });
    expect((await infoOf(productId)).logoUrl).toBe("");
  });

  it("refuses a shop item's photos, an unknown item and a target the type lacks", async () => {
    const shop = await ownerWithSite(services, "shoppy");
    const shopItem = "P".repeat(20);
    await services.db
      .insert(items)
      .values({ id: shopItem, productId: shop.productId, name: "Mug", slug: "mug" });
    expect(
      (await remove(shop.productId, shop.owner, { target: "item-images", itemId: shopItem }))
        .status,
    ).toBe(400);
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    expect(
      (await remove(productId, owner, { target: "item-image", itemId: "U".repeat(20) })).status,
    ).toBe(404);
    expect((await remove(productId, owner, { target: "nonsense" })).status).toBe(400);
  });

  it("is refused to a second owner and to an anonymous visitor, and removes nothing", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant");
    await uploadAs(services, productId, owner, { target: "logo" }, await smallPng());
    const stranger = await ownerWithSite(services, "restaurant");

    expect(await remove(productId, stranger.owner, { target: "logo" })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.invalidProduct },
    });
    const anonymous = await fetch(`${app.url}/user/upload/${productId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ intent: "remove", target: "logo" }),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);

    expect((await infoOf(productId)).logoUrl).not.toBe("");
    expect(await services.storage.list(`restaurants/${productId}/info`)).toEqual([
      `restaurants/${productId}/info/logo`,
      `restaurants/${productId}/info/logo-240`,
    ]);
  });
});
