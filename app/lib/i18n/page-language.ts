/**
 * A page's language: the words a public page says by itself in it (./words/en.ts and the
 * others, gathered in ./catalogues.ts), and the few `Intl` formats around them (times, days,
 * dates, lists, plurals).
 *
 * A page gets one `PageLanguage` and hands it to what writes its words: the React parts read
 * it from context (./page-language-context.tsx), the templates and the rules that phrase
 * text (the opening status, the dietary labels, option prices) take it as an argument, which
 * defaults to English. This module holds English alone, so that code shared with the portal's
 * browser bundle does not carry every catalogue.
 *
 * Plain catalogues and `Intl` rather than a message-format library: the public pages render
 * uncached in about 2 ms, and a lookup here is a property read (docs/decisions/0025-public-page-languages.md).
 */
import { siteLanguage, type SiteLanguage } from "./languages";
import { fill, pluralText, type PluralWords } from "./text";
import { en } from "./words/en";

export { fill, type PluralWords };

type WordValue<T> = T extends string ? string : T extends boolean ? boolean : PluralWords;

/** Every key English has, each a text, a plural, or (for a rule of the language) a flag. */
export type PublicWords = { [K in keyof typeof en]: WordValue<(typeof en)[K]> };

export interface PageLanguage {
  language: SiteLanguage;
  words: PublicWords;
}

export const ENGLISH: PageLanguage = Object.freeze({ language: siteLanguage("en"), words: en });

/** The plural's text for `count` in the page's language, filled with `count` and `values`. */
export function plural(
  page: PageLanguage,
  words: PluralWords,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return pluralText(words, page.language.tag, count, values);
}
