import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES } from "~/sites/product-types";
import { DEFAULT_COLORS } from "./colors";
import { contrastRatio, readableOn, siteTheme } from "./site-theme";
import {
  DEFAULT_FONT_STYLE,
  FONT_STYLES,
  fontStyleOf,
  matchingPreset,
  resolveThemeChoice,
  THEME_PRESETS,
  themePresetsFor,
} from "./themes";

const AA = 4.5;

describe("theme presets", () => {
  for (const type of PRODUCT_TYPES) {
    const presets = themePresetsFor(type);

    it(`${type} offers at least six named presets with unique ids and names`, () => {
      expect(presets.length).toBeGreaterThanOrEqual(6);
      expect(new Set(presets.map((preset) => preset.id)).size).toBe(presets.length);
      expect(new Set(presets.map((preset) => preset.name)).size).toBe(presets.length);
    });

    for (const preset of presets) {
      it(`${type} "${preset.name}" passes AA for text, headings, buttons and badges`, () => {
        const { primary, secondary, text } = preset.colors;
        expect(contrastRatio(text, primary)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(secondary, primary)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(readableOn(secondary), secondary)).toBeGreaterThanOrEqual(AA);
        // The page uses the preset's colours as they are: nothing is replaced for readability.
        expect(siteTheme(preset.colors)).toMatchObject({
          primary,
          secondary,
          text,
          accent: secondary,
        });
      });

      it(`${type} "${preset.name}" uses a system font style and canonical colours`, () => {
        expect(Object.keys(FONT_STYLES)).toContain(preset.font);
        for (const value of Object.values(preset.colors)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
      });
    }
  }

  it("offers the spec's default colours as the Classic preset of every type", () => {
    for (const type of PRODUCT_TYPES) {
      expect(THEME_PRESETS[type][0]).toMatchObject({ id: "classic", colors: DEFAULT_COLORS });
    }
  });
});

describe("font styles", () => {
  it("are system font stacks: no web font is ever named by URL", () => {
    for (const style of Object.values(FONT_STYLES))
      expect(style.stack).not.toMatch(/url\(|@import/);
  });

  it("falls back to the default for anything unknown", () => {
    expect(fontStyleOf("classic")).toBe("classic");
    expect(fontStyleOf("comic")).toBe(DEFAULT_FONT_STYLE);
    expect(fontStyleOf(undefined)).toBe(DEFAULT_FONT_STYLE);
    expect(fontStyleOf("toString")).toBe(DEFAULT_FONT_STYLE);
  });
});

describe("resolveThemeChoice", () => {
  const bistro = THEME_PRESETS.restaurant.find((preset) => preset.id === "bistro")!;
  const typed = { primary: "#123456", secondary: "#abcdef", text: "#000000" };

  it("stores a picked preset's colours and font with its id, whatever else was sent", () => {
    expect(resolveThemeChoice("restaurant", "bistro", typed, "rounded")).toEqual({
      theme: "bistro",
      colors: bistro.colors,
      fontStyle: bistro.font,
    });
  });

  it("stores the colours and font as sent when no preset is picked", () => {
    expect(resolveThemeChoice("restaurant", "", typed, "rounded")).toEqual({
      theme: "",
      colors: typed,
      fontStyle: "rounded",
    });
  });

  it("ignores an id the type does not offer", () => {
    expect(resolveThemeChoice("shoppy", "bistro", typed, "classic").theme).toBe("");
    expect(resolveThemeChoice("restaurant", "constructor", typed, "classic").theme).toBe("");
  });
});

describe("matchingPreset", () => {
  it("finds the preset whose colours and font these are, written any valid way", () => {
    const bistro = THEME_PRESETS.restaurant.find((preset) => preset.id === "bistro")!;
    expect(
      matchingPreset("restaurant", { ...bistro.colors, primary: "FFFAF3" }, bistro.font)?.id,
    ).toBe("bistro");
    expect(matchingPreset("restaurant", bistro.colors, "rounded")).toBeUndefined();
    expect(matchingPreset("restaurant", DEFAULT_COLORS, "modern")?.id).toBe("classic");
  });
});
