/**
 * The `lang` and `dir` of a page's `<html>`. A route whose page speaks another language than
 * English says so with `documentLanguage` in its `handle` (app/lib/i18n/document-language.ts);
 * the document (app/root.tsx, and the public pages' renderer) asks it with the route's data.
 * Nothing is imported here: every page of the portal loads this with its root.
 */

export interface DocumentLanguage {
  lang: string;
  dir: "ltr" | "rtl";
}

interface DocumentLanguageHandle {
  documentLanguage?: (data: unknown) => DocumentLanguage | null;
}

/** The attributes of `<html>` for the first route that says its language; English otherwise. */
export function documentAttributes(
  routes: ReadonlyArray<{ handle: unknown; data: unknown }>,
): DocumentLanguage {
  for (const { handle, data } of routes) {
    const language = (handle as DocumentLanguageHandle | undefined)?.documentLanguage?.(data);
    if (language) return language;
  }
  return { lang: "en", dir: "ltr" };
}
