import { NavLink } from "react-router";
import { NavBar, SignOutButton } from "./nav-bar";

/**
 * The portal's nav: Your Products, Orders, User Info, the signed-in email and Sign out. On a
 * phone the bar keeps Your Products (the brand fits beside it whole), and the other entries
 * fold into its Account menu; an editor's Orders tab links to the orders too.
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
        { key: "orders", content: <NavLink to="/user/orders">Orders</NavLink> },
        { key: "info", content: <NavLink to="/user/info">User Info</NavLink> },
        { key: "email", content: email, className: "nav-email", label: "Signed in as" },
        { key: "sign-out", content: <SignOutButton /> },
      ]}
    />
  );
}
