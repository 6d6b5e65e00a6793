/**
 * The info form of a site (SPEC section 3, "Product info"): name, contact,
 * address, hours, colors and image URLs, as it is stored. The form's zod schema, and how
 * the server normalises hours and colors before saving, are in ./profile-info-schema.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ColorKey } from "./colors";
import { isCurrencyCode, type CurrencyCode } from "./currency";
import type { HoursRow, SpecialHours } from "./hours";
import type { FontStyle } from "./themes";
import type { LanguageCode } from "./i18n/languages";

const URL_MAX_LENGTH = 2048;

/** An absolute http(s) URL, or null: nothing an owner types may become `javascript:` or `data:`. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > URL_MAX_LENGTH) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The currency of a checked form or a stored row, when it names a listed one; a form
 * without it leaves the stored currency as it is.
 */
export function currencyOf(input: Readonly<Record<string, unknown>>): {
  currency?: CurrencyCode;
} {
  return isCurrencyCode(input.currency) ? { currency: input.currency } : {};
}

/**
 * What saving a site's Info answers: Conform's reply to the form (the type's
 * failure message as the form's error, and the field errors), and after a save
 * the colors that were not colors and fell back to their defaults.
 */
export interface SaveInfoResult {
  intent: "save-info";
  result: SubmissionResult<string[]>;
  colorsFellBack?: ColorKey[];
}

export interface ProfileInfo {
  name: string;
  contact: { phone: string; email: string };
  address: string;
  logoUrl: string;
  bgUrl: string;
  colors: Record<ColorKey, string>;
  hours: HoursRow[];
  /** Dated exceptions to the week, first day first; those already over are dropped. */
  specialHours: SpecialHours[];
  timeZone: string;
  fontStyle: FontStyle;
  /** The public page's language; left out, the stored one stays. */
  language?: LanguageCode;
}
