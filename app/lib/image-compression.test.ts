import { describe, expect, it } from "vitest";
import {
  ACCEPTED_IMAGE_TYPES,
  FALLBACK_LONG_SIDE,
  FALLBACK_QUALITY,
  MAX_RETRIES,
  MIN_QUALITY,
  QUALITY_STEP,
  SCALE_STEP,
  START_LONG_SIDE,
  START_QUALITY,
  compressImage,
  compressionPlan,
  isAcceptedImageType,
  validateImageChoice,
  type ImageEncoder,
} from "./image-compression";
import { DEFAULT_IMAGE_TARGET_BYTES, ITEM_IMAGE_TARGET_BYTES } from "./limits";
import { MESSAGES } from "./messages";

const LONG_SIDES = [800, 680, 578, 491, 417, 354, 301, 256, 218];
const QUALITIES = [0.92, 0.84, 0.76, 0.68, 0.6, 0.52, 0.5, 0.5, 0.5];
const ALL_TRIES = LONG_SIDES.map((longSide, i) => ({ longSide, quality: QUALITIES[i]! }));
const FALLBACK = { longSide: 360, quality: 0.5 };

interface Call {
  source: string;
  longSide: number;
  quality: number;
}

/**
 * Output size is a pure function of the requested size and quality, so each test can say
 * exactly which try fits. Calls are recorded in order.
 */
function fakeEncoder(
  sizeFor: (longSide: number, quality: number) => number,
  as: "bytes" | "blob" = "bytes",
) {
  const calls: Call[] = [];
  const encoder: ImageEncoder<string> = {
    async encode(source, longSide, quality) {
      calls.push({ source, longSide, quality });
      const size = sizeFor(longSide, quality);
      return as === "bytes" ? new Uint8Array(size) : new Blob([new Uint8Array(size)]);
    },
  };
  const requested = () => calls.map(({ longSide, quality }) => ({ longSide, quality }));
  return { encoder, calls, requested };
}

/** Roughly how JPEG behaves: bytes grow with the pixel count and the quality. */
const areaTimesQuality = (scale: number) => (longSide: number, quality: number) =>
  Math.round(longSide * longSide * quality * scale);

/** Fits exactly from the try with index `k` onwards (0 = the first try). */
const fitsFromTry = (k: number, target: number) => (longSide: number) =>
  longSide <= LONG_SIDES[k]! ? target : target + 1;

describe("constants", () => {
  it("match SPEC section 5", () => {
    expect(START_LONG_SIDE).toBe(800);
    expect(START_QUALITY).toBe(0.92);
    expect(MAX_RETRIES).toBe(8);
    expect(SCALE_STEP).toBe(0.85);
    expect(QUALITY_STEP).toBe(0.08);
    expect(MIN_QUALITY).toBe(0.5);
    expect(FALLBACK_LONG_SIDE).toBe(360);
    expect(FALLBACK_QUALITY).toBe(0.5);
  });
});

describe("compressionPlan", () => {
  it("lists the first try, 8 retries and the fallback", () => {
    const plan = compressionPlan();
    expect(plan).toHaveLength(10);
    expect(plan.slice(0, 9)).toEqual(ALL_TRIES.map((step) => ({ ...step, fallback: false })));
    expect(plan[9]).toEqual({ ...FALLBACK, fallback: true });
  });

  it("steps the quality in exact hundredths, clamped at 0.5", () => {
    const qualities = compressionPlan().map((step) => step.quality);
    expect(qualities.slice(0, 9)).toEqual(QUALITIES);
    for (const quality of qualities) {
      // No float drift: 0.76 is 0.76, not 0.7600000000000001.
      expect(quality).toBe(Math.round(quality * 100) / 100);
      expect(quality).toBeGreaterThanOrEqual(MIN_QUALITY);
    }
  });

  it("scales each long side by 0.85 from the previous rounded one", () => {
    const sides = compressionPlan().map((step) => step.longSide);
    expect(sides.slice(0, 9)).toEqual(LONG_SIDES);
    for (const side of sides) expect(Number.isInteger(side)).toBe(true);
    for (let i = 1; i < 9; i++) expect(sides[i]).toBe(Math.round(sides[i - 1]! * 0.85));
  });
});

describe("compressImage", () => {
  it("encodes once when the first try fits", async () => {
    const { encoder, calls } = fakeEncoder(() => 10_000);
    const result = await compressImage("photo", encoder);
    expect(calls).toEqual([{ source: "photo", longSide: 800, quality: 0.92 }]);
    expect(result).toMatchObject({
      size: 10_000,
      longSide: 800,
      quality: 0.92,
      attempts: 1,
      fallback: false,
    });
    expect(result.bytes).toBeInstanceOf(Uint8Array);
  });

  it("accepts a result exactly at the target", async () => {
    const { encoder, calls } = fakeEncoder(() => DEFAULT_IMAGE_TARGET_BYTES);
    const result = await compressImage("photo", encoder);
    expect(calls).toHaveLength(1);
    expect(result.size).toBe(DEFAULT_IMAGE_TARGET_BYTES);
  });

  for (const k of [1, 2, 3, 5, 8]) {
    it(`stops after ${k} ${k === 1 ? "retry" : "retries"} when that one fits`, async () => {
      const target = DEFAULT_IMAGE_TARGET_BYTES;
      const { encoder, requested } = fakeEncoder(fitsFromTry(k, target));
      const result = await compressImage("photo", encoder);
      expect(requested()).toEqual(ALL_TRIES.slice(0, k + 1));
      expect(result).toMatchObject({
        ...ALL_TRIES[k],
        size: target,
        attempts: k + 1,
        fallback: false,
      });
    });
  }

  it("falls back to 360 px at 0.5 after 8 retries, in exactly 10 encodes", async () => {
    const { encoder, requested } = fakeEncoder(() => 50_000);
    const result = await compressImage("photo", encoder);
    expect(requested()).toEqual([...ALL_TRIES, FALLBACK]);
    expect(result).toMatchObject({
      ...FALLBACK,
      size: 50_000,
      attempts: 10,
      fallback: true,
    });
  });

  it("returns the fallback even when it is smaller than the target", async () => {
    // Over target at every retry, but the fallback fits: it is still marked as the fallback.
    const { encoder, calls } = fakeEncoder((longSide, quality) =>
      longSide === 360 && quality === 0.5 ? 1_000 : 50_000,
    );
    const result = await compressImage("photo", encoder);
    expect(calls).toHaveLength(10);
    expect(result).toMatchObject({ size: 1_000, fallback: true, attempts: 10 });
  });

  it("asks for the quality sequence 0.92 … 0.50 clamped, then the fallback", async () => {
    const { encoder, calls } = fakeEncoder(() => 1);
    await compressImage("photo", encoder, { targetBytes: 0 });
    expect(calls.map((call) => call.quality)).toEqual([...QUALITIES, 0.5]);
  });

  it("asks for long sides 800, 680, 578, 491 … rounded to whole pixels", async () => {
    const { encoder, calls } = fakeEncoder(() => 1);
    await compressImage("photo", encoder, { targetBytes: 0 });
    expect(calls.map((call) => call.longSide)).toEqual([...LONG_SIDES, 360]);
  });

  it("defaults to the 24 KB target", async () => {
    // 24576 bytes fits the default target but not the 12 KB item target.
    const { encoder, calls } = fakeEncoder(() => DEFAULT_IMAGE_TARGET_BYTES);
    const result = await compressImage("photo", encoder);
    expect(calls).toHaveLength(1);
    expect(result.attempts).toBe(1);
  });

  it("respects the 12 KB item target", async () => {
    const sizeFor = areaTimesQuality(0.05);
    const item = fakeEncoder(sizeFor);
    const other = fakeEncoder(sizeFor);
    const itemResult = await compressImage("photo", item.encoder, {
      targetBytes: ITEM_IMAGE_TARGET_BYTES,
    });
    const otherResult = await compressImage("photo", other.encoder);
    // 800² × 0.92 × 0.05 = 29440, 680² × 0.84 × 0.05 = 19421, 578² × 0.76 × 0.05 = 12695,
    // 491² × 0.68 × 0.05 = 8197.
    expect(other.requested()).toEqual(ALL_TRIES.slice(0, 2));
    expect(otherResult.size).toBeLessThanOrEqual(DEFAULT_IMAGE_TARGET_BYTES);
    expect(item.requested()).toEqual(ALL_TRIES.slice(0, 4));
    expect(itemResult.size).toBeLessThanOrEqual(ITEM_IMAGE_TARGET_BYTES);
    expect(itemResult.size).toBe(8197);
  });

  it("an explicitly undefined target uses the default", async () => {
    const { encoder, calls } = fakeEncoder(() => DEFAULT_IMAGE_TARGET_BYTES);
    await compressImage("photo", encoder, { targetBytes: undefined });
    expect(calls).toHaveLength(1);
  });

  it("refuses a target that is not a size", async () => {
    const { encoder, calls } = fakeEncoder(() => 1);
    await expect(compressImage("photo", encoder, { targetBytes: Number.NaN })).rejects.toThrow(
      RangeError,
    );
    await expect(compressImage("photo", encoder, { targetBytes: -1 })).rejects.toThrow(RangeError);
    expect(calls).toHaveLength(0);
  });

  it("measures Blob results by their size", async () => {
    const { encoder, calls } = fakeEncoder(fitsFromTry(2, ITEM_IMAGE_TARGET_BYTES), "blob");
    const result = await compressImage("photo", encoder, { targetBytes: ITEM_IMAGE_TARGET_BYTES });
    expect(calls).toHaveLength(3);
    expect(result.bytes).toBeInstanceOf(Blob);
    expect(result.size).toBe(ITEM_IMAGE_TARGET_BYTES);
  });

  it("propagates an encoder error on the first try", async () => {
    const encoder: ImageEncoder<string> = {
      encode: async () => {
        throw new Error("cannot decode");
      },
    };
    await expect(compressImage("photo", encoder)).rejects.toThrow("cannot decode");
  });

  it("propagates an encoder error during the retries and stops there", async () => {
    const calls: number[] = [];
    const encoder: ImageEncoder<string> = {
      async encode(_source, longSide) {
        calls.push(longSide);
        if (calls.length === 3) throw new Error("out of memory");
        return new Uint8Array(100_000);
      },
    };
    await expect(compressImage("photo", encoder)).rejects.toThrow("out of memory");
    expect(calls).toEqual([800, 680, 578]);
  });

  it("passes the requested long side even for a small source (not upscaling is the encoder's job)", async () => {
    // A 200 px source: a real encoder keeps it at 200 px, so only the quality shrinks it, yet
    // the requests follow the plan: 200² × q × 0.5 first fits 12 KB at 0.60 (12000 bytes).
    const sourceLongSide = 200;
    const { encoder, calls } = fakeEncoder((longSide, quality) =>
      areaTimesQuality(0.5)(Math.min(longSide, sourceLongSide), quality),
    );
    const result = await compressImage("small", encoder, { targetBytes: ITEM_IMAGE_TARGET_BYTES });
    expect(calls).toEqual(ALL_TRIES.slice(0, 5).map((step) => ({ source: "small", ...step })));
    expect(result).toMatchObject({ longSide: 417, quality: 0.6, size: 12_000, attempts: 5 });
  });

  it("passes the same source object to every encode", async () => {
    const source = { id: "bitmap" };
    const seen: unknown[] = [];
    const encoder: ImageEncoder<typeof source> = {
      async encode(received) {
        seen.push(received);
        return new Uint8Array(100_000);
      },
    };
    await compressImage(source, encoder);
    expect(seen).toHaveLength(10);
    for (const received of seen) expect(received).toBe(source);
  });
});

describe("isAcceptedImageType", () => {
  it("accepts exactly JPEG, PNG and WebP", () => {
    expect(ACCEPTED_IMAGE_TYPES).toEqual(["image/jpeg", "image/png", "image/webp"]);
    expect(isAcceptedImageType({ type: "image/jpeg", name: "a.jpg" })).toBe(true);
    expect(isAcceptedImageType({ type: "image/png", name: "a.png" })).toBe(true);
    expect(isAcceptedImageType({ type: "image/webp", name: "a.webp" })).toBe(true);
  });

  it("ignores the case of the type", () => {
    expect(isAcceptedImageType({ type: "IMAGE/JPEG", name: "a.jpg" })).toBe(true);
  });

  it("refuses other images and non-images", () => {
    for (const type of [
      "image/gif",
      "image/svg+xml",
      "image/heic",
      "image/avif",
      "image/bmp",
      "application/pdf",
      "text/plain",
      "image/jpg",
    ]) {
      expect(isAcceptedImageType({ type, name: "file" }), type).toBe(false);
    }
  });

  it("does not let the name overrule a declared type", () => {
    expect(isAcceptedImageType({ type: "application/pdf", name: "photo.jpg" })).toBe(false);
    expect(isAcceptedImageType({ type: "image/gif", name: "photo.png" })).toBe(false);
  });

  it("uses the extension only when no type is reported", () => {
    expect(isAcceptedImageType({ type: "", name: "photo.webp" })).toBe(true);
    expect(isAcceptedImageType({ type: "", name: "PHOTO.JPEG" })).toBe(true);
    expect(isAcceptedImageType({ type: "", name: "photo.jpg" })).toBe(true);
    expect(isAcceptedImageType({ type: "", name: "photo.png" })).toBe(true);
    expect(isAcceptedImageType({ type: "", name: "photo.gif" })).toBe(false);
    expect(isAcceptedImageType({ type: "", name: "photo" })).toBe(false);
    expect(isAcceptedImageType({ type: "", name: "jpg" })).toBe(false);
  });
});

describe("validateImageChoice", () => {
  const jpeg = { type: "image/jpeg", name: "a.jpg", size: 1234 };

  it("asks for an image when nothing is chosen", () => {
    expect(validateImageChoice(null)).toEqual({ ok: false, message: "Please choose an image" });
    expect(validateImageChoice(undefined)).toEqual({ ok: false, message: MESSAGES.chooseImage });
    expect(validateImageChoice([])).toEqual({ ok: false, message: MESSAGES.chooseImage });
  });

  it("accepts a chosen JPEG, PNG or WebP", () => {
    expect(validateImageChoice([jpeg])).toEqual({ ok: true });
    expect(
      validateImageChoice([
        jpeg,
        { type: "image/png", name: "b.png", size: 1 },
        { type: "image/webp", name: "c.webp", size: 99 },
      ]),
    ).toEqual({ ok: true });
  });

  it("refuses a non-image file", () => {
    expect(validateImageChoice([{ type: "application/pdf", name: "a.pdf", size: 10 }])).toEqual({
      ok: false,
      message: "Please choose a valid image file.",
    });
  });

  it("refuses an image type the server does not accept", () => {
    expect(validateImageChoice([{ type: "image/gif", name: "a.gif", size: 10 }])).toEqual({
      ok: false,
      message: MESSAGES.chooseValidImage,
    });
  });

  it("refuses an empty file", () => {
    expect(validateImageChoice([{ ...jpeg, size: 0 }])).toEqual({
      ok: false,
      message: MESSAGES.chooseValidImage,
    });
  });

  it("refuses the whole choice when one of several files is bad", () => {
    expect(validateImageChoice([jpeg, { type: "text/plain", name: "x.txt", size: 3 }])).toEqual({
      ok: false,
      message: MESSAGES.chooseValidImage,
    });
  });

  it("takes any array-like, such as a FileList", () => {
    const fileList = { length: 1, 0: jpeg };
    expect(validateImageChoice(fileList)).toEqual({ ok: true });
    expect(validateImageChoice({ length: 0 })).toEqual({
      ok: false,
      message: MESSAGES.chooseImage,
    });
  });
});
