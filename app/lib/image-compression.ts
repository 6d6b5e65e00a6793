/**
 * The image recompression rule of SPEC section 5, shared by the browser (before uploading) and
 * the server (which trusts nothing it receives). Only the search over sizes and qualities lives
 * here; the pixels are handled by an injected encoder, so the rule runs the same on both sides
 * and can be tested without a canvas or an image library.
 */
import { DEFAULT_IMAGE_TARGET_BYTES } from "./limits";
import { MESSAGES } from "./messages";

export const START_LONG_SIDE = 800;
export const START_QUALITY = 0.92;
export const MAX_RETRIES = 8;
export const SCALE_STEP = 0.85;
export const QUALITY_STEP = 0.08;
export const MIN_QUALITY = 0.5;
export const FALLBACK_LONG_SIDE = 360;
export const FALLBACK_QUALITY = 0.5;

// Qualities are stepped in hundredths so that 0.92 - 0.08 - 0.08 ... gives exactly 0.76, 0.68
// and so on, instead of 0.7600000000000001 drifting into encoder settings and test output.
const START_QUALITY_HUNDREDTHS = Math.round(START_QUALITY * 100);
const QUALITY_STEP_HUNDREDTHS = Math.round(QUALITY_STEP * 100);
const MIN_QUALITY_HUNDREDTHS = Math.round(MIN_QUALITY * 100);
// The same for the scale: side * 85 / 100 is exact for whole pixel counts, so rounding ties
// are decided the same way on every engine.
const SCALE_STEP_HUNDREDTHS = Math.round(SCALE_STEP * 100);

export interface ImageEncoder<Source> {
  /** Encode `source` scaled so its long side is at most `longSide` px (never upscale), as JPEG at `quality` (0..1). */
  encode(source: Source, longSide: number, quality: number): Promise<Uint8Array | Blob>;
}

export interface CompressionResult {
  bytes: Blob | Uint8Array;
  size: number;
  /** The long side that was requested from the encoder (a smaller source stays smaller). */
  longSide: number;
  quality: number;
  /** Encodes made, the fallback included. */
  attempts: number;
  /** True when no retry fitted and the fixed fallback was used (it may still be over target). */
  fallback: boolean;
}

export interface CompressionStep {
  longSide: number;
  quality: number;
  fallback: boolean;
}

/**
 * Every encode the rule may ask for, in order: the first try, the retries, then the fallback.
 * It does not depend on the target, which only decides how far along the plan to go.
 */
export function compressionPlan(): CompressionStep[] {
  const steps: CompressionStep[] = [];
  let longSide = START_LONG_SIDE;
  let qualityHundredths = START_QUALITY_HUNDREDTHS;
  for (let retry = 0; retry <= MAX_RETRIES; retry++) {
    steps.push({ longSide, quality: qualityHundredths / 100, fallback: false });
    // Each retry scales the previous (already rounded) size, as a canvas would be resized.
    longSide = Math.round((longSide * SCALE_STEP_HUNDREDTHS) / 100);
    qualityHundredths = Math.max(
      MIN_QUALITY_HUNDREDTHS,
      qualityHundredths - QUALITY_STEP_HUNDREDTHS,
    );
  }
  steps.push({ longSide: FALLBACK_LONG_SIDE, quality: FALLBACK_QUALITY, fallback: true });
  return steps;
}

function sizeOf(bytes: Blob | Uint8Array): number {
  return bytes instanceof Uint8Array ? bytes.byteLength : bytes.size;
}

/**
 * Encodes `source` as JPEG, trying smaller sizes and lower qualities until the result is at most
 * `targetBytes` (24576 unless told), and settling for the fixed fallback when nothing fits.
 * Encoder errors propagate: a source that cannot be decoded is the caller's to report.
 */
export async function compressImage<S>(
  source: S,
  encoder: ImageEncoder<S>,
  options?: { targetBytes?: number },
): Promise<CompressionResult> {
  const targetBytes = options?.targetBytes ?? DEFAULT_IMAGE_TARGET_BYTES;
  // A NaN target would make every comparison false and silently return the first, largest try.
  if (typeof targetBytes !== "number" || Number.isNaN(targetBytes) || targetBytes < 0) {
    throw new RangeError(`Invalid image target size: ${String(targetBytes)}`);
  }
  const plan = compressionPlan();
  let attempts = 0;
  let last: CompressionResult | undefined;
  for (const step of plan) {
    // Retries stop as soon as one fits; the fallback is reached only when none did.
    if (last && last.size <= targetBytes) return last;
    const bytes = await encoder.encode(source, step.longSide, step.quality);
    attempts++;
    last = {
      bytes,
      size: sizeOf(bytes),
      longSide: step.longSide,
      quality: step.quality,
      attempts,
      fallback: step.fallback,
    };
  }
  // The plan is never empty, so `last` is the fallback (or an earlier fitting try).
  return last!;
}

/** The types the server accepts (JPEG, PNG, WebP); anything else is refused before decoding. */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];

const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

/**
 * Whether a chosen file is an image the server accepts. Some systems report an empty type for
 * files whose extension they do not know (WebP on older Windows), so only then does the name
 * decide; a declared type that is not accepted is never overruled by the name.
 */
export function isAcceptedImageType(file: { type: string; name: string }): boolean {
  const type = (file.type ?? "").trim().toLowerCase();
  if (type === "") return ACCEPTED_EXTENSIONS.test((file.name ?? "").trim());
  return ACCEPTED_IMAGE_TYPES.includes(type);
}

export type ImageChoiceCheck = { ok: true } | { ok: false; message: string };

/**
 * The image-choice messages of SPEC section 5: nothing chosen gives "Please choose an image";
 * any file that is not an accepted image (or is empty) gives "Please choose a valid image file."
 * Every file is checked, so one bad file in a multiple choice refuses the whole choice.
 */
export function validateImageChoice(
  files: ArrayLike<{ type: string; name: string; size: number }> | null | undefined,
): ImageChoiceCheck {
  if (!files || files.length === 0) return { ok: false, message: MESSAGES.chooseImage };
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    if (!file || !(file.size > 0) || !isAcceptedImageType(file)) {
      return { ok: false, message: MESSAGES.chooseValidImage };
    }
  }
  return { ok: true };
}
