import { Link } from "react-router";
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
    { key: "products", content: <a href="/#products">Products</a> },
    { key: "about", content: <a href="/#about">About</a> },
    { key: "contact", content: <a href="/#contact">Contact</a> },
  ];
  const account: NavEntry[] = user
    ? [
        { key: "user", content: <Link to="/user">User</Link>, onPhones: true },
        { key: "sign-out", content: <SignOutButton /> },
      ]
    : [
        { key: "sign-in", content: <Link to="/signin">Sign in</Link>, onPhones: true },
        ...(registerHref
          ? [{ key: "register", content: <a href={registerHref}>Register</a> }]
          : []),
      ];
  return <NavBar label="Site" menuLabel="Menu" entries={[...sections, ...account]} />;
}
