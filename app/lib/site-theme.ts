/**
 * An owner's three colors as CSS custom properties for a public page, plus the
 * colors derived from them so that text stays readable whatever was chosen.
 */
import type { CSSProperties } from "react";
import { DEFAULT_COLORS, normalizeHex, type ColorKey } from "./colors";
import { FONT_STYLES, fontStyleOf, type FontStyle } from "./themes";

/** WCAG 2 relative luminance of a #rrggbb color. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colors, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Black or white, whichever reads better on the background (always at least 4.5:1). */
export function readableOn(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff")
    ? "#000000"
    : "#ffffff";
}

/** WCAG AA for body text. */
const MIN_CONTRAST = 4.5;

export interface SiteTheme {
  primary: string;
  secondary: string;
  text: string;
  /** Text on the secondary color (badges, buttons). */
  onSecondary: string;
  /** The secondary color where it reads well on the primary one (headings), else the text color. */
  accent: string;
}

/**
 * The owner's colors, re-checked (only #rrggbb reaches a style attribute), with the text
 * color replaced by black or white when it would be unreadable on the primary color.
 */
export function siteTheme(colors: Partial<Record<ColorKey, unknown>>): SiteTheme {
  const primary = normalizeHex(colors.primary) ?? DEFAULT_COLORS.primary;
  const secondary = normalizeHex(colors.secondary) ?? DEFAULT_COLORS.secondary;
  const chosenText = normalizeHex(colors.text) ?? DEFAULT_COLORS.text;
  const text =
    contrastRatio(chosenText, primary) >= MIN_CONTRAST ? chosenText : readableOn(primary);
  const accent = contrastRatio(secondary, primary) >= MIN_CONTRAST ? secondary : text;
  return { primary, secondary, text, onSecondary: readableOn(secondary), accent };
}

/** The theme as custom properties for React's style prop: values escaped by React, never CSS text. */
export function siteThemeStyle(colors: Partial<Record<ColorKey, unknown>>): CSSProperties {
  const theme = siteTheme(colors);
  return {
    "--site-primary": theme.primary,
    "--site-secondary": theme.secondary,
    "--site-text": theme.text,
    "--site-on-secondary": theme.onSecondary,
    "--site-accent": theme.accent,
  } as CSSProperties;
}

/**
 * What a public page's outermost element carries: the colours as custom properties, the
 * font style's system font stack, and a marker the editor's live preview finds to try
 * unsaved choices on the real page.
 */
export function siteThemeAttributes(
  colors: Partial<Record<ColorKey, unknown>>,
  fontStyle: unknown,
): { style: CSSProperties; "data-font": FontStyle; "data-site-theme": "" } {
  const font = fontStyleOf(fontStyle);
  return {
    style: { ...siteThemeStyle(colors), fontFamily: FONT_STYLES[font].stack },
    "data-font": font,
    "data-site-theme": "",
  };
}
