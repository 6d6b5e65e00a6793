import {
  isRouteErrorResponse,
  Link,
  Outlet,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { PortalNav } from "~/components/portal-nav";
import { PortalToaster } from "~/components/toasts";
import { ownerContext } from "~/context";
import { isSavedInPlace } from "~/lib/items";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { MESSAGES } from "~/lib/messages";
import { onlyQueryChanged } from "~/lib/revalidation";
import { routeErrorMessage } from "~/lib/route-error";
import { requireOwnerMiddleware } from "~/server/accounts/session.server";
import { limitOwnerWritesMiddleware } from "~/server/http/write-limits.server";
import { portalStylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/layout";
import layoutStylesHref from "./layout.css?url";

export const links: Route.LinksFunction = () => portalStylesheetLinks(layoutStylesHref);

export const middleware: Route.MiddlewareFunction[] = [
  requireOwnerMiddleware,
  limitOwnerWritesMiddleware,
];

export function loader({ context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  return { email: owner.email };
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  // A price saved in its row, or another tab of the same page, changes nothing here.
  if (isSavedInPlace(args) || onlyQueryChanged(args)) return false;
  return args.defaultShouldRevalidate;
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        {navigationWords.skipToContent}
      </a>
      <PortalNav email={loaderData.email} />
      {/* Named, as the editor's preview frame holds a site's own main landmark. */}
      <main id="main" tabIndex={-1} aria-label={navigationWords.portal}>
        <Outlet />
      </main>
      <PortalToaster />
    </>
  );
}

/** Refusals inside the portal: a write without a session, a product that is not yours. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const message = routeErrorMessage(error) ?? MESSAGES.failedToLoad;
  const signedOut = isRouteErrorResponse(error) && error.status === 401;
  const tooMany = isRouteErrorResponse(error) && error.status === 429;
  return (
    <main id="main" className="container narrow error-page">
      <title>{message}</title>
      <h1>
        {signedOut
          ? navigationWords.signedOutHeading
          : tooMany
            ? navigationWords.tooManyHeading
            : navigationWords.errorHeading}
      </h1>
      <p className="alert error" role="alert">
        {message}
      </p>
      <p>
        {signedOut ? (
          <Link
            className="button"
            to={`/signin?redirectTo=${encodeURIComponent(location.pathname)}`}
          >
            {navigationWords.signIn}
          </Link>
        ) : (
          <Link className="button" to="/user">
            {navigationWords.backToYourProducts}
          </Link>
        )}
      </p>
    </main>
  );
}
