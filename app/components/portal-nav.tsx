import { NavLink } from "react-router";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { NavBar, SignOutButton } from "./nav-bar";

/**
 * The portal's nav: Your Products, Orders, Bookings, User Info, the signed-in email and Sign
 * out. On a phone the bar keeps Your Products (the brand fits beside it whole), and the other
 * entries fold into its Account menu; an editor's Orders tab links to the orders too.
 */
export function PortalNav({ email }: { email: string }) {
  return (
    <NavBar
      label={navigationWords.portal}
      menuLabel={navigationWords.accountMenu}
      entries={[
        {
          key: "products",
          content: (
            <NavLink to="/user" end>
              {navigationWords.yourProducts}
            </NavLink>
          ),
          onPhones: true,
        },
        { key: "orders", content: <NavLink to="/user/orders">{navigationWords.orders}</NavLink> },
        {
          key: "bookings",
          content: <NavLink to="/user/bookings">{navigationWords.bookings}</NavLink>,
        },
        { key: "info", content: <NavLink to="/user/info">{navigationWords.userInfo}</NavLink> },
        { key: "email", content: email, className: "nav-email", label: navigationWords.signedInAs },
        { key: "sign-out", content: <SignOutButton /> },
      ]}
    />
  );
}
