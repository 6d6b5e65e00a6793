/**
 * Where an uploaded image goes: its storage key (SPEC section 7) and the
 * database field that points at it, written together under a row lock so
 * concurrent uploads cannot overshoot the 5 images of a shoppy item.
 */
import { and, eq, ne } from "drizzle-orm";
import {
  DEFAULT_IMAGE_TARGET_BYTES,
  ITEM_IMAGE_TARGET_BYTES,
  MAX_IMAGES_PER_ITEM,
} from "~/lib/limits";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { ITEM_ID_PATTERN } from "~/lib/items";
import { siteOf, type ProductType } from "~/sites";
import { items, productInfo } from "../db/schema";
import type { Events } from "../events/events.server";
import type { FileStorage } from "../storage/storage.server";
import {
  makeRenditions,
  pictureKindOfKey,
  renditionKey,
  renditionsOf,
  type PictureKind,
} from "./renditions.server";
import type { ProcessedImage } from "./process-image.server";
import { logger } from "../http/log.server";

export type ImageTarget =
  | { kind: "logo" }
  | { kind: "background" }
  | { kind: "item-image"; itemId: string }
  | { kind: "item-images"; itemId: string };

export class ImageTargetError extends Error {
  override name = "ImageTargetError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Reads the target from form fields, for the product's type: every type with uploads has
 * a logo and a background, and its items take the kind of photo its definition names.
 */
export function parseImageTarget(
  type: ProductType,
  fields: { target: unknown; itemId: unknown },
): ImageTarget {
  const site = siteOf(type);
  const itemId = typeof fields.itemId === "string" ? fields.itemId : "";
  if (fields.target === "logo" || fields.target === "background") {
    return { kind: fields.target };
  }
  const itemTarget = site.items?.imageTarget;
  if (itemTarget && fields.target === itemTarget) {
    if (!ITEM_ID_PATTERN.test(itemId))
      throw new ImageTargetError(siteFieldWords.imageUnknownItem, 404);
    return { kind: itemTarget, itemId };
  }
  throw new ImageTargetError(siteFieldWords.imageTargetRefused, 400);
}

/** Item images aim at 12 KB; logo and background at the 24 KB default (SPEC section 5). */
export function targetBytesFor(target: ImageTarget): number {
  return target.kind === "item-image" || target.kind === "item-images"
    ? ITEM_IMAGE_TARGET_BYTES
    : DEFAULT_IMAGE_TARGET_BYTES;
}

function pictureKindOf(target: ImageTarget): PictureKind {
  return target.kind === "logo" || target.kind === "background" ? target.kind : "item-photo";
}

export async function storeImage(
  deps: { events: Events; storage: FileStorage },
  product: { id: string; type: ProductType },
  target: ImageTarget,
  image: ProcessedImage,
): Promise<{ url: string }> {
  const base = `${siteOf(product.type).storageCollection}/${product.id}`;
  // The picture's smaller copies are made before the row is locked, and stored before its URL.
  const renditions = await makeRenditions(pictureKindOf(target), image.body);
  const put = async (key: string) => {
    for (const { rendition, bytes } of renditions) {
      await deps.storage.put(renditionKey(key, rendition), bytes, "image/jpeg");
    }
    await deps.storage.put(key, image.body, image.mime);
    return deps.storage.publicUrl(key, image.hash);
  };

  return deps.events.transaction(async (tx, changes) => {
    if (target.kind === "logo" || target.kind === "background") {
      const url = await put(`${base}/info/${target.kind}`);
      await tx
        .update(productInfo)
        .set(target.kind === "logo" ? { logoUrl: url } : { bgUrl: url })
        .where(eq(productInfo.productId, product.id));
      changes.product(product.id);
      return { url };
    }

    const [item] = await tx
      .select({ images: items.images })
      .from(items)
      .where(and(eq(items.id, target.itemId), eq(items.productId, product.id)))
      .for("update");
    if (!item) throw new ImageTargetError(siteFieldWords.imageUnknownItem, 404);

    if (target.kind === "item-image") {
      const url = await put(`${base}/items/${target.itemId}/image`);
      await tx
        .update(items)
        .set({ imageUrl: url, imageBytes: image.size, imageMime: image.mime })
        .where(eq(items.id, target.itemId));
      changes.product(product.id);
      return { url };
    }

    if (item.images.length >= MAX_IMAGES_PER_ITEM) {
      throw new ImageTargetError(
        fill(siteFieldWords.itemImagesFull, { max: MAX_IMAGES_PER_ITEM }),
        409,
      );
    }
    // The first index (0-4) that no current image uses.
    const used = new Set(item.images.map((url) => indexInUrl(url)));
    const index = [0, 1, 2, 3, 4].find((i) => !used.has(i))!;
    const url = await put(`${base}/items/${target.itemId}/${index}`);
    await tx
      .update(items)
      .set({ images: [...item.images, url] })
      .where(eq(items.id, target.itemId));
    changes.product(product.id);
    return { url };
  });
}

/**
 * Takes away a logo, a background or a menu item's image: the field is emptied
 * and the file deleted. A shop item's photos are removed one by one in the items
 * editor instead. Answers false when there was nothing to remove.
 */
export async function removeImage(
  deps: { events: Events; storage: FileStorage },
  product: { id: string; type: ProductType },
  target: ImageTarget,
): Promise<boolean> {
  if (target.kind === "item-images") {
    throw new ImageTargetError(siteFieldWords.removePhotosOneByOne, 400);
  }
  const base = `${siteOf(product.type).storageCollection}/${product.id}`;
  const removed = await deps.events.transaction(async (tx, changes) => {
    if (target.kind === "logo" || target.kind === "background") {
      const field = target.kind === "logo" ? productInfo.logoUrl : productInfo.bgUrl;
      const emptied = await tx
        .update(productInfo)
        .set(target.kind === "logo" ? { logoUrl: "" } : { bgUrl: "" })
        .where(and(eq(productInfo.productId, product.id), ne(field, "")))
        .returning({ productId: productInfo.productId });
      if (emptied.length > 0) changes.product(product.id);
      return emptied.length > 0;
    }
    const [item] = await tx
      .select({ imageUrl: items.imageUrl })
      .from(items)
      .where(and(eq(items.id, target.itemId), eq(items.productId, product.id)))
      .for("update");
    if (!item) throw new ImageTargetError(siteFieldWords.imageUnknownItem, 404);
    if (!item.imageUrl) return false;
    await tx
      .update(items)
      .set({ imageUrl: "", imageBytes: 0, imageMime: "" })
      .where(eq(items.id, target.itemId));
    changes.product(product.id);
    return true;
  });
  if (removed) {
    const key =
      target.kind === "item-image"
        ? `${base}/items/${target.itemId}/image`
        : `${base}/info/${target.kind}`;
    await deleteStoredPhoto(deps.storage, key);
  }
  return removed;
}

/**
 * Deletes a stored image and its smaller copies. SPEC section 8: a file that cannot be
 * deleted is logged, never an error for the owner.
 */
export async function deleteStoredPhoto(storage: FileStorage, key: string): Promise<void> {
  const kind = pictureKindOfKey(key);
  const renditions = kind ? renditionsOf(kind) : [];
  for (const stored of [key, ...renditions.map((rendition) => renditionKey(key, rendition))]) {
    await storage.delete(stored).catch((error: unknown) => {
      logger.error({ err: error, key: stored }, "Could not delete a stored file");
    });
  }
}

/**
 * The storage key of one of a shop item's photos, from its URL (whatever the
 * storage driver's URL looks like, the key ends in `items/{itemId}/{index}`).
 */
export function itemImageKey(
  product: { id: string; type: ProductType },
  itemId: string,
  url: string,
): string | null {
  const index = indexInUrl(url);
  if (index === null) return null;
  return `${siteOf(product.type).storageCollection}/${product.id}/items/${itemId}/${index}`;
}

/** The 0-4 index in a shoppy image URL's key (`…/items/{itemId}/{index}?v=…`). */
function indexInUrl(url: string): number | null {
  const match = /\/items\/[A-Za-z0-9]+\/([0-4])(?:\?|$)/.exec(url);
  return match ? Number(match[1]) : null;
}
