import { Outlet, redirect } from "react-router";
import { SiteNav } from "~/components/site-nav";
import { servicesContext } from "~/context";
import { PRODUCT_NAME } from "~/lib/brand";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { fill } from "~/lib/i18n/text";
import { legacyPublicPath } from "~/lib/legacy-links";
import { getOptionalUser } from "~/server/accounts/session.server";
import { registerHref } from "~/server/accounts/register-link.server";
import { portalStylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/layout";
import layoutStylesHref from "./layout.css?url";

export const links: Route.LinksFunction = () => portalStylesheetLinks(layoutStylesHref);

export async function loader({ request, context }: Route.LoaderArgs) {
  // Links shared before the public routes existed: /?p=r/joes-diner-AbC123.
  const legacy = legacyPublicPath(new URL(request.url).searchParams.get("p"));
  if (legacy) throw redirect(legacy, 301);
  const user = await getOptionalUser(request, context);
  return {
    user: user ? { email: user.email } : null,
    registerHref: registerHref(context.get(servicesContext).env),
  };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        {navigationWords.skipToContent}
      </a>
      <SiteNav user={loaderData.user} registerHref={loaderData.registerHref} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">{fill(navigationWords.footer, { product: PRODUCT_NAME })}</div>
      </footer>
    </>
  );
}
