import { describe, expect, it } from "vitest";
import { legacyPublicPath } from "./legacy-links";

describe("legacyPublicPath", () => {
  it.each([
    ["r/joes-diner-AbC123", "/r/joes-diner-AbC123"],
    ["/s/shop-XyZ", "/s/shop-XyZ"],
    ["d/abc", "/d/abc"],
    ["/e/store-1-2-3", "/e/store-1-2-3"],
  ])("maps %j to %j", (p, path) => {
    expect(legacyPublicPath(p)).toBe(path);
  });

  it.each([
    "//evil.com",
    "https://evil.com",
    "x/abc",
    "r/",
    "r",
    "/r/a/b",
    "r/a?b",
    "r/a#b",
    "r/..",
    "//r/abc",
    "r/abc\\evil",
    "R/abc",
    " r/abc",
    "r/café",
    "",
    "r/" + "a".repeat(400),
  ])("ignores %j", (p) => {
    expect(legacyPublicPath(p)).toBeNull();
  });

  it("ignores a missing value", () => {
    expect(legacyPublicPath(null)).toBeNull();
    expect(legacyPublicPath(undefined)).toBeNull();
  });
});
