/**
 * The language a visitor's browser prefers among those the public pages speak, from the
 * request's `Accept-Language`. Only for pages no site's language decides (an address that
 * names no site): a site's own pages speak its language, whatever the browser says.
 */
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "./languages";

/** Longer headers are not a browser's: the rest is not read. */
const MAX_HEADER_LENGTH = 512;

/**
 * The first language in the visitor's order of preference (by `q`, then as listed) that the
 * pages speak, by base language ("es-MX" is Spanish, "zh-Hans-CN" Chinese); English when
 * none is, or the header is missing or garbled.
 */
export function visitorLanguage(acceptLanguage: string | null | undefined): LanguageCode {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .slice(0, MAX_HEADER_LENGTH)
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...parameters] = entry.trim().split(";");
      const q = parameters.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return {
        base: tag.trim().toLowerCase().split("-")[0]!,
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (
    (ranked.find((entry) => isLanguageCode(entry.base))?.base as LanguageCode | undefined) ??
    DEFAULT_LANGUAGE
  );
}
