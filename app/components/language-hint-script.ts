/**
 * The hint at the top of a public page of a site in several languages: when the visitor's
 * browser prefers one of the site's other languages to the page's, its link shows ("Ver en
 * español"). The page is cached and shared by address, so it cannot be chosen on the
 * server from the request's `Accept-Language`; the browser's list (`navigator.languages`,
 * the same preference) is read here instead. Nothing redirects: crawlers and shared links
 * see the page the address names.
 *
 * How it ships: ./language-hint-script.browser.ts calls `showLanguageHint` right after the
 * hidden hints (`SiteLanguageHints`), before the page is painted, so nothing moves when one
 * shows. Built by esbuild as the other public scripts are (app/sites/browser-scripts.build.ts).
 */

/** The base language of a tag, as the hints name theirs: "es" for "es-MX", "zh" for "zh-Hans". */
function baseOf(tag: string): string {
  return tag.toLowerCase().split("-")[0]!;
}

/**
 * The hint to show: the first of the visitor's languages that the site has, unless the
 * page's own comes before it. `hints` are the site's other languages, by base language.
 */
export function preferredHint(
  visitor: readonly string[],
  pageLanguage: string,
  hints: readonly string[],
): string | null {
  const own = baseOf(pageLanguage);
  for (const tag of visitor) {
    const base = baseOf(tag);
    if (base === own) return null;
    if (hints.includes(base)) return base;
  }
  return null;
}

export function showLanguageHint(page: Document): void {
  const hints = [...page.querySelectorAll<HTMLElement>("[data-hint]")];
  const chosen = preferredHint(
    navigator.languages || [navigator.language],
    page.documentElement.lang,
    hints.map((hint) => hint.dataset.hint!),
  );
  hints.forEach((hint) => (hint.hidden = hint.dataset.hint !== chosen));
}
