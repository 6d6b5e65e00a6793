/**
 * The browser side of the image rule: decoding and drawing with the platform's own canvas, so
 * uploads are already small before they leave the device. This module is also evaluated during
 * server rendering (client components import it), so browser APIs are touched only inside
 * functions, never at the top level.
 */
import {
  compressImage,
  isAcceptedImageType,
  type CompressionResult,
  type ImageEncoder,
} from "./image-compression";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { MESSAGES } from "./messages";

const JPEG = "image/jpeg";

/** The drawn size: the long side at most `longSide`, never larger than the source, at least 1 px. */
function fitWithin(width: number, height: number, longSide: number) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Context2D | null, bitmap: ImageBitmap, width: number, height: number) {
  if (!context) throw new Error(siteFieldWords.canvasUnavailable);
  // JPEG has no alpha: without a white ground, transparent PNG areas would come out black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}

async function encodeOffscreen(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  draw(canvas.getContext("2d"), bitmap, width, height);
  return canvas.convertToBlob({ type: JPEG, quality });
}

async function encodeWithElement(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  quality: number,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  try {
    draw(canvas.getContext("2d"), bitmap, width, height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error(siteFieldWords.imageNotEncoded))),
        JPEG,
        quality,
      );
    });
  } finally {
    // Safari caps the total canvas memory of a page; shrinking releases this one's at once
    // instead of waiting for garbage collection across up to ten encodes per image.
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** Encodes decoded bitmaps as JPEG with a canvas: OffscreenCanvas where there is one. */
export function createCanvasEncoder(): ImageEncoder<ImageBitmap> {
  return {
    async encode(bitmap, longSide, quality) {
      const { width, height } = fitWithin(bitmap.width, bitmap.height, longSide);
      if (typeof OffscreenCanvas !== "undefined") {
        return encodeOffscreen(bitmap, width, height, quality);
      }
      return encodeWithElement(bitmap, width, height, quality);
    },
  };
}

/**
 * Compresses a chosen file to a JPEG Blob of about `targetBytes` (SPEC section 5). A file that is
 * not an accepted image, or that the browser cannot decode, fails with "Please choose a valid
 * image file." so the caller can show it as it is.
 */
export async function compressImageFile(
  file: File,
  targetBytes: number,
): Promise<{ blob: Blob; result: CompressionResult }> {
  if (!isAcceptedImageType(file)) throw new Error(MESSAGES.chooseValidImage);
  let bitmap: ImageBitmap;
  try {
    // EXIF orientation is applied by default, so phone photos are not drawn sideways.
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(MESSAGES.chooseValidImage);
  }
  try {
    const result = await compressImage(bitmap, createCanvasEncoder(), { targetBytes });
    const blob =
      result.bytes instanceof Blob && result.bytes.type === JPEG
        ? result.bytes
        : new Blob([result.bytes instanceof Blob ? result.bytes : result.bytes.slice()], {
            type: JPEG,
          });
    return { blob, result };
  } finally {
    bitmap.close();
  }
}
