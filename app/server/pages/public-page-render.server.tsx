/**
 * The public pages (/r, /s, /d, /e) rendered to one HTML string, without React Router's
 * document pipeline.
 *
 * These pages ship no React to the browser (`handle = { hydrate: false }`), yet rendering
 * them through React Router still serialises every loader's data for a hydration that never
 * comes, and streams the page through web streams and a chunk encoder. For a 50-item menu
 * that was more than half of the work of an uncached view. Here the route's own loader,
 * meta, links and page component run as React Router would run them, and React renders
 * the document with `renderToStaticMarkup` in one pass: without the markers between
 * adjacent texts that only a hydration would read. The stylesheets are inlined
 * (app/server/pages/inline-stylesheets.server.ts).
 *
 * Only a successful view is rendered here, and a redirect a loader throws (a stale slug's
 * 301 to the canonical address) is handed back as it is. When a loader throws anything else
 * (a 404, an error) or rendering fails, the caller hands the request to React Router, which
 * renders the route's error boundary as it always has.
 *
 * A route takes this path when it sits directly under the root, says `hydrate: false`,
 * and exports `PublicPage`: its page component, taking `{ loaderData }` as React Router's
 * default export does (React Router wraps the default export in its own hooks, so the
 * plain component is exported under this name as well). Routes with `headers` or
 * `middleware`, and all routes once the root has middleware, are left to React Router.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  matchRoutes,
  type LinkDescriptor,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { DocumentHead } from "~/components/document-head";
import { documentLinkElement } from "~/components/document-links";
import { HeldMarkup, HeldMarkupContext } from "~/components/markup-html";
import { documentAttributes } from "~/lib/document-attributes";
import { documentLinks } from "./document-links.server";
import { inlineStylesheetText } from "./inline-stylesheets.server";

interface PublicRouteModule {
  loader: (args: LoaderFunctionArgs) => unknown;
  meta?: (args: unknown) => MetaDescriptor[];
  links?: () => LinkDescriptor[];
  PublicPage: (props: { loaderData: unknown }) => ReactNode;
  handle?: { hydrate?: boolean };
}

interface PublicRoute {
  id: string;
  path: string;
  /** The path up to its first parameter ("/r/"): only a route whose prefix fits is matched. */
  prefix: string;
  /**
   * How many segments every path it matches has ("/r/:slugId/order": 3), or null when that
   * varies (an optional segment, a splat): only a route whose count fits is matched.
   */
  segments: number | null;
  module: PublicRouteModule;
}

interface RootModule {
  loader?: (args: LoaderFunctionArgs) => unknown;
  links?: () => LinkDescriptor[];
  middleware?: unknown;
}

function rootModule(build: ServerBuild): RootModule | undefined {
  return build.routes.root?.module;
}

type PublicRouteMatch = NonNullable<ReturnType<typeof matchRoutes<PublicRoute>>>[number];

export interface RenderedPublicPage {
  body: Buffer;
  headers: Array<[string, string]>;
  /**
   * Until when the page is right (ms since the epoch): the loader's `freshUntil`, when it
   * says one (a page showing "Open now" changes at closing time). Null: until the site changes.
   */
  freshUntil: number | null;
}

/** A loader's `freshUntil`, when its data carries a usable one. */
function freshUntilOf(pageData: unknown): number | null {
  const value = (pageData as { freshUntil?: unknown } | null)?.freshUntil;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * A route this module can render as React Router would. One that sets response headers or
 * has middleware is left to React Router, which honours them.
 */
function isPublicRouteModule(module: unknown): module is PublicRouteModule {
  const candidate = module as
    (Partial<PublicRouteModule> & { headers?: unknown; middleware?: unknown }) | undefined;
  return (
    typeof candidate?.loader === "function" &&
    typeof candidate.PublicPage === "function" &&
    candidate.handle?.hydrate === false &&
    candidate.headers === undefined &&
    candidate.middleware === undefined
  );
}

const publicRoutesByBuild = new WeakMap<ServerBuild, PublicRoute[]>();

/** The routes this module renders, found once per build. */
function publicRoutes(build: ServerBuild): PublicRoute[] {
  let found = publicRoutesByBuild.get(build);
  if (!found) {
    const candidates =
      rootModule(build)?.middleware === undefined ? Object.values(build.routes) : [];
    found = candidates.flatMap((route) =>
      route?.parentId === "root" && route.path && isPublicRouteModule(route.module)
        ? [
            {
              id: route.id,
              path: `/${route.path}`,
              prefix: `/${route.path}`.split(":")[0]!,
              segments: /[?*]/.test(route.path) ? null : segmentCount(`/${route.path}`),
              module: route.module,
            },
          ]
        : [],
    );
    publicRoutesByBuild.set(build, found);
  }
  return found;
}

/** The non-empty segments of a path: "/r/abc/" has two. */
function segmentCount(path: string): number {
  return path.split("/").filter(Boolean).length;
}

type LoaderOutcome = { data: unknown } | { redirect: Response } | null;

/**
 * A loader's result; the redirect it threw (a stale slug's 301 to the canonical address),
 * sent as it is; or null when it threw anything else: React Router renders those pages.
 */
async function runLoader(
  loader: ((args: LoaderFunctionArgs) => unknown) | undefined,
  args: LoaderFunctionArgs,
): Promise<LoaderOutcome> {
  if (!loader) return { data: undefined };
  try {
    return { data: await loader(args) };
  } catch (thrown) {
    const isRedirect = thrown instanceof Response && thrown.status >= 300 && thrown.status < 400;
    return isRedirect ? { redirect: thrown } : null;
  }
}

/**
 * Renders the public page at `url`, or returns the redirect its loader threw, or null when
 * it is not one of these pages or its view is neither (the caller then asks React Router). The loaders get a
 * request that carries the address alone: the page is cached and shared by address, so
 * nothing else about the visitor may shape it.
 */
export async function renderPublicPage(
  build: ServerBuild,
  url: URL,
  context: RouterContextProvider,
): Promise<RenderedPublicPage | Response | null> {
  // Matching flattens, ranks and compiles every candidate's path on each call: offer it only
  // the routes that can fit, by their prefix and their number of segments (one, or three for
  // "/r/abc/es" against "/r/abc/order" and "/r/abc/book").
  const segments = segmentCount(url.pathname);
  const candidates = publicRoutes(build).filter(
    (route) =>
      url.pathname.startsWith(route.prefix) &&
      (route.segments === null || route.segments === segments),
  );
  const [match] = (candidates.length && matchRoutes(candidates, url.pathname)) || [];
  if (!match) return null;
  const route = match.route;
  const request = new Request(url);
  const argsFor = (pattern: string): LoaderFunctionArgs => ({
    request,
    url,
    pattern,
    params: match.params,
    context,
  });

  const [rootResult, pageResult] = await Promise.all([
    runLoader(rootModule(build)?.loader, argsFor("/")),
    runLoader(route.module.loader, argsFor(route.path)),
  ]);
  if (!rootResult || !pageResult) return null;
  // As React Router does, the outermost route's redirect wins.
  if ("redirect" in rootResult) return rootResult.redirect;
  if ("redirect" in pageResult) return pageResult.redirect;

  try {
    return renderDocument(build, url, match, rootResult.data, pageResult.data);
  } catch {
    // React Router renders it again, with the route's error boundary, and logs the error.
    return null;
  }
}

/** The document of a public page whose loaders succeeded: meta, links, then the page. */
function renderDocument(
  build: ServerBuild,
  url: URL,
  match: PublicRouteMatch,
  rootData: unknown,
  pageData: unknown,
): RenderedPublicPage {
  const { route, params } = match;
  const location = {
    pathname: url.pathname,
    search: url.search,
    hash: "",
    state: null,
    key: "default",
  };
  const matches = [
    { id: "root", pathname: "/", params, data: rootData, loaderData: rootData, handle: undefined },
    {
      id: route.id,
      pathname: match.pathname,
      params,
      data: pageData,
      loaderData: pageData,
      handle: route.module.handle,
    },
  ];
  const meta =
    route.module.meta?.({
      data: pageData,
      loaderData: pageData,
      params,
      location,
      matches,
      error: undefined,
    }) ?? [];
  const links = documentLinks(
    [
      { id: "root", module: rootModule(build) },
      { id: route.id, module: route.module },
    ],
    build.assets,
    (href) => inlineStylesheetText(build, href),
  );

  const { PublicPage } = route.module;
  const { lang, dir } = documentAttributes([{ handle: route.module.handle, data: pageData }]);
  // The template markup of the page (its dishes, cards or order items, its JSON-LD) is set
  // aside by the render and encoded piece by piece (app/components/markup-html.tsx).
  const heldMarkup = new HeldMarkup();
  const html = renderToStaticMarkup(
    <HeldMarkupContext.Provider value={heldMarkup}>
      <html lang={lang} dir={dir === "rtl" ? dir : undefined}>
        <DocumentHead>
          {meta.map(metaElement)}
          {/* Stylesheets travel inside the page: it paints from its first response. */}
          {links.map(documentLinkElement)}
        </DocumentHead>
        <body>
          <PublicPage loaderData={pageData} />
        </body>
      </html>
    </HeldMarkupContext.Provider>,
  );
  return {
    body: heldMarkup.bytes(`<!DOCTYPE html>${html}`),
    headers: [["content-type", "text/html; charset=utf-8"]],
    freshUntil: freshUntilOf(pageData),
  };
}

/** A meta descriptor as React Router's <Meta> renders it. */
function metaElement(descriptor: MetaDescriptor, index: number): ReactNode {
  if ("tagName" in descriptor && descriptor.tagName) {
    const { tagName, ...attributes } = descriptor;
    const Tag = tagName === "link" ? "link" : "meta";
    return <Tag key={index} {...attributes} />;
  }
  if ("title" in descriptor) return <title key="title">{String(descriptor.title)}</title>;
  if ("charSet" in descriptor || "charset" in descriptor) return null;
  if ("script:ld+json" in descriptor) {
    const json = JSON.stringify(descriptor["script:ld+json"]).replace(/</g, "\\u003c");
    return (
      <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
    );
  }
  return <meta key={index} {...(descriptor as Record<string, string>)} />;
}
