/**
 * Smaller copies of stored pictures on a real database and storage: list thumbnails
 * of item photos, the logo at twice its shown size and the hero's phone copy. Made at
 * upload, deleted with their picture, made for earlier pictures by the backfill, and
 * what the editor's list and the public pages load.
 */
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as setupRoute from "../../app/routes/portal/setup";
import { eq } from "drizzle-orm";
import { items, productInfo } from "../../app/server/db/schema";
import {
  LIST_THUMBNAIL,
  LIST_THUMBNAIL_PX,
  LOGO_RENDITION,
  LOGO_RENDITION_PX,
  PHONE_HERO,
  PHONE_HERO_HEIGHT_PX,
  PHONE_HERO_TARGET_BYTES,
  PHONE_HERO_WIDTH_PX,
  RENDITIONS_BACKFILLED_KEY,
  backfillRenditions,
  listThumbnailUrl,
  renditionKey,
  storedPicture,
} from "../../app/server/images/renditions.server";
import { publicRestaurantLoader } from "../../app/sites/restaurant/public-loader.server";
import { servicesContext } from "../../app/context";
import { publicPath } from "../../app/lib/slug";
import type { EditorItem } from "../../app/lib/items";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { createS3Storage } from "../../app/server/storage/s3.server";
import { ownerWithSite } from "../support/auth-helpers";
import { photoJpeg } from "../support/image-fixtures";
import { callRoute, ownerFor } from "../support/route-call";
import { uploadAs } from "../support/upload-call";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(async () => {
  await services?.close();
});

async function ownerWithItem(type: "restaurant" | "shoppy", itemId: string) {
  const site = await ownerWithSite(services, type);
  await services.db
    .insert(items)
    .values({ id: itemId, productId: site.productId, name: "Pie", slug: "pie" });
  return site;
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
    const uploaded = await uploadAs(
      services,
      productId,
      owner,
      { target: "item-image", itemId },
      await photoJpeg(1600, 1200),
    );
    expect(uploaded.status).toBe(200);
    const photoKey = `restaurants/${productId}/items/${itemId}/image`;
    const thumbnail = await storedSize(renditionKey(photoKey, LIST_THUMBNAIL));
    // A centred square at list size, far lighter than the photo.
    expect(thumbnail).toMatchObject({
      width: LIST_THUMBNAIL_PX,
      height: LIST_THUMBNAIL_PX,
      format: "jpeg",
    });
    expect(thumbnail!.bytes).toBeLessThan((await storedSize(photoKey))!.bytes / 2);

    const removed = await uploadAs(
      services,
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
      const uploaded = await uploadAs(
        services,
        productId,
        owner,
        { target: "item-images", itemId },
        await photoJpeg(size, size),
      );
      expect(uploaded.status).toBe(200);
    }
    await backfillRenditions(services);

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
      const { productId } = await ownerWithSite(fresh, "restaurant", "Old photos");
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

      expect(await backfillRenditions(fresh)).toEqual({
        made: 1,
        unreadable: 0,
        complete: true,
        skipped: false,
      });
      const made = await fresh.storage.read(renditionKey(photoKey, LIST_THUMBNAIL));
      expect((await sharp(made!.body).metadata()).width).toBe(LIST_THUMBNAIL_PX);
      expect(await fresh.storage.read(RENDITIONS_BACKFILLED_KEY)).not.toBeNull();

      expect(listThumbnailUrl(fresh.storage, photoUrl)).toBe(
        fresh.storage.publicUrl(renditionKey(photoKey, LIST_THUMBNAIL), "v1"),
      );
      // An address the owner typed has no thumbnail of ours: it is shown as it is.
      expect(listThumbnailUrl(fresh.storage, typedUrl)).toBe(typedUrl);

      // The marker ends later scans at once.
      expect(await backfillRenditions(fresh)).toMatchObject({ made: 0, skipped: true });
    } finally {
      await fresh.close();
    }
  });
});

/** A photo-like picture: soft gradients, as a real hero compresses (noise would not). */
function gradientJpeg(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#d9a066"/><stop offset="1" stop-color="#2f4f6f"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#f4e1c1" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** What the public restaurant page is given for its logo and hero. */
async function publicPictures(fresh: RunningServices, productId: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, fresh);
  const path = publicPath("restaurant", "pictures", productId);
  const loaded = await publicRestaurantLoader()({
    params: { slugId: path.slice("/r/".length) },
    context,
    request: new Request(new URL(path, fresh.env.publicUrl)),
    unstable_pattern: "/r/:slugId",
  } as unknown as LoaderFunctionArgs);
  const { logoUrl, bgUrl, logoSmallUrl, bgPhoneUrl } = loaded.site;
  return { logoUrl, bgUrl, logoSmallUrl, bgPhoneUrl };
}

describe("a site's logo and hero", () => {
  it("get a logo at twice its shown size and a light phone hero when uploaded, removed with them", async () => {
    const { owner, productId } = await ownerWithSite(services, "restaurant", "Pictures");
    for (const target of ["logo", "background"]) {
      const uploaded = await uploadAs(
        services,
        productId,
        owner,
        { target },
        await photoJpeg(1600, 900),
      );
      expect(uploaded.status).toBe(200);
    }
    const logoKey = `restaurants/${productId}/info/logo`;
    const backgroundKey = `restaurants/${productId}/info/background`;
    expect(await storedSize(renditionKey(logoKey, LOGO_RENDITION))).toMatchObject({
      width: LOGO_RENDITION_PX,
      height: LOGO_RENDITION_PX,
      format: "jpeg",
    });
    const phone = await storedSize(renditionKey(backgroundKey, PHONE_HERO));
    expect(phone).toMatchObject({
      width: PHONE_HERO_WIDTH_PX,
      height: PHONE_HERO_HEIGHT_PX,
      format: "jpeg",
    });
    // Even a picture of pure noise, the hardest to compress, comes out lighter.
    expect(phone!.bytes).toBeLessThan((await storedSize(backgroundKey))!.bytes);

    const removed = await uploadAs(
      services,
      productId,
      owner,
      { target: "background", intent: "remove" },
      null,
    );
    expect(removed).toMatchObject({ status: 200, body: { removed: true } });
    expect(await services.storage.list(`restaurants/${productId}/info`)).toEqual([
      logoKey,
      renditionKey(logoKey, LOGO_RENDITION),
    ]);
  });

  it("the phone hero of a photo-like picture fits its 10 KB", async () => {
    const bytes = await PHONE_HERO.make(new Uint8Array(await gradientJpeg(800, 450)));
    expect(bytes.byteLength).toBeLessThanOrEqual(PHONE_HERO_TARGET_BYTES);
    expect(await sharp(bytes).metadata()).toMatchObject({
      width: PHONE_HERO_WIDTH_PX,
      height: PHONE_HERO_HEIGHT_PX,
    });
  });

  it("are made for pictures stored before they existed, and offered by the public page only after", async () => {
    const fresh = await createTestServices();
    try {
      const { productId } = await ownerWithSite(fresh, "restaurant", "Pictures");
      // A logo and a hero as an earlier version stored them: the pictures and their URLs.
      const logoKey = `restaurants/${productId}/info/logo`;
      const backgroundKey = `restaurants/${productId}/info/background`;
      await fresh.storage.put(logoKey, await gradientJpeg(512, 512), "image/jpeg");
      await fresh.storage.put(backgroundKey, await gradientJpeg(800, 450), "image/jpeg");
      const logoUrl = fresh.storage.publicUrl(logoKey, "v1");
      const bgUrl = fresh.storage.publicUrl(backgroundKey, "v2");
      await fresh.db
        .update(productInfo)
        .set({ logoUrl, bgUrl })
        .where(eq(productInfo.productId, productId));

      // Until the backfill has run, the page shows the pictures themselves, never a missing copy.
      expect(await publicPictures(fresh, productId)).toEqual({
        logoUrl,
        bgUrl,
        logoSmallUrl: null,
        bgPhoneUrl: null,
      });

      expect(await backfillRenditions(fresh)).toEqual({
        made: 2,
        unreadable: 0,
        complete: true,
        skipped: false,
      });
      expect(await publicPictures(fresh, productId)).toEqual({
        logoUrl,
        bgUrl,
        logoSmallUrl: fresh.storage.publicUrl(renditionKey(logoKey, LOGO_RENDITION), "v1"),
        bgPhoneUrl: fresh.storage.publicUrl(renditionKey(backgroundKey, PHONE_HERO), "v2"),
      });
      const phone = await fresh.storage.read(renditionKey(backgroundKey, PHONE_HERO));
      expect((await sharp(phone!.body).metadata()).width).toBe(PHONE_HERO_WIDTH_PX);
    } finally {
      await fresh.close();
    }
  });
});

describe("storedPicture", () => {
  const s3 = createS3Storage({
    bucket: "photos",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:1",
    accessKeyId: "key",
    secretAccessKey: "secret",
    forcePathStyle: true,
  });

  it("finds the key, version and kind of a picture in either driver's URLs", () => {
    const key = "shoppies/P1/items/I1/3";
    expect(storedPicture(services.storage, services.storage.publicUrl(key, "a-b"))).toEqual({
      key,
      version: "a-b",
      kind: "item-photo",
    });
    expect(storedPicture(s3, s3.publicUrl(key, "x_y"))).toEqual({
      key,
      version: "x_y",
      kind: "item-photo",
    });
    const logo = "restaurants/P1/info/logo";
    expect(storedPicture(s3, s3.publicUrl(logo, "v"))).toMatchObject({ key: logo, kind: "logo" });
    const background = "restaurants/P1/info/background";
    expect(storedPicture(services.storage, services.storage.publicUrl(background, "v"))).toEqual({
      key: background,
      version: "v",
      kind: "background",
    });
  });

  it("refuses anything that is not a picture of this storage", () => {
    expect(storedPicture(s3, services.storage.publicUrl("shoppies/P1/items/I1/0", "v"))).toBeNull();
    expect(storedPicture(services.storage, "/files/shoppies/P1/items/I1/0")).toBeNull();
    expect(
      storedPicture(services.storage, "https://example.com/files/shoppies/P/items/I/0?v=1"),
    ).toBeNull();
    // A rendition is not a picture of its own, and neither is another file of the site.
    for (const key of ["restaurants/P1/info/logo-240", "restaurants/P1/info/menu", "system/x"]) {
      expect(storedPicture(services.storage, services.storage.publicUrl(key, "v"))).toBeNull();
    }
  });
});
