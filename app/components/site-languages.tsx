/**
 * The switcher between a site's languages, on every public page of a site that has more
 * than one: plain links, so it works without JavaScript, each named in its own language.
 * Above it, a hint for each other language, hidden; a small script shows the one the
 * visitor's browser prefers to the page's (./language-hint-script.ts). Styled by
 * app/styles/site-languages.css.
 */
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { usePageLanguage } from "~/lib/i18n/page-language-context";

export interface SiteLanguageLinkView {
  code: string;
  /** The language's name in itself ("Español"). */
  name: string;
  tag: string;
  href: string;
  current: boolean;
  /** "View in English", in the language itself. */
  hint: string;
}

export function SiteLanguages({ links }: { links: readonly SiteLanguageLinkView[] | undefined }) {
  const { words } = usePageLanguage();
  if (!links || links.length < 2) return null;
  return (
    <>
      {links
        .filter((link) => !link.current)
        .map((link) => (
          <p
            key={link.code}
            className="site-language-hint"
            data-hint={link.code}
            lang={link.tag}
            hidden
          >
            <a href={link.href} hrefLang={link.tag}>
              {link.hint}
            </a>
          </p>
        ))}
      <script dangerouslySetInnerHTML={{ __html: LANGUAGE_HINT_SCRIPT }} />
      <nav className="site-languages" aria-label={words.languages}>
        <ul>
          {links.map((link) => (
            <li key={link.code}>
              <a
                href={link.href}
                hrefLang={link.tag}
                lang={link.tag}
                aria-current={link.current ? "page" : undefined}
              >
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
