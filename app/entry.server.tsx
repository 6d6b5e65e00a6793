/**
 * React Router's default Node entry (React Router 7.18), plus the page's
 * Content-Security-Policy nonce: the HTTP server makes one per request and names it in
 * the policy (app/server/http/security-headers.server.ts); React puts it on the scripts it
 * writes to reveal streamed content, React Router on its hydration scripts.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { DocumentLinksContext, type DocumentLink } from "./components/document-links";
import { NonceProvider } from "./components/nonce";
import { cspNonceContext, stylesheetTextContext } from "./context";
import { pageHydrates } from "./lib/document-scripts";
import { documentLinks } from "./server/pages/document-links.server";
import { logRequestError } from "./server/http/log.server";

export const streamTimeout = 5_000;

/**
 * Errors React Router met in a loader, an action or the render: logged once, with the
 * request's id (the answer's X-Request-Id), so a visitor's report leads to the line. A
 * request the visitor abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logRequestError(request, "unexpected error", error);
};

/**
 * A page that loads no JavaScript carries its stylesheets inline, as the public pages do: on
 * a phone's slow link it paints from its first response, without a round trip for each sheet.
 * A page that hydrates keeps them linked (null: React Router's own links), for the browser
 * to cache across the portal's pages.
 */
function plainPageLinks(
  { staticHandlerContext, routeModules, manifest }: EntryContext,
  loadContext: RouterContextProvider,
): DocumentLink[] | null {
  const routes = staticHandlerContext.matches.map(({ route }) => ({
    id: route.id,
    module: routeModules[route.id],
  }));
  if (pageHydrates(routes.map(({ module }) => module?.handle))) return null;
  return documentLinks(routes, manifest, loadContext.get(stylesheetTextContext));
}

/**
 * A loader's answer may depend on a request header (a public not-found page speaks the
 * visitor's `Accept-Language`) and say so with `Vary`. React Router passes a route's headers
 * on only through a `headers` export, which the public pages leave out so they can be
 * rendered without the router (app/server/pages/public-page-render.server.tsx): their `Vary`
 * is carried over here.
 */
function keepLoadersVary({ staticHandlerContext }: EntryContext, responseHeaders: Headers) {
  for (const headers of Object.values(staticHandlerContext.loaderHeaders)) {
    const vary = headers.get("Vary");
    if (vary && !responseHeaders.get("Vary")?.includes(vary)) responseHeaders.append("Vary", vary);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  keepLoadersVary(routerContext, responseHeaders);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  const nonce = loadContext.get(cspNonceContext) ?? undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content before the answer starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Aborts the render after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <DocumentLinksContext value={plainPageLinks(routerContext, loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentLinksContext>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary larger than this is otherwise sent as its fallback with
        // its content in a hidden block a script swaps in; pages are whole without JavaScript
        // (an editor tab's code-split panel is rendered in full on the server), so no size is.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // The timer would otherwise keep this closure, and the page, in memory.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and reach handleError; later ones only here.
          if (shellRendered) {
            logRequestError(request, "rendering the page failed", error);
          }
        },
      },
    );
  });
}
