/**
 * A page's language: the words a public page says by itself in it (./words/en.ts and the
 * others, gathered in ./catalogues.ts). Times, days, dates and lists are written by
 * ./formats.ts, plurals and slots by ./text.ts.
 *
 * A page gets one `PageLanguage` and hands it to what writes its words: the React parts read
 * it from context (./page-language-context.tsx), the templates and the rules that phrase
 * text (the opening status, the dietary labels, option prices) take it as an argument. This
 * module holds English alone; code the portal's browser bundle shares with the public pages
 * imports only its types, so that bundle carries no catalogue.
 *
 * Plain catalogues and `Intl` rather than a message-format library: an uncached menu view
 * has a budget of a few milliseconds, and a lookup here is a property read
 * (docs/decisions/0025-public-page-languages.md).
 */
import { siteLanguage, type SiteLanguage } from "./languages";
import { fill, type PluralWords } from "./text";
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
