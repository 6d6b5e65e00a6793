import { describe, expect, it } from "vitest";
import {
  DEFAULT_IMAGE_TARGET_BYTES,
  DELETE_BATCH_SIZE,
  HERO_HEIGHT_PX,
  IMAGE_CACHE_SECONDS,
  ITEM_IMAGE_TARGET_BYTES,
  LOGO_SIZE_PX,
  MAX_IMAGES_PER_ITEM,
  MAX_ITEMS_PER_PRODUCT,
  MAX_PRODUCTS_PER_USER,
  MAX_SHOP_TAGS,
  MAX_TAGS_PER_ITEM,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SWIPE_THRESHOLD_PX,
  effectiveMaxProducts,
  isStatusValid,
  normalizeTags,
} from "./limits";

describe("constants", () => {
  it("match SPEC section 9", () => {
    expect(MAX_PRODUCTS_PER_USER).toBe(3);
    expect(MAX_ITEMS_PER_PRODUCT).toBe(50);
    expect(MAX_SHOP_TAGS).toBe(50);
    expect(MAX_TAGS_PER_ITEM).toBe(10);
    expect(MAX_IMAGES_PER_ITEM).toBe(5);
    expect(ITEM_IMAGE_TARGET_BYTES).toBe(12 * 1024);
    expect(DEFAULT_IMAGE_TARGET_BYTES).toBe(24 * 1024);
    expect(DELETE_BATCH_SIZE).toBe(450);
    expect(SWIPE_THRESHOLD_PX).toBe(40);
    expect(HERO_HEIGHT_PX).toBe(280);
    expect(LOGO_SIZE_PX).toBe(120);
    expect(IMAGE_CACHE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });
});

describe("effectiveMaxProducts", () => {
  it("is the record value bounded by 3", () => {
    expect(effectiveMaxProducts(0)).toBe(0);
    expect(effectiveMaxProducts(1)).toBe(1);
    expect(effectiveMaxProducts(3)).toBe(3);
    expect(effectiveMaxProducts(10)).toBe(3);
    expect(effectiveMaxProducts(Number.POSITIVE_INFINITY)).toBe(3);
    expect(effectiveMaxProducts(Number.MAX_SAFE_INTEGER)).toBe(3);
  });

  it("is never negative", () => {
    expect(effectiveMaxProducts(-1)).toBe(0);
    expect(effectiveMaxProducts(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(Object.is(effectiveMaxProducts(-0), 0)).toBe(true);
  });

  it("rounds fractions down", () => {
    expect(effectiveMaxProducts(2.9)).toBe(2);
    expect(effectiveMaxProducts(0.5)).toBe(0);
  });

  it("uses the interface limit when the value is missing", () => {
    expect(effectiveMaxProducts(Number.NaN)).toBe(3);
    expect(effectiveMaxProducts(undefined as unknown as number)).toBe(3);
    expect(effectiveMaxProducts("2" as unknown as number)).toBe(3);
  });
});

describe("normalizeTags", () => {
  it("trims and drops empties", () => {
    expect(normalizeTags(["  vintage ", "", "   ", "\t\n", "new"], 10)).toEqual({
      tags: ["vintage", "new"],
      overLimit: false,
    });
  });

  it("removes case-insensitive duplicates, keeping the first spelling", () => {
    expect(normalizeTags(["Sale", "sale", "SALE ", "Hats", "hats"], 10).tags).toEqual([
      "Sale",
      "Hats",
    ]);
  });

  it("handles accents, composed and decomposed forms, and non-Latin case", () => {
    expect(normalizeTags(["Café", "cafe\u0301", "CAFÉ", "cafe"], 10).tags).toEqual([
      "Café",
      "cafe",
    ]);
    expect(normalizeTags(["Ωmega", "ωMEGA"], 10).tags).toEqual(["Ωmega"]);
  });

  it("keeps emoji tags and distinguishes different emoji", () => {
    expect(normalizeTags(["🍕", " 🍕 ", "🍔", "👨‍👩‍👧"], 10).tags).toEqual(["🍕", "🍔", "👨‍👩‍👧"]);
  });

  it("drops non-strings", () => {
    expect(normalizeTags([1, null, undefined, {}, ["x"], "ok", true], 10).tags).toEqual(["ok"]);
  });

  it("treats a non-array as no tags", () => {
    expect(normalizeTags(undefined as unknown as unknown[], 10)).toEqual({
      tags: [],
      overLimit: false,
    });
    expect(normalizeTags("a,b" as unknown as unknown[], 10)).toEqual({
      tags: [],
      overLimit: false,
    });
  });

  it("reports overLimit only past the max, counting unique tags, and keeps every tag", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(normalizeTags(ten, MAX_TAGS_PER_ITEM).overLimit).toBe(false);
    expect(normalizeTags([...ten, "T0", " t1 "], MAX_TAGS_PER_ITEM).overLimit).toBe(false);
    const eleven = normalizeTags([...ten, "extra"], MAX_TAGS_PER_ITEM);
    expect(eleven.overLimit).toBe(true);
    expect(eleven.tags).toHaveLength(11);
  });

  it("applies the shop-level limit of 50", () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `tag ${i}`);
    expect(normalizeTags(fifty, MAX_SHOP_TAGS).overLimit).toBe(false);
    expect(normalizeTags([...fifty, "one more"], MAX_SHOP_TAGS).overLimit).toBe(true);
  });

  it("handles odd max values", () => {
    expect(normalizeTags([], 0)).toEqual({ tags: [], overLimit: false });
    expect(normalizeTags(["a"], 0).overLimit).toBe(true);
    expect(normalizeTags(["a"], -5).overLimit).toBe(true);
    expect(normalizeTags(["a"], Number.NaN).overLimit).toBe(true);
    expect(normalizeTags(["a"], Number.POSITIVE_INFINITY).overLimit).toBe(false);
  });

  it("handles large input quickly", () => {
    const started = performance.now();
    const long = "x".repeat(1_000_000);
    expect(normalizeTags([long, ` ${long} `], 10).tags).toHaveLength(1);
    const many = Array.from({ length: 100_000 }, (_, i) => `tag${i % 1000}`);
    const result = normalizeTags(many, MAX_SHOP_TAGS);
    expect(result.tags).toHaveLength(1000);
    expect(result.overLimit).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("isStatusValid", () => {
  it("defaults to valid when missing", () => {
    expect(isStatusValid(undefined)).toBe(true);
    expect(isStatusValid(null)).toBe(true);
  });

  it("compares in lower case after trimming", () => {
    expect(isStatusValid("valid")).toBe(true);
    expect(isStatusValid("VALID")).toBe(true);
    expect(isStatusValid("  Valid \n")).toBe(true);
  });

  it("rejects anything else, including empty text", () => {
    for (const status of [
      "",
      "   ",
      "invalid",
      "suspended",
      "valid!",
      "v a l i d",
      "válid",
      "valid\u0000",
      "✅",
    ]) {
      expect(isStatusValid(status)).toBe(false);
    }
  });

  it("rejects non-strings at runtime", () => {
    expect(isStatusValid(1 as unknown as string)).toBe(false);
    expect(isStatusValid(true as unknown as string)).toBe(false);
  });

  it("handles a 1 MB status quickly", () => {
    const started = performance.now();
    expect(isStatusValid(`${" ".repeat(1_000_000)}valid`)).toBe(true);
    expect(isStatusValid("v".repeat(1_000_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
