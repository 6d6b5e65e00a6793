import { NavLink, useLocation } from "react-router";
import { SignOutButton } from "./site-nav";

/** The account links: in the bar on wide screens, in the Account menu on phones. */
function AccountLinks({ email }: { email: string }) {
  return (
    <>
      <li>
        <NavLink to="/user/info">User Info</NavLink>
      </li>
      <li className="nav-email" aria-label="Signed in as">
        {email}
      </li>
      <li>
        <SignOutButton />
      </li>
    </>
  );
}

/**
 * The portal's nav: Your Products, User Info, the signed-in email and Sign out. On a
 * phone it keeps to one line: the account links fold into an Account menu, a plain
 * `<details>` that opens with or without JavaScript. Only one of the two copies is ever
 * displayed, so assistive technology meets each link once.
 */
export function PortalNav({ email }: { email: string }) {
  // A new page starts with the menu closed, as after a full page load.
  const { pathname } = useLocation();
  return (
    <header className="navbar portal-navbar">
      <nav className="container" aria-label="Portal">
        <NavLink to="/" className="brand">
          Site Builder
        </NavLink>
        <ul className="nav-links">
          <li>
            <NavLink to="/user" end>
              Your Products
            </NavLink>
          </li>
          <li className="nav-account-menu">
            <details className="nav-menu" key={pathname}>
              <summary>Account</summary>
              <ul className="nav-menu-items">
                <AccountLinks email={email} />
              </ul>
            </details>
          </li>
          <AccountLinks email={email} />
        </ul>
      </nav>
    </header>
  );
}
