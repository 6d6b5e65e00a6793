import {
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteError,
} from "react-router";
import { documentAttributes } from "~/lib/document-attributes";
import { useEffect } from "react";
import { DocumentHead } from "./components/document-head";
import { DocumentLinks } from "./components/document-links";
import { pageHydrates } from "./lib/document-scripts";
import { FAVICON_URL } from "./lib/favicon";
import { lazyPartsSettled } from "./components/lazy-component";
import { useNonce } from "./components/nonce";
import { servicesContext } from "./context";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { MESSAGES } from "./lib/messages";
import { routeErrorMessage } from "./lib/route-error";
import type { Route } from "./+types/root";
import baseStylesHref from "./styles/base.css?url";

// Every page's foundation. The portal's own stylesheet is linked by its layouts, and each
// public site type links its own: a customer's phone downloads none of the portal's CSS.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: baseStylesHref },
  { rel: "icon", href: FAVICON_URL, type: "image/svg+xml" },
];

/** The public origin, for canonical and Open Graph URLs in every page's meta. */
export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.get(servicesContext).env.publicUrl };
}

// The origin never changes while the app runs.
export const shouldRevalidate = () => false;

/**
 * What a route's `handle` may say about the document: `hydrate: false` for a page that runs
 * no React in the browser; `refreshWithoutScript` for one that reloads itself every so many
 * seconds where scripts do not run (given the route's data; null for no refresh).
 */
interface DocumentHandle {
  hydrate?: boolean;
  refreshWithoutScript?: (data: unknown) => number | null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const handles = matches.map((match) => {
    const handle: DocumentHandle = match.handle ?? {};
    return { handle, data: match.data };
  });
  // Public profile pages are plain HTML: no scripts, nothing to download but the page.
  const hydrate = pageHydrates(handles.map(({ handle }) => handle));
  const refresh = handles
    .map(({ handle, data }) => handle.refreshWithoutScript?.(data) ?? null)
    .find((seconds) => seconds !== null);
  const nonce = useNonce();
  const { lang, dir } = documentAttributes(handles.map(({ handle, data }) => ({ handle, data })));
  return (
    <html lang={lang} dir={dir === "rtl" ? dir : undefined}>
      <DocumentHead>
        <Meta />
        <DocumentLinks />
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(refresh)} />
          </noscript>
        ) : null}
      </DocumentHead>
      <body>
        {children}
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  // The session is known before a page is sent; on client navigation into the
  // portal, the wait for its loaders is shown as the spec's "Loading…".
  const enteringPortal =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/user");
  // The root's effects run last on the first render; a part whose code had not arrived yet
  // is hydrated once it has (app/components/lazy-component.ts). From then on the whole page
  // answers to input: a performance mark, for the editor benchmark and any field measurement.
  useEffect(() => {
    void lazyPartsSettled().then(() => performance.mark("hydrated"));
  }, []);
  return (
    <>
      <div
        role="status"
        aria-live="polite"
        className={enteringPortal ? "pending-bar" : "visually-hidden"}
      >
        {enteringPortal ? MESSAGES.loading : ""}
      </div>
      <Outlet />
    </>
  );
}

/** The last resort: anything no route handled. Keeps the page readable and says what happened. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (a form the server could not read) carries its reason.
  const reason = status < 500 ? routeErrorMessage(error) : null;
  const title =
    status === 404
      ? MESSAGES.pageNotFound
      : reason
        ? navigationWords.errorRefused
        : navigationWords.errorUnexpected;
  return (
    <main className="container narrow error-page">
      <title>{title}</title>
      <h1>{title}</h1>
      {reason ? (
        <p className="alert error" role="alert">
          {reason}
        </p>
      ) : (
        <p>{status === 404 ? navigationWords.pageNotFoundText : navigationWords.errorTryAgain}</p>
      )}
      <p>
        <a href="/">{navigationWords.goToHomePage}</a>
      </p>
    </main>
  );
}
