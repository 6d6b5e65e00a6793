import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  hugePngHeader,
  htmlPage,
  jpegWithZip,
  photoJpeg,
  smallGif,
  smallPng,
  svgWithScript,
  truncatedJpeg,
} from "../../../tests/support/image-fixtures";
import { DEFAULT_IMAGE_TARGET_BYTES, ITEM_IMAGE_TARGET_BYTES } from "~/lib/limits";
import {
  ImageRejectedError,
  MAX_UPLOAD_BYTES,
  processUploadedImage,
  sniffImageType,
  uploadOutcomes,
} from "./process-image.server";

async function rejection(bytes: Uint8Array) {
  const error = await processUploadedImage(bytes, ITEM_IMAGE_TARGET_BYTES).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe("sniffImageType", () => {
  it("goes by the bytes, not the name", async () => {
    expect(sniffImageType(await photoJpeg(20, 20))).toBe("image/jpeg");
    expect(sniffImageType(await smallPng())).toBe("image/png");
    expect(
      sniffImageType(
        await sharp(await smallPng())
          .webp()
          .toBuffer(),
      ),
    ).toBe("image/webp");
    expect(sniffImageType(await smallGif())).toBeNull();
    expect(sniffImageType(svgWithScript)).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("processUploadedImage", () => {
  it("counts what it processed and what it refused, by reason, for the metrics", async () => {
    const before = structuredClone(uploadOutcomes);
    await processUploadedImage(await smallPng(), ITEM_IMAGE_TARGET_BYTES);
    await rejection(htmlPage);
    await rejection(new Uint8Array());
    expect(uploadOutcomes).toEqual({
      processed: before.processed + 1,
      refused: {
        ...before.refused,
        "not-an-image": before.refused["not-an-image"] + 1,
        empty: before.refused.empty + 1,
      },
    });
  });

  it("brings a 4000×3000 photo to the 12 KB target, or to the 360 px fallback", async () => {
    const result = await processUploadedImage(await photoJpeg(), ITEM_IMAGE_TARGET_BYTES);
    expect(result.mime).toBe("image/jpeg");
    if (result.fallback) expect(Math.max(result.width, result.height)).toBe(360);
    else expect(result.size).toBeLessThanOrEqual(ITEM_IMAGE_TARGET_BYTES);
    expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(800);
    expect(sniffImageType(result.body)).toBe("image/jpeg");
  });

  it("keeps a smooth photo within the 24 KB default at 800 px", async () => {
    const smooth = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: "#88aacc" },
    })
      .jpeg()
      .toBuffer();
    const result = await processUploadedImage(smooth, DEFAULT_IMAGE_TARGET_BYTES);
    expect(result.size).toBeLessThanOrEqual(DEFAULT_IMAGE_TARGET_BYTES);
    expect([result.width, result.height]).toEqual([800, 600]);
    expect(result.fallback).toBe(false);
  });

  it("turns a transparent PNG into a JPEG on white, without metadata", async () => {
    const withExif = await sharp(await smallPng())
      .withMetadata({ exif: { IFD0: { Copyright: "someone", Artist: "secret" } } })
      .png()
      .toBuffer();
    const result = await processUploadedImage(withExif, ITEM_IMAGE_TARGET_BYTES);
    const meta = await sharp(result.body).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(meta.hasAlpha).toBe(false);
    const [r, g, b] = (await sharp(result.body).raw().toBuffer()).subarray(0, 3);
    expect(r).toBeGreaterThan(200); // half-transparent red over white, not over black
    expect(g).toBeGreaterThan(100);
    expect(b).toBeGreaterThan(100);
  });

  it("re-encodes a JPEG with a ZIP appended into a clean JPEG", async () => {
    const result = await processUploadedImage(await jpegWithZip(), ITEM_IMAGE_TARGET_BYTES);
    expect(Buffer.from(result.body).includes(Buffer.from("PK\x03\x04", "latin1"))).toBe(false);
    expect(Buffer.from(result.body).includes(Buffer.from("secret payload"))).toBe(false);
    expect(result.body.at(-2)).toBe(0xff);
    expect(result.body.at(-1)).toBe(0xd9); // ends where a JPEG ends
  });

  it("gives the same hash for the same bytes and another for other bytes", async () => {
    const png = await smallPng();
    const a = await processUploadedImage(png, ITEM_IMAGE_TARGET_BYTES);
    const b = await processUploadedImage(png, ITEM_IMAGE_TARGET_BYTES);
    const c = await processUploadedImage(await smallPng(65, 48), ITEM_IMAGE_TARGET_BYTES);
    expect(a.hash).toBe(b.hash);
    expect(a.hash).not.toBe(c.hash);
  });

  it.each([
    ["a zero-byte file", async () => new Uint8Array(), "empty", 400],
    ["an SVG with a script", async () => svgWithScript, "not-an-image", 415],
    ["HTML named .jpg", async () => htmlPage, "not-an-image", 415],
    ["a GIF", smallGif, "not-an-image", 415],
    ["a 30000×30000 PNG", async () => hugePngHeader(), "too-many-pixels", 413],
    ["a truncated JPEG", truncatedJpeg, "unreadable", 422],
    [
      "a 20 MB file",
      async () => Buffer.concat([await photoJpeg(40, 40), Buffer.alloc(20 * 1024 * 1024)]),
      "too-large",
      413,
    ],
  ])("refuses %s", async (_label, make, reason, status) => {
    const error = await rejection(await make());
    expect(error.reason).toBe(reason);
    expect(error.status).toBe(status);
  });

  it("accepts a file of exactly 10 MB but not one byte more", async () => {
    const jpeg = await photoJpeg(40, 40);
    const padded = Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES - jpeg.length)]);
    await expect(processUploadedImage(padded, ITEM_IMAGE_TARGET_BYTES)).resolves.toBeTruthy();
    expect((await rejection(Buffer.concat([padded, Buffer.alloc(1)]))).reason).toBe("too-large");
  });
});
