/**
 * The info form of a site (SPEC section 3, "Product info"): name, contact,
 * address, hours, colors and image URLs, and what is stored of it; the server normalises
 * hours and colors before saving. The form's zod schema is in ./profile-info-schema.ts.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseColors, type ColorKey } from "./colors";
import { isCurrencyCode, type CurrencyCode } from "./currency";
import {
  applyHoursChoices,
  DAYS,
  isHourChoice,
  normalizeHours,
  NOT_CHOSEN,
  type HoursRow,
  type SpecialHours,
} from "./hours";
import type { ProfileInfoInput } from "./profile-info-schema";
import { toSpecialHours } from "./special-hours";
import { todayIn } from "./opening-status";
import { type FontStyle } from "./themes";

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
}

/** A value an open or close select can hold: a choice, or nothing chosen yet. */
function isFormValue(value: unknown): value is string {
  return value === NOT_CHOSEN || isHourChoice(value);
}

/**
 * What is stored: hours in their 7-row shape, colors with defaults for anything invalid,
 * special days that have not ended yet where the site is (`now` is the moment of saving).
 */
export function toProfileInfo(
  input: ProfileInfoInput,
  now: Date = new Date(),
): {
  info: ProfileInfo;
  colorsFellBack: ColorKey[];
} {
  const { colors, fellBack } = parseColors(input.colors);
  const hours = normalizeHours(
    DAYS.map((day, i) => {
      const sent = input.hours?.[i];
      const chosen = { day, open: sent?.open ?? "", close: sent?.close ?? "" };
      const shown = { day, open: sent?.shownOpen, close: sent?.shownClose };
      return isFormValue(shown.open) && isFormValue(shown.close)
        ? applyHoursChoices({ day, open: shown.open, close: shown.close }, chosen)
        : chosen;
    }),
  );
  return {
    info: {
      name: input.name,
      contact: { phone: input.phone, email: input.email },
      address: input.address,
      logoUrl: safeHttpUrl(input.logoUrl) ?? "",
      bgUrl: safeHttpUrl(input.bgUrl) ?? "",
      colors,
      hours,
      specialHours: toSpecialHours(input.specialHours, todayIn(input.timeZone, now)),
      timeZone: input.timeZone,
      fontStyle: input.fontStyle,
    },
    colorsFellBack: fellBack,
  };
}
