import { describe, expect, it } from "vitest";
import { COLOR_KEYS, DEFAULT_COLORS, normalizeHex, parseColor, parseColors } from "./colors";

describe("DEFAULT_COLORS", () => {
  it("is white, grey 6b6b6b and black", () => {
    expect(DEFAULT_COLORS).toEqual({ primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" });
    expect(Object.isFrozen(DEFAULT_COLORS)).toBe(true);
    expect(COLOR_KEYS).toEqual(["primary", "secondary", "text"]);
  });
});

describe("normalizeHex", () => {
  it("accepts 6-digit hex with or without #", () => {
    expect(normalizeHex("#1a2b3c")).toBe("#1a2b3c");
    expect(normalizeHex("1a2b3c")).toBe("#1a2b3c");
  });

  it("expands 3-digit hex", () => {
    expect(normalizeHex("#abc")).toBe("#aabbcc");
    expect(normalizeHex("f0a")).toBe("#ff00aa");
    expect(normalizeHex("000")).toBe("#000000");
  });

  it("lower-cases and trims", () => {
    expect(normalizeHex("#ABCDEF")).toBe("#abcdef");
    expect(normalizeHex("  #AbC  ")).toBe("#aabbcc");
    expect(normalizeHex("\tFFF\n")).toBe("#ffffff");
    expect(normalizeHex("\u00a0fff\u3000")).toBe("#ffffff");
  });

  it("rejects other lengths, including alpha forms", () => {
    for (const value of [
      "",
      "#",
      "f",
      "ff",
      "#ffff",
      "#fffff",
      "#fffffff",
      "#ffffffff",
      "ffffffff",
    ]) {
      expect(normalizeHex(value)).toBeNull();
    }
  });

  it("rejects non-hex characters and other CSS syntax", () => {
    for (const value of [
      "#ggg",
      "#12345g",
      "red",
      "rgb(0,0,0)",
      "##fff",
      "# fff",
      "#f f f",
      "fff;",
      '#fff" onload="x',
      "0xfff",
      "#ｆｆｆ", // full-width letters
      "#ff\u0000f",
      "#caf\u00e9",
      "#🍕",
    ]) {
      expect(normalizeHex(value)).toBeNull();
    }
  });

  it("rejects whitespace-only input", () => {
    expect(normalizeHex("   ")).toBeNull();
  });

  it("rejects non-strings", () => {
    for (const value of [null, undefined, 0xfff, 123456, true, {}, ["#fff"]]) {
      expect(normalizeHex(value)).toBeNull();
    }
  });

  it("handles a 1 MB string quickly", () => {
    const started = performance.now();
    expect(normalizeHex("f".repeat(1_000_000))).toBeNull();
    expect(normalizeHex(`${" ".repeat(500_000)}#fff${" ".repeat(500_000)}`)).toBe("#ffffff");
    expect(normalizeHex(`#${"a".repeat(1_000_000)}`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("parseColor", () => {
  it("returns the normalised colour when valid", () => {
    expect(parseColor("ABC", "primary")).toBe("#aabbcc");
  });

  it("falls back to the default for that key", () => {
    expect(parseColor("nope", "primary")).toBe("#ffffff");
    expect(parseColor("", "secondary")).toBe("#6b6b6b");
    expect(parseColor(undefined, "text")).toBe("#000000");
    expect(parseColor(42, "text")).toBe("#000000");
  });
});

describe("parseColors", () => {
  it("returns all defaults for null, undefined or an empty object", () => {
    for (const input of [null, undefined, {}]) {
      expect(parseColors(input)).toEqual({ colors: { ...DEFAULT_COLORS }, fellBack: [] });
    }
  });

  it("normalises valid values", () => {
    expect(parseColors({ primary: "F00", secondary: "#00FF00", text: " 00f " })).toEqual({
      colors: { primary: "#ff0000", secondary: "#00ff00", text: "#0000ff" },
      fellBack: [],
    });
  });

  it("falls back silently for missing or blank values", () => {
    const result = parseColors({ primary: "", secondary: "   ", text: null });
    expect(result.colors).toEqual(DEFAULT_COLORS);
    expect(result.fellBack).toEqual([]);
  });

  it("lists keys whose given value was invalid, in key order", () => {
    const result = parseColors({ text: "black", primary: "#12", secondary: "#123" });
    expect(result.colors).toEqual({ primary: "#ffffff", secondary: "#112233", text: "#000000" });
    expect(result.fellBack).toEqual(["primary", "text"]);
  });

  it("treats non-string values as invalid", () => {
    const result = parseColors({ primary: 0xffffff, secondary: {}, text: false });
    expect(result.colors).toEqual(DEFAULT_COLORS);
    expect(result.fellBack).toEqual(["primary", "secondary", "text"]);
  });

  it("ignores unknown keys", () => {
    const input = { primary: "#fff", accent: "#000" } as Partial<Record<"primary", unknown>>;
    expect(parseColors(input)).toEqual({
      colors: { ...DEFAULT_COLORS, primary: "#ffffff" },
      fellBack: [],
    });
  });

  it("returns a fresh object that does not share state with the defaults", () => {
    const first = parseColors(null);
    first.colors.primary = "#123456";
    expect(DEFAULT_COLORS.primary).toBe("#ffffff");
    expect(parseColors(null).colors.primary).toBe("#ffffff");
  });
});
