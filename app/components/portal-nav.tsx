import { NavLink } from "react-router";
import { SignOutButton } from "./site-nav";

/** The portal's nav: Your Products, User Info, the signed-in email and Sign out. */
export function PortalNav({ email }: { email: string }) {
  return (
    <header className="navbar">
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
          <li>
            <NavLink to="/user/info">User Info</NavLink>
          </li>
          <li className="nav-email" aria-label="Signed in as">
            {email}
          </li>
          <li>
            <SignOutButton />
          </li>
        </ul>
      </nav>
    </header>
  );
}
