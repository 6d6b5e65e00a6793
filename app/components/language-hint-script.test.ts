import { describe, expect, it } from "vitest";
import { preferredHint } from "./language-hint-script";

describe("preferredHint", () => {
  it("is the first of the visitor's languages the site has, unless the page's comes first", () => {
    expect(preferredHint(["es-MX", "en"], "en", ["es", "fr"])).toBe("es");
    expect(preferredHint(["en-GB", "es"], "en", ["es"])).toBeNull();
    expect(preferredHint(["de", "fr-CA", "es"], "en", ["es", "fr"])).toBe("fr");
    expect(preferredHint(["ja"], "en", ["es"])).toBeNull();
    expect(preferredHint([], "en", ["es"])).toBeNull();
  });

  it("compares base languages, whatever their region, script or case", () => {
    expect(preferredHint(["ZH-hans-CN"], "en", ["zh"])).toBe("zh");
    expect(preferredHint(["zh-TW", "en"], "zh-Hans", ["en"])).toBeNull();
  });
});
