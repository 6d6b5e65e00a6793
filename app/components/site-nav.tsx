import { Link } from "react-router";
import { marketingWords } from "~/lib/i18n/portal/marketing";
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
    { key: "products", content: <a href="/#products">{marketingWords.products}</a> },
    { key: "about", content: <a href="/#about">{marketingWords.about}</a> },
    { key: "contact", content: <a href="/#contact">{marketingWords.contact}</a> },
  ];
  const account: NavEntry[] = user
    ? [
        { key: "user", content: <Link to="/user">{marketingWords.user}</Link>, onPhones: true },
        { key: "sign-out", content: <SignOutButton /> },
      ]
    : [
        {
          key: "sign-in",
          content: <Link to="/signin">{marketingWords.signIn}</Link>,
          onPhones: true,
        },
        ...(registerHref
          ? [{ key: "register", content: <a href={registerHref}>{marketingWords.register}</a> }]
          : []),
      ];
  return (
    <NavBar
      label={marketingWords.siteNavLabel}
      menuLabel={marketingWords.menu}
      entries={[...sections, ...account]}
    />
  );
}
