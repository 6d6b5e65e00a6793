import { Form, Link } from "react-router";

export interface NavUser {
  email: string;
}

/** The marketing site's nav: section anchors, then account links. */
export function SiteNav({
  user,
  registerHref,
}: {
  user: NavUser | null;
  registerHref: string | null;
}) {
  return (
    <header className="navbar">
      <nav className="container" aria-label="Site">
        <Link to="/" className="brand">
          Site Builder
        </Link>
        <ul className="nav-links">
          <li>
            <a href="/#products">Products</a>
          </li>
          <li>
            <a href="/#about">About</a>
          </li>
          <li>
            <a href="/#contact">Contact</a>
          </li>
          {user ? (
            <>
              <li>
                <Link to="/user">User</Link>
              </li>
              <li>
                <SignOutButton />
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/signin">Sign in</Link>
              </li>
              {registerHref ? (
                <li>
                  <a href={registerHref}>Register</a>
                </li>
              ) : null}
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** Sign-out is a POST, so a link or a prefetch can never sign anyone out. */
export function SignOutButton() {
  return (
    <Form method="post" action="/signout">
      <button type="submit" className="link-button nav-button">
        Sign out
      </button>
    </Form>
  );
}
