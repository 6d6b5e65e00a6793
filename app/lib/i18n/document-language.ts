/**
 * The `lang` and `dir` of a page that speaks its site's language: its route puts
 * `documentLanguage` in its `handle`, and the document asks it with the route's data
 * (app/lib/document-attributes.ts).
 */
import type { DocumentLanguage } from "../document-attributes";
import { siteLanguage } from "./languages";

/** The language a loader's data says the page is in (its `language`). */
export function documentLanguage(data: unknown): DocumentLanguage | null {
  const code = (data as { language?: unknown } | null | undefined)?.language;
  if (code === undefined) return null;
  const { tag, dir } = siteLanguage(code);
  return { lang: tag, dir };
}
