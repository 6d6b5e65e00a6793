import { NavLink } from "react-router";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { NavBar, SignOutButton } from "./nav-bar";

/**
 * The portal's nav: Your Products, Orders, User Info, the signed-in email and Sign out. On a
 * phone the bar keeps Your Products (the brand fits beside it whole), and the other entries
 * fold into its Account menu; an editor's Orders tab links to the orders too.
 */
export function PortalNav({ email }: { email: string }) {
  return (
    <NavBar
      label={siteAdminWords.portal}
      menuLabel={siteAdminWords.accountMenu}
      entries={[
        {
          key: "products",
          content: (
            <NavLink to="/user" end>
              {siteAdminWords.yourProducts}
            </NavLink>
          ),
          onPhones: true,
        },
        { key: "orders", content: <NavLink to="/user/orders">{siteAdminWords.orders}</NavLink> },
        { key: "info", content: <NavLink to="/user/info">{siteAdminWords.userInfo}</NavLink> },
        { key: "email", content: email, className: "nav-email", label: siteAdminWords.signedInAs },
        { key: "sign-out", content: <SignOutButton /> },
      ]}
    />
  );
}
