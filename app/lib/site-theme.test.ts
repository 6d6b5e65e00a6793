import { describe, expect, it } from "vitest";
import { contrastRatio, readableOn, siteTheme, siteThemeStyle } from "./site-theme";

describe("contrastRatio", () => {
  it("matches the WCAG figures", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#6b6b6b", "#ffffff")).toBeCloseTo(5.33, 1);
  });
});

describe("readableOn", () => {
  it("picks black on light colors and white on dark ones", () => {
    expect(readableOn("#fff8f0")).toBe("#000000");
    expect(readableOn("#b4441c")).toBe("#ffffff");
    expect(readableOn("#0b1f3a")).toBe("#ffffff");
  });
});

describe("siteTheme", () => {
  it("keeps readable owner colors as they are", () => {
    expect(siteTheme({ primary: "#fff8f0", secondary: "#b4441c", text: "#1f1a17" })).toEqual({
      primary: "#fff8f0",
      secondary: "#b4441c",
      text: "#1f1a17",
      onSecondary: "#ffffff",
      accent: "#b4441c",
    });
  });

  it("replaces unreadable text, and headings fall back to the text color", () => {
    const theme = siteTheme({ primary: "#ffffff", secondary: "#ffff00", text: "#eeeeee" });
    expect(theme.text).toBe("#000000");
    expect(theme.accent).toBe("#000000");
    expect(theme.onSecondary).toBe("#000000");
  });

  it("lets nothing but hex colors through", () => {
    const theme = siteTheme({
      primary: "red;background:url(https://evil.example)",
      secondary: "</style>",
      text: 42,
    });
    expect(theme).toMatchObject({ primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" });
    expect(Object.values(siteThemeStyle({ primary: "#abc" }))).toContain("#aabbcc");
  });
});
