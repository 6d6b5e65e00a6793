/**
 * Smaller copies of stored pictures, each made for one place it is shown and stored
 * beside the picture under the picture's key plus a suffix:
 *
 * - an item photo's list thumbnail, a 144 px square (72 CSS pixels on a 2× screen) for
 *   the editor's item list, where 50 photos of up to 12 KB each would be far too much;
 * - a logo at 240 px, twice the 120 CSS pixels a public page shows it at;
 * - the hero's phone copy, cut to a phone's hero and kept to about 10 KB, so that on a
 *   weak signal the page's largest picture arrives right after the page.
 *
 * Every picture stored since its renditions exist gets them when it is uploaded;
 * pictures stored before get theirs from `backfillRenditions` at start. Until that has
 * finished in this process, pages show the pictures as they are. A rendition's URL
 * carries its picture's own version, so a new picture means new URLs.
 */
import { ne, or, sql } from "drizzle-orm";
import { LOGO_SIZE_PX } from "~/lib/limits";
import { ALL_SITES } from "~/sites";
import type { Database } from "../db/client.server";
import { items, productInfo } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { logger } from "../http/log.server";
import { loadSharp } from "./sharp.server";

/** What a stored picture is, which decides the renditions it gets. */
export type PictureKind = "item-photo" | "logo" | "background";

export interface Rendition {
  /** Appended to the picture's key (and so to its path). */
  suffix: string;
  kind: PictureKind;
  make(picture: Uint8Array): Promise<Uint8Array>;
}

export const LIST_THUMBNAIL_PX = 144;
export const LOGO_RENDITION_PX = LOGO_SIZE_PX * 2;
/** The hero's phone copy: a phone's hero is about 360–430 by 280 CSS pixels. */
export const PHONE_HERO_WIDTH_PX = 600;
export const PHONE_HERO_HEIGHT_PX = 440;
/** The phone copy's aim: one round trip's worth of a new connection's first window. */
export const PHONE_HERO_TARGET_BYTES = 10 * 1024;
/** Qualities tried in turn for the phone copy; the last is kept even when still larger. */
const PHONE_HERO_QUALITIES = [72, 64, 56, 48];

/** A centred crop at the given size, as `object-fit: cover` shows it. */
async function coverJpeg(picture: Uint8Array, width: number, height: number, quality: number) {
  const sharp = await loadSharp();
  const bytes = await sharp(picture)
    .resize({ width, height, fit: "cover" })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(bytes);
}

export const LIST_THUMBNAIL: Rendition = {
  suffix: `-${LIST_THUMBNAIL_PX}`,
  kind: "item-photo",
  make: (photo) => coverJpeg(photo, LIST_THUMBNAIL_PX, LIST_THUMBNAIL_PX, 72),
};

export const LOGO_RENDITION: Rendition = {
  suffix: `-${LOGO_RENDITION_PX}`,
  kind: "logo",
  make: (logo) => coverJpeg(logo, LOGO_RENDITION_PX, LOGO_RENDITION_PX, 80),
};

export const PHONE_HERO: Rendition = {
  suffix: "-phone",
  kind: "background",
  async make(background) {
    let bytes = new Uint8Array();
    for (const quality of PHONE_HERO_QUALITIES) {
      bytes = await coverJpeg(background, PHONE_HERO_WIDTH_PX, PHONE_HERO_HEIGHT_PX, quality);
      if (bytes.byteLength <= PHONE_HERO_TARGET_BYTES) break;
    }
    return bytes;
  },
};

const RENDITIONS: readonly Rendition[] = [LIST_THUMBNAIL, LOGO_RENDITION, PHONE_HERO];

/** The renditions a picture of this kind gets. */
export function renditionsOf(kind: PictureKind): Rendition[] {
  return RENDITIONS.filter((rendition) => rendition.kind === kind);
}

/**
 * Present once every picture stored before the current renditions existed has them, so
 * later starts skip the scan. Named by the renditions, so adding one scans again.
 */
export const RENDITIONS_BACKFILLED_KEY = `system/renditions${RENDITIONS.map((r) => r.suffix).join("")}-backfilled`;

/** How many pictures are read and resized at once during the backfill. */
const BACKFILL_CONCURRENCY = 4;

/** The storage key of a picture's rendition. */
export function renditionKey(pictureKey: string, rendition: Rendition): string {
  return `${pictureKey}${rendition.suffix}`;
}

/** Makes every rendition of a picture, to be stored before the picture's URL is saved. */
export async function makeRenditions(
  kind: PictureKind,
  picture: Uint8Array,
): Promise<Array<{ rendition: Rendition; bytes: Uint8Array }>> {
  const made = [];
  for (const rendition of renditionsOf(kind)) {
    made.push({ rendition, bytes: await rendition.make(picture) });
  }
  return made;
}

// An item photo's key ends in `items/{itemId}/image` (one photo) or `items/{itemId}/{0-4}`;
// a logo's and a background's in `info/logo` and `info/background`.
const PICTURE_KEYS: ReadonlyArray<{ kind: PictureKind; pattern: RegExp }> = [
  { kind: "item-photo", pattern: /^[a-z]+\/[A-Za-z0-9]+\/items\/[A-Za-z0-9]+\/(?:image|[0-4])$/ },
  { kind: "logo", pattern: /^[a-z]+\/[A-Za-z0-9]+\/info\/logo$/ },
  { kind: "background", pattern: /^[a-z]+\/[A-Za-z0-9]+\/info\/background$/ },
];

/** The kind of picture a storage key holds; null for any other file. */
export function pictureKindOfKey(key: string): PictureKind | null {
  return PICTURE_KEYS.find(({ pattern }) => pattern.test(key))?.kind ?? null;
}

/**
 * The key, version and kind of a picture this storage holds, from its public URL; null
 * for anything else (an address an owner typed, another driver's URL). The URL is rebuilt
 * from what was found and must come out the same, whatever the driver's URLs look like.
 */
export function storedPicture(
  storage: FileStorage,
  url: string,
): { key: string; version: string; kind: PictureKind } | null {
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
    const kind = pictureKindOfKey(key);
    if (kind && storage.publicUrl(key, version) === url) return { key, version, kind };
  }
  return null;
}

/** Storages known to hold every rendition of every picture: their backfill is done. */
const backfilledStorages = new WeakSet<FileStorage>();

/**
 * The URL of a picture's rendition, when this storage holds the picture and every
 * picture has its renditions; else null, and the picture is shown as it is.
 */
export function renditionUrl(
  storage: FileStorage,
  pictureUrl: string | null | undefined,
  rendition: Rendition,
): string | null {
  if (!pictureUrl || !backfilledStorages.has(storage)) return null;
  const picture = storedPicture(storage, pictureUrl);
  if (picture?.kind !== rendition.kind) return null;
  return storage.publicUrl(renditionKey(picture.key, rendition), picture.version);
}

/** Where the editor's list shows a photo from: its thumbnail when it has one, else the photo. */
export function listThumbnailUrl(storage: FileStorage, photoUrl: string): string {
  return renditionUrl(storage, photoUrl, LIST_THUMBNAIL) ?? photoUrl;
}

/**
 * The smaller copies a public page offers beside a site's logo and hero: null where the
 * picture is not one this storage holds, or while the backfill has not finished.
 */
export function publicSiteRenditions(
  storage: FileStorage,
  site: { logoUrl: string | null; bgUrl: string | null },
): { logoSmallUrl: string | null; bgPhoneUrl: string | null } {
  return {
    logoSmallUrl: renditionUrl(storage, site.logoUrl, LOGO_RENDITION),
    bgPhoneUrl: renditionUrl(storage, site.bgUrl, PHONE_HERO),
  };
}

/**
 * Makes the missing renditions of pictures stored before those renditions existed. It
 * runs in the background at start and does its scan once: when it has finished without
 * an error it leaves a marker, and later starts see the marker and stop there. A picture
 * that cannot be decoded is counted and left without renditions.
 */
export async function backfillRenditions(deps: {
  db: Database;
  storage: FileStorage;
}): Promise<{ made: number; unreadable: number; complete: boolean; skipped: boolean }> {
  const { db, storage } = deps;
  if (await storage.read(RENDITIONS_BACKFILLED_KEY)) {
    backfilledStorages.add(storage);
    return { made: 0, unreadable: 0, complete: true, skipped: true };
  }

  const itemRows = await db
    .select({ imageUrl: items.imageUrl, images: items.images })
    .from(items)
    .where(or(ne(items.imageUrl, ""), sql`json_array_length(${items.images}) > 0`));
  const infoRows = await db
    .select({ logoUrl: productInfo.logoUrl, bgUrl: productInfo.bgUrl })
    .from(productInfo)
    .where(or(ne(productInfo.logoUrl, ""), ne(productInfo.bgUrl, "")));
  const queue = [
    ...itemRows.flatMap((row) => [row.imageUrl, ...row.images]),
    ...infoRows.flatMap((row) => [row.logoUrl, row.bgUrl]),
  ]
    .map((url) => (url ? storedPicture(storage, url) : null))
    .filter((picture) => picture !== null);

  let made = 0;
  let unreadable = 0;
  let storageFailed = false;
  const worker = async () => {
    for (let picture = queue.pop(); picture !== undefined; picture = queue.pop()) {
      const { key, kind } = picture;
      try {
        // One listing of the picture's folder says which copies exist, without reading them.
        const present = new Set(await storage.list(key.slice(0, key.lastIndexOf("/"))));
        const missing = renditionsOf(kind).filter(
          (rendition) => !present.has(renditionKey(key, rendition)),
        );
        if (missing.length === 0 || !present.has(key)) continue;
        const stored = await storage.read(key);
        if (!stored) continue;
        // Outside the decoding's try: a sharp that cannot load is not a damaged picture.
        await loadSharp();
        for (const rendition of missing) {
          let bytes: Uint8Array;
          try {
            bytes = await rendition.make(stored.body);
          } catch (error) {
            // A damaged picture stays as it is: trying again at every start would not mend it.
            unreadable += 1;
            logger.error({ err: error, key }, "Could not make a smaller copy of a picture");
            break;
          }
          await storage.put(renditionKey(key, rendition), bytes, "image/jpeg");
          made += 1;
        }
      } catch (error) {
        storageFailed = true;
        logger.error({ err: error, key }, "Could not make a smaller copy of a picture");
      }
    }
  };
  await Promise.all(Array.from({ length: BACKFILL_CONCURRENCY }, worker));
  // After a storage error the next start scans again, for the renditions still missing.
  if (!storageFailed) {
    await storage.put(RENDITIONS_BACKFILLED_KEY, new TextEncoder().encode("done\n"), "text/plain");
    backfilledStorages.add(storage);
  }
  return { made, unreadable, complete: !storageFailed, skipped: false };
}
