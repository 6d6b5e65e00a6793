/**
 * The zod schema of a site's Info form (./profile-info.ts), for the server and for the
 * browser's validation as the owner types, and what is stored from what it checked.
 */
import { CURRENCY_CODES, CURRENCY_UNKNOWN } from "./currency";
import { parseColors, type ColorKey } from "./colors";
import { applyHoursChoices, DAYS, isHourChoice, normalizeHours, NOT_CHOSEN } from "./hours";
import { NAME_MAX_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { safeHttpUrl, type ProfileInfo } from "./profile-info";
import { specialHoursField, toSpecialHours } from "./special-hours-schema";
import { todayIn } from "./opening-status";
import { DEFAULT_FONT_STYLE, isFontStyle } from "./themes";
import { isKnownTimeZone } from "./time-zones";
import { LANGUAGE_CODES } from "./i18n/languages";
import { z } from "./zod";

/** A text field that may be left empty (read as ""), trimmed, at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: MESSAGES.textTooLong })
    .optional()
    .transform((value) => value ?? "");

const imageUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || safeHttpUrl(value) !== null, { error: MESSAGES.httpUrlOnly });

export const profileInfoSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong }),
  phone: optionalText(40),
  // Empty is allowed (forms send "" or nothing); anything else must look like an email.
  email: z
    .union([z.literal(""), z.email({ error: MESSAGES.emailInvalid }).max(254)])
    .optional()
    .transform((value) => value ?? ""),
  address: optionalText(300),
  logoUrl: imageUrl,
  bgUrl: imageUrl,
  colors: z
    .object({ primary: optionalText(32), secondary: optionalText(32), text: optionalText(32) })
    .optional(),
  /**
   * Each day's open and close, and what the form showed for them when it was loaded
   * (`shownOpen`, `shownClose`): which side the owner chose is how the server applies the
   * Closed-partner rule to a form sent without JavaScript (`applyHoursChoices`).
   */
  hours: z
    .array(
      z
        .object({
          open: optionalText(16),
          close: optionalText(16),
          shownOpen: z.string().max(16).optional(),
          shownClose: z.string().max(16).optional(),
        })
        .optional(),
    )
    .max(DAYS.length)
    .optional(),
  /** Left out (an older form) keeps the default; anything else must be one the editor offers. */
  fontStyle: z
    .string()
    .optional()
    .transform((value) => value || DEFAULT_FONT_STYLE)
    .refine(isFontStyle, { error: MESSAGES.fontStyleUnknown }),
  /** The preset picked last; kept only while the colours and font still match it. */
  theme: optionalText(40),
  /** Left out (an older form) or empty: no zone, so no "Open now" on the public page. */
  timeZone: optionalText(64).refine((zone) => zone === "" || isKnownTimeZone(zone), {
    error: MESSAGES.timeZoneUnknown,
  }),
  specialHours: specialHoursField,
  /** Left out (an older form): the stored language stays; anything else must be listed. */
  language: z.enum(LANGUAGE_CODES, { error: MESSAGES.languageUnknown }).optional(),
});

export type ProfileInfoInput = z.infer<typeof profileInfoSchema>;

/**
 * The Info form's currency: one of CURRENCIES, exactly as the select sends it. Anything else
 * is refused with CURRENCY_UNKNOWN (never read as the default). Left out of the form, the
 * stored currency stays as it is.
 */
export const currencyField = z.enum(CURRENCY_CODES, { error: CURRENCY_UNKNOWN }).optional();

/**
 * The Info form of a site that shows prices (a menu, a shop): the shared fields and the
 * currency its prices are in (./currency.ts).
 */
export const pricedInfoSchema = profileInfoSchema.extend({ currency: currencyField });

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
      ...(input.language ? { language: input.language } : {}),
    },
    colorsFellBack: fellBack,
  };
}
