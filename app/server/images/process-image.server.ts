/**
 * The images/ folder owns pictures: the upload pipeline (here), the upload form reader,
 * where each picture is stored, and the smaller copies made for the pages.
 *
 * The server's own image pipeline. The browser compresses before uploading,
 * but nothing it sends is trusted: the type is recognised from the bytes, the
 * size and pixel count are bounded before decoding, and the image is decoded
 * and re-encoded to JPEG with the same algorithm and targets as the browser,
 * which also drops every byte that is not the picture (metadata, appended
 * archives, scripts).
 */
import { createHash } from "node:crypto";
import { compressImage, type ImageEncoder } from "~/lib/image-compression";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { loadSharp, type Sharp } from "./sharp.server";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 25_000_000;

export type AcceptedImageType = "image/jpeg" | "image/png" | "image/webp";

export type ImageRejectionReason =
  "empty" | "too-large" | "not-an-image" | "too-many-pixels" | "unreadable";

const REJECTION: Record<ImageRejectionReason, { status: number; message: string }> = {
  empty: { status: 400, message: siteFieldWords.imageEmpty },
  "too-large": { status: 413, message: siteFieldWords.imageTooLarge },
  "not-an-image": { status: 415, message: siteFieldWords.imageNotAccepted },
  "too-many-pixels": { status: 413, message: siteFieldWords.imageTooManyPixels },
  unreadable: { status: 422, message: siteFieldWords.imageUnreadable },
};

/**
 * Images this process has taken and refused (by reason) since it started, read by the
 * metrics. Counted here, where every upload passes, so that no route can forget to.
 */
export const uploadOutcomes = {
  processed: 0,
  refused: {
    empty: 0,
    "too-large": 0,
    "not-an-image": 0,
    "too-many-pixels": 0,
    unreadable: 0,
  } satisfies Record<ImageRejectionReason, number>,
};

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  readonly status: number;
  constructor(readonly reason: ImageRejectionReason) {
    super(REJECTION[reason].message);
    this.status = REJECTION[reason].status;
  }
}

/** Recognises JPEG, PNG and WebP by their first bytes, whatever the name or declared type say. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // "RIFF" <size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return "image/webp";
  }
  return null;
}

export interface ProcessedImage {
  body: Uint8Array;
  size: number;
  mime: "image/jpeg";
  width: number;
  height: number;
  /** Content hash: the version in the public URL, so new bytes get a new URL. */
  hash: string;
  fallback: boolean;
}

const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" } as const;

const sharpEncoder = (sharp: Sharp): ImageEncoder<Uint8Array> => ({
  async encode(source, longSide, quality) {
    return sharp(source, decodeOptions)
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: longSide, height: longSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: Math.round(quality * 100), mozjpeg: true })
      .toBuffer();
  },
});

export async function processUploadedImage(
  bytes: Uint8Array,
  targetBytes: number,
): Promise<ProcessedImage> {
  try {
    const image = await checkAndReencode(bytes, targetBytes);
    uploadOutcomes.processed += 1;
    return image;
  } catch (error) {
    if (error instanceof ImageRejectedError) uploadOutcomes.refused[error.reason] += 1;
    throw error;
  }
}

async function checkAndReencode(bytes: Uint8Array, targetBytes: number): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ImageRejectedError("empty");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError("too-large");
  if (!sniffImageType(bytes)) throw new ImageRejectedError("not-an-image");
  const sharp = await loadSharp();

  // The header alone says how many pixels decoding would need; refuse before decoding.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new ImageRejectedError("unreadable");
  }
  if (!width || !height) throw new ImageRejectedError("unreadable");
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError("too-many-pixels");

  let result;
  try {
    result = await compressImage(bytes, sharpEncoder(sharp), { targetBytes });
  } catch {
    throw new ImageRejectedError("unreadable");
  }
  const body = new Uint8Array(
    result.bytes instanceof Uint8Array ? result.bytes : await result.bytes.arrayBuffer(),
  );
  const output = await sharp(body).metadata();
  return {
    body,
    size: body.length,
    mime: "image/jpeg",
    width: output.width ?? 0,
    height: output.height ?? 0,
    hash: createHash("sha256").update(body).digest("base64url").slice(0, 16),
    fallback: result.fallback,
  };
}
