/**
 * The languages a site's public pages can speak: the words the pages say by themselves come
 * from ./public-words.ts, and dates, times, prices and numbers are written by `Intl` in the
 * language's locale.
 *
 * Codes are stored (`product_info.language`) and will appear in addresses: never rename one.
 */

export const LANGUAGE_CODES = [
  "en",
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "pl",
  "tr",
  "zh",
  "ja",
  "ar",
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = "en";

export interface SiteLanguage {
  code: LanguageCode;
  /** The language's name in itself, for a visitor choosing it ("Español"). */
  name: string;
  /** Its name in English, for the portal, which is in English. */
  englishName: string;
  /** The page's `lang`: a BCP 47 tag, and the locale `Intl` formats in. */
  tag: string;
  dir: "ltr" | "rtl";
}

export const SITE_LANGUAGES: readonly SiteLanguage[] = Object.freeze([
  { code: "en", name: "English", englishName: "English", tag: "en", dir: "ltr" },
  { code: "es", name: "Español", englishName: "Spanish", tag: "es", dir: "ltr" },
  { code: "fr", name: "Français", englishName: "French", tag: "fr", dir: "ltr" },
  { code: "de", name: "Deutsch", englishName: "German", tag: "de", dir: "ltr" },
  { code: "it", name: "Italiano", englishName: "Italian", tag: "it", dir: "ltr" },
  { code: "pt", name: "Português", englishName: "Portuguese", tag: "pt", dir: "ltr" },
  { code: "nl", name: "Nederlands", englishName: "Dutch", tag: "nl", dir: "ltr" },
  { code: "pl", name: "Polski", englishName: "Polish", tag: "pl", dir: "ltr" },
  { code: "tr", name: "Türkçe", englishName: "Turkish", tag: "tr", dir: "ltr" },
  {
    code: "zh",
    name: "简体中文",
    englishName: "Chinese (simplified)",
    tag: "zh-Hans",
    dir: "ltr",
  },
  { code: "ja", name: "日本語", englishName: "Japanese", tag: "ja", dir: "ltr" },
  { code: "ar", name: "العربية", englishName: "Arabic", tag: "ar", dir: "rtl" },
] satisfies SiteLanguage[]);

const BY_CODE = new Map<string, SiteLanguage>(SITE_LANGUAGES.map((l) => [l.code, l]));

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && BY_CODE.has(value);
}

/** A stored or sent code as a listed language; anything else is the default, English. */
export function siteLanguage(code: unknown): SiteLanguage {
  return (typeof code === "string" && BY_CODE.get(code)) || BY_CODE.get(DEFAULT_LANGUAGE)!;
}
