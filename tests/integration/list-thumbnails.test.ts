/**
 * List-size thumbnails of item photos on a real database and storage: made at
 * upload, deleted with their photo, made for earlier photos by the backfill, and
 * what the editor's list loads.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as setupRoute from "../../app/routes/portal/setup";
import * as uploadRoute from "../../app/routes/portal/upload";
import { items } from "../../app/server/db/schema";
import {
  LIST_THUMBNAIL_PX,
  THUMBNAILS_BACKFILLED_KEY,
  backfillListThumbnails,
  listThumbnailUrl,
  storedItemPhoto,
  thumbnailKey,
} from "../../app/server/images/list-thumbnails.server";
import type { EditorItem } from "../../app/lib/items";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/services.server";
import { createS3Storage } from "../../app/server/storage/s3.server";
import { registerOwner } from "../support/auth-helpers";
import { photoJpeg } from "../support/image-fixtures";
import { callRoute, ownerFor } from "../support/route-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

async function ownerWithItem(type: "restaurant" | "shoppy", itemId: string) {
  const { userId } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type, name: `My ${type}` });
  if (!created.ok) throw new Error(created.reason);
  const { productId } = created;
  await services.db.insert(items).values({ id: itemId, productId, name: "Pie", slug: "pie" });
  return { owner: ownerFor(userId), productId };
}

function upload(
  productId: string,
  owner: ReturnType<typeof ownerFor>,
  fields: Record<string, string>,
  file: Uint8Array | null,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("file", new File([Buffer.from(file)], "photo.jpg", { type: "image/jpeg" }));
  return callRoute(uploadRoute.action, {
    services,
    owner,
    params: { pid: productId },
    multipart: body,
    headers: { accept: "application/json" },
  });
}

async function editorItems(
  type: "restaurant" | "shoppy",
  productId: string,
  owner: ReturnType<typeof ownerFor>,
): Promise<EditorItem[]> {
  const loaded = await callRoute(setupRoute.loader, {
    services,
    owner,
    params: { type, pid: productId },
    url: `http://localhost/user/${type}/setup/${productId}?tab=items`,
  });
  expect(loaded.status).toBe(200);
  return (loaded.body as { items: EditorItem[] }).items;
}

async function storedSize(key: string) {
  const stored = await services.storage.read(key);
  if (!stored) return null;
  const { width, height, format } = await sharp(stored.body).metadata();
  return { width, height, format, bytes: stored.body.byteLength };
}

describe("list thumbnails", () => {
  it("are made when a menu item's photo is uploaded, and removed with it", async () => {
    const itemId = "T".repeat(20);
    const { owner, productId } = await ownerWithItem("restaurant", itemId);
    const uploaded = await upload(
      productId,
      owner,
      { target: "item-image", itemId },
      await photoJpeg(1600, 1200),
    );
    expect(uploaded.status).toBe(200);
    const photoKey = `restaurants/${productId}/items/${itemId}/image`;
    const thumbnail = await storedSize(thumbnailKey(photoKey));
    // A centred square at list size, far lighter than the photo.
    expect(thumbnail).toMatchObject({
      width: LIST_THUMBNAIL_PX,
      height: LIST_THUMBNAIL_PX,
      format: "jpeg",
    });
    expect(thumbnail!.bytes).toBeLessThan((await storedSize(photoKey))!.bytes / 2);

    const removed = await upload(
      productId,
      owner,
      { target: "item-image", itemId, intent: "remove" },
      null,
    );
    expect(removed).toMatchObject({ status: 200, body: { removed: true } });
    expect(await services.storage.list(`restaurants/${productId}/items/${itemId}`)).toEqual([]);
  });

  it("are what the editor's list loads once every photo has one, each shop photo included", async () => {
    const itemId = "H".repeat(20);
    const { owner, productId } = await ownerWithItem("shoppy", itemId);
    for (const size of [800, 900]) {
      const uploaded = await upload(
        productId,
        owner,
        { target: "item-images", itemId },
        await photoJpeg(size, size),
      );
      expect(uploaded.status).toBe(200);
    }
    await backfillListThumbnails(services);

    const [item] = await editorItems("shoppy", productId, owner);
    expect(item!.images).toHaveLength(2);
    expect(item!.imageThumbnails).toEqual(
      item!.images.map((url) => url.replace(/\/([0-4])\?v=/, `/$1-${LIST_THUMBNAIL_PX}?v=`)),
    );
    expect(item!.thumbnailUrl).toBe(item!.imageThumbnails[0]);

    // Removing a photo in the items editor deletes its thumbnail too.
    const removed = await callRoute(setupRoute.action, {
      services,
      owner,
      params: { type: "shoppy", pid: productId },
      form: { intent: "remove-image", itemId, index: "0" },
    });
    expect(removed.status).toBe(200);
    expect(await services.storage.list(`shoppies/${productId}/items/${itemId}`)).toEqual([
      `shoppies/${productId}/items/${itemId}/1`,
      `shoppies/${productId}/items/${itemId}/1-${LIST_THUMBNAIL_PX}`,
    ]);
  });

  it("are made for photos stored before thumbnails existed, once, and shown only after that", async () => {
    const fresh = await createTestServices();
    try {
      const { userId } = await registerOwner(fresh);
      const created = await createProduct(fresh.events, userId, {
        type: "restaurant",
        name: "Old photos",
      });
      if (!created.ok) throw new Error(created.reason);
      const { productId } = created;
      // A photo as an earlier version stored it: the photo and its URL, no thumbnail.
      const photoKey = `restaurants/${productId}/items/${"O".repeat(20)}/image`;
      await fresh.storage.put(photoKey, await photoJpeg(640, 480), "image/jpeg");
      const photoUrl = fresh.storage.publicUrl(photoKey, "v1");
      const typedUrl = "https://example.com/restaurants/p/items/x/image?v=1";
      await fresh.db.insert(items).values([
        { id: "O".repeat(20), productId, name: "Old", slug: "old", imageUrl: photoUrl },
        { id: "Y".repeat(20), productId, name: "Typed", slug: "typed", imageUrl: typedUrl },
      ]);

      // Until the backfill has run, the list shows the photo itself, never a missing thumbnail.
      expect(listThumbnailUrl(fresh.storage, photoUrl)).toBe(photoUrl);

      expect(await backfillListThumbnails(fresh)).toEqual({
        made: 1,
        unreadable: 0,
        complete: true,
        skipped: false,
      });
      const made = await fresh.storage.read(thumbnailKey(photoKey));
      expect((await sharp(made!.body).metadata()).width).toBe(LIST_THUMBNAIL_PX);
      expect(await fresh.storage.read(THUMBNAILS_BACKFILLED_KEY)).not.toBeNull();

      expect(listThumbnailUrl(fresh.storage, photoUrl)).toBe(
        fresh.storage.publicUrl(thumbnailKey(photoKey), "v1"),
      );
      // An address the owner typed has no thumbnail of ours: it is shown as it is.
      expect(listThumbnailUrl(fresh.storage, typedUrl)).toBe(typedUrl);

      // The marker ends later scans at once.
      expect(await backfillListThumbnails(fresh)).toMatchObject({ made: 0, skipped: true });
    } finally {
      await fresh.close();
    }
  });
});

describe("storedItemPhoto", () => {
  const s3 = createS3Storage({
    bucket: "photos",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:1",
    accessKeyId: "key",
    secretAccessKey: "secret",
    forcePathStyle: true,
  });

  it("finds the key and version of a photo in either driver's URLs", () => {
    const key = "shoppies/P1/items/I1/3";
    expect(storedItemPhoto(services.storage, services.storage.publicUrl(key, "a-b"))).toEqual({
      key,
      version: "a-b",
    });
    expect(storedItemPhoto(s3, s3.publicUrl(key, "x_y"))).toEqual({ key, version: "x_y" });
  });

  it("refuses anything that is not an item photo of this storage", () => {
    const logo = services.storage.publicUrl("restaurants/P1/info/logo", "v");
    expect(storedItemPhoto(services.storage, logo)).toBeNull();
    expect(
      storedItemPhoto(s3, services.storage.publicUrl("shoppies/P1/items/I1/0", "v")),
    ).toBeNull();
    expect(storedItemPhoto(services.storage, "/files/shoppies/P1/items/I1/0")).toBeNull();
    expect(
      storedItemPhoto(services.storage, "https://example.com/files/shoppies/P/items/I/0?v=1"),
    ).toBeNull();
  });
});
