/**
 * List-size thumbnails of item photos, for the editor's item list: a 144 px
 * square (72 CSS pixels on a 2× screen) of a few kilobytes, stored beside the
 * photo under its key plus a suffix. The photo itself (up to 12 KB and 1,024 px)
 * is what public pages show; a list of 50 items needs far less.
 *
 * Every item photo stored since thumbnails exist gets one when it is uploaded;
 * photos stored before get theirs from `backfillListThumbnails` at start. Until
 * that has finished in this process, the list shows photos as they are. The
 * thumbnail's URL carries the photo's own version, so a new photo means a new URL.
 */
import { ne, or, sql } from "drizzle-orm";
import { ALL_SITES } from "~/sites";
import type { Database } from "../db/client.server";
import { items } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { logger } from "../log.server";
import { loadSharp } from "./sharp.server";

export const LIST_THUMBNAIL_PX = 144;
const THUMBNAIL_KEY_SUFFIX = `-${LIST_THUMBNAIL_PX}`;
const THUMBNAIL_QUALITY = 72;

/** Present once every photo stored before thumbnails existed has one, so later starts skip the scan. */
export const THUMBNAILS_BACKFILLED_KEY = `system/list-thumbnails${THUMBNAIL_KEY_SUFFIX}-backfilled`;

/** How many photos are read and resized at once during the backfill. */
const BACKFILL_CONCURRENCY = 4;

/** The storage key of a photo's thumbnail. */
export function thumbnailKey(photoKey: string): string {
  return `${photoKey}${THUMBNAIL_KEY_SUFFIX}`;
}

/** The square thumbnail of a photo: cropped to its centre, as the list shows it. */
export async function makeListThumbnail(photo: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const bytes = await sharp(photo)
    .resize({ width: LIST_THUMBNAIL_PX, height: LIST_THUMBNAIL_PX, fit: "cover" })
    .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(bytes);
}

// An item photo's key ends in `items/{itemId}/image` (one photo) or `items/{itemId}/{0-4}`.
const ITEM_PHOTO_KEY = /^[a-z]+\/[A-Za-z0-9]+\/items\/[A-Za-z0-9]+\/(?:image|[0-4])$/;

/**
 * The key and version of an item photo this storage holds, from its public URL; null for
 * anything else (an address an owner typed, another driver's URL). The URL is rebuilt
 * from what was found and must come out the same, whatever the driver's URLs look like.
 */
export function storedItemPhoto(
  storage: FileStorage,
  url: string,
): { key: string; version: string } | null {
  const match = /^(.*)\?v=([^&#]*)$/.exec(url);
  if (!match) return null;
  const [, path = "", encodedVersion = ""] = match;
  let version: string;
  try {
    version = decodeURIComponent(encodedVersion);
  } catch {
    return null;
  }
  for (const { storageCollection } of ALL_SITES) {
    const start = path.lastIndexOf(`/${storageCollection}/`);
    if (start === -1) continue;
    const key = path.slice(start + 1);
    if (ITEM_PHOTO_KEY.test(key) && storage.publicUrl(key, version) === url) {
      return { key, version };
    }
  }
  return null;
}

/** Storages known to hold a thumbnail of every item photo: their backfill is done. */
const backfilledStorages = new WeakSet<FileStorage>();

/**
 * Where the list shows a photo from: its thumbnail, when this storage holds the photo
 * and every photo has one; else the photo itself.
 */
export function listThumbnailUrl(storage: FileStorage, photoUrl: string): string {
  if (!backfilledStorages.has(storage)) return photoUrl;
  const photo = photoUrl ? storedItemPhoto(storage, photoUrl) : null;
  return photo ? storage.publicUrl(thumbnailKey(photo.key), photo.version) : photoUrl;
}

/** Stores a photo's thumbnail; called with the photo's bytes before its URL is saved. */
export async function storeListThumbnail(
  storage: FileStorage,
  photoKey: string,
  photo: Uint8Array,
): Promise<void> {
  await storage.put(thumbnailKey(photoKey), await makeListThumbnail(photo), "image/jpeg");
}

/**
 * Makes the missing thumbnails of photos stored before thumbnails existed. It runs
 * in the background at start and does its scan once: when it has finished without
 * an error it leaves a marker, and later starts see the marker and stop there.
 * A photo that cannot be decoded is counted and left without a thumbnail.
 */
export async function backfillListThumbnails(deps: {
  db: Database;
  storage: FileStorage;
}): Promise<{ made: number; unreadable: number; complete: boolean; skipped: boolean }> {
  const { db, storage } = deps;
  if (await storage.read(THUMBNAILS_BACKFILLED_KEY)) {
    backfilledStorages.add(storage);
    return { made: 0, unreadable: 0, complete: true, skipped: true };
  }

  const rows = await db
    .select({ imageUrl: items.imageUrl, images: items.images })
    .from(items)
    .where(or(ne(items.imageUrl, ""), sql`jsonb_array_length(${items.images}) > 0`));
  const photoKeys = rows
    .flatMap((row) => [row.imageUrl, ...row.images])
    .map((url) => (url ? storedItemPhoto(storage, url)?.key : undefined))
    .filter((key): key is string => key !== undefined);

  let made = 0;
  let unreadable = 0;
  let storageFailed = false;
  const queue = [...photoKeys];
  const worker = async () => {
    for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
      try {
        if (await storage.read(thumbnailKey(key))) continue;
        const photo = await storage.read(key);
        if (!photo) continue;
        // Outside the decoding's try: a sharp that cannot load is not a damaged photo.
        await loadSharp();
        let thumbnail: Uint8Array;
        try {
          thumbnail = await makeListThumbnail(photo.body);
        } catch (error) {
          // A damaged photo stays as it is: trying again at every start would not mend it.
          unreadable += 1;
          logger.error({ err: error, key }, "Could not make a list thumbnail");
          continue;
        }
        await storage.put(thumbnailKey(key), thumbnail, "image/jpeg");
        made += 1;
      } catch (error) {
        storageFailed = true;
        logger.error({ err: error, key }, "Could not make a list thumbnail");
      }
    }
  };
  await Promise.all(Array.from({ length: BACKFILL_CONCURRENCY }, worker));
  // After a storage error the next start scans again, for the thumbnails still missing.
  if (!storageFailed) {
    await storage.put(THUMBNAILS_BACKFILLED_KEY, new TextEncoder().encode("done\n"), "text/plain");
    backfilledStorages.add(storage);
  }
  return { made, unreadable, complete: !storageFailed, skipped: false };
}
