import { describe, expect, it } from "vitest";
import { absoluteImageUrl, publicImageSrc } from "./image-url";

describe("publicImageSrc", () => {
  it("keeps this site's paths and absolute http(s) URLs", () => {
    expect(publicImageSrc("/files/restaurants/p1/info/logo?v=3f2a")).toBe(
      "/files/restaurants/p1/info/logo?v=3f2a",
    );
    expect(publicImageSrc(" https://cdn.example/a.jpg ")).toBe("https://cdn.example/a.jpg");
    expect(publicImageSrc("http://cdn.example/a.jpg")).toBe("http://cdn.example/a.jpg");
  });

  it("refuses scripts, data, other hosts by a protocol-relative path, and junk", () => {
    for (const value of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.jpg",
      "/\\evil.example/a.jpg",
      "/files/a b.jpg",
      "files/a.jpg",
      "",
      "   ",
      `/${"a".repeat(3000)}`,
      null,
      undefined,
      42,
    ]) {
      expect(publicImageSrc(value), String(value)).toBeNull();
    }
  });
});

describe("absoluteImageUrl", () => {
  it("joins this site's paths to the public origin", () => {
    expect(absoluteImageUrl("/files/x/logo?v=1", "https://menu.example")).toBe(
      "https://menu.example/files/x/logo?v=1",
    );
    expect(absoluteImageUrl("/files/x/logo?v=1", "http://localhost:3000/")).toBe(
      "http://localhost:3000/files/x/logo?v=1",
    );
  });

  it("keeps absolute URLs and refuses the rest", () => {
    expect(absoluteImageUrl("https://cdn.example/a.jpg", "https://menu.example")).toBe(
      "https://cdn.example/a.jpg",
    );
    expect(absoluteImageUrl("javascript:alert(1)", "https://menu.example")).toBeNull();
    expect(absoluteImageUrl("", "https://menu.example")).toBeNull();
  });
});
