import { Link } from "react-router";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { NavBar, SignOutButton, type NavEntry } from "./nav-bar";

export interface NavUser {
  email: string;
}

/**
 * The marketing site's nav: section anchors, then account links. On a phone the bar keeps
 * Sign in (or User) and folds the rest into its Menu.
 */
export function SiteNav({
  user,
  registerHref,
}: {
  user: NavUser | null;
  registerHref: string | null;
}) {
  const sections: NavEntry[] = [
    { key: "products", content: <a href="/#products">{navigationWords.products}</a> },
    { key: "about", content: <a href="/#about">{navigationWords.about}</a> },
    { key: "contact", content: <a href="/#contact">{navigationWords.contact}</a> },
  ];
  const account: NavEntry[] = user
    ? [
        { key: "user", content: <Link to="/user">{navigationWords.user}</Link>, onPhones: true },
        { key: "sign-out", content: <SignOutButton /> },
      ]
    : [
        {
          key: "sign-in",
          content: <Link to="/signin">{navigationWords.signIn}</Link>,
          onPhones: true,
        },
        ...(registerHref
          ? [{ key: "register", content: <a href={registerHref}>{navigationWords.register}</a> }]
          : []),
      ];
  return (
    <NavBar
      label={navigationWords.siteNavLabel}
      menuLabel={navigationWords.menu}
      entries={[...sections, ...account]}
    />
  );
}
