/**
 * Every language's words, for the pages that speak the site's language. Server-side and the
 * public pages only: the portal's browser bundle never needs more than English.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, siteLanguage, type LanguageCode } from "./languages";
import type { PageLanguage, PublicWords } from "./page-language";
import { ar } from "./words/ar";
import { de } from "./words/de";
import { en } from "./words/en";
import { es } from "./words/es";
import { fr } from "./words/fr";
import { it } from "./words/it";
import { ja } from "./words/ja";
import { nl } from "./words/nl";
import { pl } from "./words/pl";
import { pt } from "./words/pt";
import { tr } from "./words/tr";
import { zh } from "./words/zh";

export const CATALOGUES: Readonly<Record<LanguageCode, PublicWords>> = Object.freeze({
  en,
  es,
  fr,
  de,
  it,
  pt,
  nl,
  pl,
  tr,
  zh,
  ja,
  ar,
});

const PAGE_LANGUAGES = new Map<string, PageLanguage>(
  LANGUAGE_CODES.map((code) => [code, { language: siteLanguage(code), words: CATALOGUES[code] }]),
);

/** The page language of a stored or sent code; English for anything unlisted. */
export function pageLanguage(code: unknown): PageLanguage {
  return (
    (typeof code === "string" && PAGE_LANGUAGES.get(code)) || PAGE_LANGUAGES.get(DEFAULT_LANGUAGE)!
  );
}
