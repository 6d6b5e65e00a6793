import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import { navigationWords } from "~/lib/i18n/portal/navigation";

export interface NavEntry {
  key: string;
  /** A link or a button. */
  content: ReactNode;
  /** Kept in the bar on a phone; the other entries fold into the menu there. */
  onPhones?: boolean;
  className?: string;
  /** Names an entry that is not a link or button itself, such as the signed-in email. */
  label?: string;
}

function EntryItem({ entry }: { entry: NavEntry }) {
  return (
    <li className={entry.className} aria-label={entry.label}>
      {entry.content}
    </li>
  );
}

/**
 * The top nav of the site and of the portal: the brand, then its entries. On a phone it
 * keeps to one line: the entries not marked `onPhones` fold into a menu, a plain `<details>`
 * that opens with or without JavaScript. From 40rem every entry sits in the bar and the menu
 * is gone. Only one of the two copies of a folded entry is ever displayed, so assistive
 * technology meets each link once.
 */
export function NavBar({
  label,
  menuLabel,
  entries,
}: {
  /** The navigation landmark's name. */
  label: string;
  /** The menu button's text on a phone. */
  menuLabel: string;
  entries: readonly NavEntry[];
}) {
  // A new page (or a jump to a section of this one) starts with the menu closed, as after
  // a full page load.
  const { pathname, hash } = useLocation();
  const folded = entries.filter((entry) => !entry.onPhones);
  return (
    // Named, so that screen readers tell it from the banner of a site previewed beside it.
    <header className="navbar" aria-label={PRODUCT_NAME}>
      <nav className="container" aria-label={label}>
        <Link to="/" className="brand">
          {PRODUCT_NAME}
        </Link>
        <ul className="nav-links">
          {entries.map((entry) => (
            <EntryItem
              key={entry.key}
              entry={
                entry.onPhones
                  ? entry
                  : { ...entry, className: joinClasses(entry.className, "nav-folds") }
              }
            />
          ))}
          {folded.length > 0 ? (
            <li className="nav-fold-menu">
              <details className="nav-menu" key={`${pathname}${hash}`}>
                <summary>{menuLabel}</summary>
                <ul className="nav-menu-items">
                  {folded.map((entry) => (
                    <EntryItem key={entry.key} entry={entry} />
                  ))}
                </ul>
              </details>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

function joinClasses(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** Sign-out is a POST, so a link or a prefetch can never sign anyone out. */
export function SignOutButton() {
  return (
    <Form method="post" action="/signout">
      <button type="submit" className="link-button nav-button">
        {navigationWords.signOut}
      </button>
    </Form>
  );
}
