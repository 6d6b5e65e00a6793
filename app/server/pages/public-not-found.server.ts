/**
 * The 404 of a public address that names no site (or a language the site lacks), in the
 * language the address asks for, else the one the visitor's browser prefers: the page has
 * no site, and so no language of its own. A stranger scanning an old code reads it in theirs.
 */
import { data } from "react-router";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { isLanguageCode } from "~/lib/i18n/languages";
import type { PublicWords } from "~/lib/i18n/page-language";
import { visitorLanguage } from "~/lib/i18n/visitor-language";
import type { PublicNotFoundData } from "~/components/public-site";
import type { NotFoundWords } from "~/sites/site";

/**
 * The answer to throw. `asked`: the language the address names (`/r/{slugId}/es`), if any;
 * `acceptLanguage`: the request's header, which the answer then varies by.
 */
export function publicNotFound(
  wordsOf: (words: PublicWords) => NotFoundWords,
  asked: string | undefined,
  acceptLanguage: string | null | undefined,
) {
  const byAddress = isLanguageCode(asked);
  const { language, words } = pageLanguage(byAddress ? asked : visitorLanguage(acceptLanguage));
  const body: PublicNotFoundData = { ...wordsOf(words), lang: language.tag, dir: language.dir };
  return data(body, {
    status: 404,
    headers: byAddress ? undefined : { Vary: "Accept-Language" },
  });
}
