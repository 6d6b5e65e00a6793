/**
 * Ready-made looks for a public page: named sets of the three colours and a font style,
 * offered per site type as swatches on the Info tab. Font styles are system font stacks
 * only, so a public page never downloads a font and stays within its byte budget.
 */
import type { ProductType } from "~/sites/product-types";
import { DEFAULT_COLORS, normalizeHex, type ColorKey } from "./colors";

export const FONT_STYLES = Object.freeze({
  modern: {
    label: "Modern sans",
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  classic: {
    label: "Classic serif",
    stack: 'Georgia, Cambria, "Times New Roman", Times, serif',
  },
  elegant: {
    label: "Elegant serif",
    stack: '"Iowan Old Style", "Palatino Linotype", Palatino, "URW Palladio L", P052, serif',
  },
  rounded: {
    label: "Rounded",
    stack:
      'ui-rounded, "SF Pro Rounded", "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, sans-serif',
  },
  humanist: {
    label: "Friendly sans",
    stack: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  },
});

export type FontStyle = keyof typeof FONT_STYLES;

export const FONT_STYLE_IDS = Object.keys(FONT_STYLES) as FontStyle[];

/** What every site had before font styles existed: the system's sans-serif. */
export const DEFAULT_FONT_STYLE: FontStyle = "modern";

export function isFontStyle(value: unknown): value is FontStyle {
  return typeof value === "string" && Object.hasOwn(FONT_STYLES, value);
}

/** A stored font style, or the default for anything else (an old row, a hand-edited one). */
export function fontStyleOf(value: unknown): FontStyle {
  return isFontStyle(value) ? value : DEFAULT_FONT_STYLE;
}

export interface ThemePreset {
  /** Stable id, stored with the site while its colours and font still match. */
  id: string;
  name: string;
  colors: Record<ColorKey, string>;
  font: FontStyle;
}

const preset = (
  id: string,
  name: string,
  [primary, secondary, text]: [string, string, string],
  font: FontStyle,
): ThemePreset => Object.freeze({ id, name, colors: { primary, secondary, text }, font });

/** The spec's default colours, offered everywhere so an owner can always go back to them. */
const CLASSIC = preset(
  "classic",
  "Classic",
  [DEFAULT_COLORS.primary, DEFAULT_COLORS.secondary, DEFAULT_COLORS.text],
  "modern",
);

/**
 * Every preset passes WCAG AA (4.5:1) for its text on the background, for the secondary
 * colour as headings on the background, and for the text on secondary-coloured buttons and
 * badges (app/lib/themes.test.ts checks all of them).
 */
export const THEME_PRESETS: Readonly<Record<ProductType, readonly ThemePreset[]>> = Object.freeze({
  restaurant: [
    CLASSIC,
    preset("bistro", "Bistro", ["#fffaf3", "#8c2f1b", "#2b1d16"], "classic"),
    preset("trattoria", "Trattoria", ["#f7f3e8", "#2f5d3a", "#1f2a1f"], "elegant"),
    preset("sushi-bar", "Sushi bar", ["#ffffff", "#b3261e", "#1a1a1a"], "modern"),
    preset("night-grill", "Night grill", ["#161616", "#f2b544", "#f5f0e6"], "modern"),
    preset("corner-cafe", "Corner café", ["#f4ede4", "#6f4e37", "#2e221a"], "rounded"),
    preset("seaside", "Seaside", ["#f2f8fb", "#0b5c7a", "#0f2a36"], "humanist"),
  ],
  shoppy: [
    CLASSIC,
    preset("boutique", "Boutique", ["#fdf8f6", "#9c2f5c", "#2a1820"], "elegant"),
    preset("minimal", "Minimal", ["#ffffff", "#111111", "#222222"], "modern"),
    preset("market", "Market", ["#f6f9f1", "#3d6b1f", "#1c2a12"], "rounded"),
    preset("studio", "Studio", ["#f3f4f8", "#3b3fb6", "#1b1c33"], "modern"),
    preset("midnight", "Midnight", ["#111827", "#93c5fd", "#f3f4f6"], "humanist"),
    preset("craft", "Craft", ["#faf5ec", "#8a4b12", "#2b1a0b"], "classic"),
  ],
  dealership: [
    CLASSIC,
    preset("showroom", "Showroom", ["#ffffff", "#0f3d91", "#111111"], "modern"),
    preset("racing", "Racing", ["#ffffff", "#b3121b", "#141414"], "modern"),
    preset("carbon", "Carbon", ["#121212", "#f5c400", "#f2f2f2"], "humanist"),
    preset("heritage", "Heritage", ["#f7f4ee", "#1f4d3a", "#1d1d1b"], "classic"),
    preset("coastline", "Coastline", ["#f1f6fa", "#155e75", "#0f2530"], "rounded"),
    preset("sunset", "Sunset", ["#fff7f0", "#a63c0c", "#2a1608"], "elegant"),
  ],
  ecommerce: [
    CLASSIC,
    preset("clean", "Clean", ["#ffffff", "#2456d6", "#111827"], "modern"),
    preset("bold", "Bold", ["#0b0b0b", "#facc15", "#fafafa"], "modern"),
    preset("natural", "Natural", ["#f7f5ef", "#4b6b2f", "#22261c"], "rounded"),
    preset("luxe", "Luxe", ["#faf7f2", "#6b4e16", "#1f1a12"], "elegant"),
    preset("ocean", "Ocean", ["#f0f7fa", "#0e5a8a", "#0d2233"], "humanist"),
    preset("blush", "Blush", ["#fff5f7", "#a3214f", "#2b1420"], "classic"),
  ],
});

export function themePresetsFor(type: ProductType): readonly ThemePreset[] {
  return THEME_PRESETS[type];
}

/**
 * The look to store from what the Info form sent. A preset picked by id wins: its colours
 * and font are stored with its id, so picking a swatch works without JavaScript too (with
 * JavaScript the form already shows the preset's values, and switches back to "Custom" as
 * soon as a colour or the font is changed by hand). Without a preset (or with an id this
 * type does not offer) the colours and font are stored as sent, with no id.
 */
export function resolveThemeChoice(
  type: ProductType,
  pickedId: unknown,
  colors: Record<ColorKey, string>,
  font: FontStyle,
): { theme: string; colors: Record<ColorKey, string>; fontStyle: FontStyle } {
  const picked = THEME_PRESETS[type].find((candidate) => candidate.id === pickedId);
  if (!picked) return { theme: "", colors, fontStyle: font };
  return { theme: picked.id, colors: { ...picked.colors }, fontStyle: picked.font };
}

/** The preset whose colours and font these are exactly, if any: the swatch to show as picked. */
export function matchingPreset(
  type: ProductType,
  colors: Partial<Record<ColorKey, unknown>>,
  font: FontStyle,
): ThemePreset | undefined {
  return THEME_PRESETS[type].find(
    (candidate) =>
      candidate.font === font &&
      (Object.keys(candidate.colors) as ColorKey[]).every(
        (key) => normalizeHex(colors[key]) === candidate.colors[key],
      ),
  );
}
