export type ColorKey = "primary" | "secondary" | "text";

export const COLOR_KEYS: readonly ColorKey[] = Object.freeze(["primary", "secondary", "text"]);

/** SPEC section 3: primary white, secondary grey 6b6b6b, text black. */
export const DEFAULT_COLORS: Readonly<Record<ColorKey, string>> = Object.freeze({
  primary: "#ffffff",
  secondary: "#6b6b6b",
  text: "#000000",
});

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * SPEC section 5: "Colors accept 3- or 6-digit hex, with or without #".
 * Returns the canonical lower-case #rrggbb form (3 digits expanded), or null. Other CSS forms
 * (names, rgb(), 4- and 8-digit hex with alpha) are rejected so a stored colour is always
 * safe to drop into a style attribute.
 */
export function normalizeHex(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const trimmed = input.trim();
  // Longest valid form is "#rrggbb"; bail out before the regex on anything longer.
  if (trimmed.length > 7) return null;
  const match = HEX_COLOR.exec(trimmed);
  if (!match) return null;
  const digits = match[1]!.toLowerCase();
  if (digits.length === 6) return `#${digits}`;
  return `#${digits[0]}${digits[0]}${digits[1]}${digits[1]}${digits[2]}${digits[2]}`;
}

/** A valid colour, else the default for that key. */
export function parseColor(input: unknown, key: ColorKey): string {
  return normalizeHex(input) ?? DEFAULT_COLORS[key];
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
  );
}

/**
 * All three colours with defaults filled in. `fellBack` lists the keys whose value was given
 * but invalid, so a form can say so; a missing or blank value falls back silently.
 */
export function parseColors(partial: Partial<Record<ColorKey, unknown>> | null | undefined): {
  colors: Record<ColorKey, string>;
  fellBack: ColorKey[];
} {
  const colors = { ...DEFAULT_COLORS };
  const fellBack: ColorKey[] = [];
  for (const key of COLOR_KEYS) {
    const value: unknown = partial?.[key];
    if (isBlank(value)) continue;
    const normalized = normalizeHex(value);
    if (normalized) colors[key] = normalized;
    else fellBack.push(key);
  }
  return { colors, fellBack };
}
