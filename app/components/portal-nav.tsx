import { NavLink } from "react-router";
import { NavBar, SignOutButton } from "./nav-bar";

/**
 * The portal's nav: Your Products, User Info, the signed-in email and Sign out. On a phone
 * the bar keeps Your Products, and the account entries fold into its Account menu.
 */
export function PortalNav({ email }: { email: string }) {
  return (
    <NavBar
      label="Portal"
      menuLabel="Account"
      entries={[
        {
          key: "products",
          content: (
            <NavLink to="/user" end>
              Your Products
            </NavLink>
          ),
          onPhones: true,
        },
        { key: "info", content: <NavLink to="/user/info">User Info</NavLink> },
        { key: "email", content: email, className: "nav-email", label: "Signed in as" },
        { key: "sign-out", content: <SignOutButton /> },
      ]}
    />
  );
}
