import { data, redirect, RouterContextProvider, type ServerBuild } from "react-router";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { INLINE_STYLESHEET_MAX_BYTES } from "./inline-stylesheets.server";
import { renderPublicPage, type RenderedPublicPage } from "./public-page-render.server";

interface PageData {
  name: string;
  cookie: string | null;
  slugId: string;
}

/** A build with a root and one public route, shaped as React Router's server build. */
function fakeBuild(
  overrides: {
    loader?: (slugId: string) => unknown;
    hydrate?: boolean;
    /** More exports of the public route's module, or of the root's. */
    routeExports?: Record<string, unknown>;
    rootExports?: Record<string, unknown>;
    /** Where the build's client files are: none by default, so every stylesheet stays a link. */
    assetsBuildDirectory?: string;
  } = {},
) {
  const loader = vi.fn(
    async ({ params, request }: { params: { slugId?: string }; request: Request }) => {
      if (overrides.loader) return overrides.loader(params.slugId ?? "");
      return { name: "Pasta & Co", cookie: request.headers.get("cookie"), slugId: params.slugId };
    },
  );
  const build = {
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          loader: () => ({ publicUrl: "https://sites.example" }),
          links: () => [
            { rel: "stylesheet", href: "/assets/app.css" },
            { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
          ],
          ...overrides.rootExports,
        },
      },
      "routes/sites/restaurant": {
        id: "routes/sites/restaurant",
        parentId: "root",
        path: "r/:slugId",
        module: {
          handle: { hydrate: overrides.hydrate ?? false },
          loader,
          links: () => [
            { rel: "stylesheet", href: "/assets/menu.css" },
            { rel: "stylesheet", href: "/assets/app.css" },
          ],
          meta: ({
            data: page,
            location,
            matches,
          }: {
            data: PageData;
            location: { pathname: string };
            matches: Array<{ id: string; data: { publicUrl?: string } }>;
          }) => [
            { title: page.name },
            { name: "description", content: `Menu of ${page.name}` },
            {
              tagName: "link",
              rel: "canonical",
              href: `${matches[0]!.data.publicUrl}${location.pathname}`,
            },
            { property: "og:title", content: page.name },
          ],
          PublicPage: ({ loaderData }: { loaderData: PageData }) => (
            <main>
              <h1>{loaderData.name}</h1>
              <p data-cookie={loaderData.cookie ?? "none"}>{loaderData.slugId}</p>
            </main>
          ),
          ...overrides.routeExports,
        },
      },
      "routes/marketing/home": {
        id: "routes/marketing/home",
        parentId: "root",
        path: "home",
        module: { loader: () => null, default: () => null },
      },
    },
    publicPath: "/",
    assetsBuildDirectory: overrides.assetsBuildDirectory ?? "",
    assets: {
      routes: {
        root: { css: [] },
        "routes/sites/restaurant": { css: ["/assets/side-effect.css"] },
      },
    },
  } as unknown as ServerBuild;
  return { build, loader };
}

const context = () => new RouterContextProvider();

/** A page this module renders itself: neither handed to React Router nor a redirect. */
function rendered(answer: Awaited<ReturnType<typeof renderPublicPage>>): RenderedPublicPage {
  if (answer === null || answer instanceof Response) {
    const got = answer === null ? "null" : `a ${answer.status} response`;
    throw new Error(`Expected a rendered page, got ${got}`);
  }
  return answer;
}

describe("renderPublicPage", () => {
  it("renders the route's loader data, meta and links as one document", async () => {
    const { build } = fakeBuild();
    const page = await renderPublicPage(
      build,
      new URL("https://sites.example/r/pasta-co-P1"),
      context(),
    );
    expect(page).not.toBeNull();
    const html = rendered(page).body.toString();
    expect(rendered(page).headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>')).toBe(
      true,
    );
    expect(html).toContain("<title>Pasta &amp; Co</title>");
    expect(html).toContain('<meta name="description" content="Menu of Pasta &amp; Co"/>');
    expect(html).toContain('<link rel="canonical" href="https://sites.example/r/pasta-co-P1"/>');
    expect(html).toContain('<meta property="og:title" content="Pasta &amp; Co"/>');
    expect(html).toContain("<h1>Pasta &amp; Co</h1>");
    expect(html).toContain(">pasta-co-P1</p>");
    // Manifest CSS first, then each route's links; one link per address.
    const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(stylesheets).toEqual(["/assets/app.css", "/assets/side-effect.css", "/assets/menu.css"]);
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    // No router data and no scripts: nothing hydrates these pages.
    expect(html).not.toContain("<script");
  });

  it("inlines the build's stylesheets in order, and links one it cannot or should not inline", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "public-page-css-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "assets", "app.css"), "body{margin:0}");
    writeFileSync(path.join(clientDir, "assets", "menu.css"), ".menu{color:red}");
    // side-effect.css is missing: it stays a link.
    const { build } = fakeBuild({
      assetsBuildDirectory: clientDir,
      routeExports: {
        links: () => [
          { rel: "stylesheet", href: "/assets/menu.css" },
          { rel: "stylesheet", href: "/assets/large.css" },
          { rel: "stylesheet", href: "/assets/closes-style.css" },
          { rel: "stylesheet", href: "/assets/../assets/app.css" },
        ],
      },
    });
    writeFileSync(
      path.join(clientDir, "assets", "large.css"),
      `.x{content:"${"x".repeat(INLINE_STYLESHEET_MAX_BYTES)}"}`,
    );
    writeFileSync(path.join(clientDir, "assets", "closes-style.css"), '.y{content:"</style>"}');
    const html = rendered(
      await renderPublicPage(build, new URL("https://sites.example/r/pasta-co-P1"), context()),
    ).body.toString();
    const head = html.slice(0, html.indexOf("</head>"));
    const sheets = [
      ...head.matchAll(/<style>([^<]*)<\/style>|<link rel="stylesheet" href="([^"]+)"/g),
    ].map((match) => match[1] ?? match[2]);
    expect(sheets).toEqual([
      "body{margin:0}",
      "/assets/side-effect.css",
      ".menu{color:red}",
      "/assets/large.css",
      "/assets/closes-style.css",
      "/assets/../assets/app.css",
    ]);
  });

  it("gives the loader the address alone, so no visitor's headers shape a shared page", async () => {
    const { build, loader } = fakeBuild();
    const page = await renderPublicPage(
      build,
      new URL("https://sites.example/r/pasta-co-P1?x=1"),
      context(),
    );
    expect(loader).toHaveBeenCalledTimes(1);
    const { request } = loader.mock.calls[0]![0];
    expect(request.url).toBe("https://sites.example/r/pasta-co-P1?x=1");
    expect([...request.headers]).toEqual([]);
    expect(rendered(page).body.toString()).toContain('data-cookie="none"');
  });

  it("hands back the redirect a loader throws, as it is, without a second load", async () => {
    const { build, loader } = fakeBuild({
      loader: () => {
        throw redirect("/r/pasta-P1", 301);
      },
    });
    const answer = await renderPublicPage(
      build,
      new URL("https://sites.example/r/pasta-co-P1"),
      context(),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get("location")).toBe("/r/pasta-P1");
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it("leaves 404s and failures to React Router", async () => {
    const url = new URL("https://sites.example/r/pasta-co-P1");
    for (const outcome of [
      () => {
        throw data({ message: "Restaurant not found." }, { status: 404 });
      },
      () => {
        throw new Error("database down");
      },
      // A page that fails to render (its data lacks what the component reads).
      () => null,
    ]) {
      const { build } = fakeBuild({ loader: outcome });
      expect(await renderPublicPage(build, url, context())).toBeNull();
    }
  });

  it("renders only public pages: other paths and hydrated routes are not its", async () => {
    const { build, loader } = fakeBuild();
    for (const path of ["/home", "/r", "/r/a/b", "/s/shop-P1"]) {
      const page = await renderPublicPage(
        build,
        new URL(`https://sites.example${path}`),
        context(),
      );
      expect(page).toBeNull();
    }
    const hydrated = fakeBuild({ hydrate: true });
    expect(
      await renderPublicPage(
        hydrated.build,
        new URL("https://sites.example/r/pasta-co-P1"),
        context(),
      ),
    ).toBeNull();
    expect(hydrated.loader).not.toHaveBeenCalled();
    expect(loader).not.toHaveBeenCalled();
  });

  it("matches each address to the route React Router would, whatever its segments", async () => {
    const { build } = fakeBuild();
    const routes = build.routes as Record<string, unknown>;
    const publicModule = (name: string) => ({
      handle: { hydrate: false },
      loader: () => ({ name }),
      PublicPage: ({ loaderData }: { loaderData: { name: string } }) => <h1>{loaderData.name}</h1>,
    });
    for (const [id, path] of [
      ["language", "r/:slugId/:lang"],
      ["order", "r/:slugId/order"],
      ["language-order", "r/:slugId/:lang/order"],
      ["gallery", "r/:slugId/gallery/:photo?"],
      ["files", "r/:slugId/files/*"],
    ] as const) {
      routes[id] = { id, parentId: "root", path, module: publicModule(id) };
    }
    const shown = async (path: string) => {
      const page = rendered(
        await renderPublicPage(build, new URL(`https://sites.example${path}`), context()),
      );
      return /<h1>([^<]*)<\/h1>/.exec(page.body.toString())?.[1];
    };
    expect(await shown("/r/pasta-co-P1/")).toBe("Pasta &amp; Co");
    expect(await shown("/r/pasta-co-P1/es")).toBe("language");
    expect(await shown("/r/pasta-co-P1/order")).toBe("order");
    expect(await shown("/r/pasta-co-P1/es/order/")).toBe("language-order");
    expect(await shown("/r/pasta-co-P1/gallery")).toBe("gallery");
    expect(await shown("/r/pasta-co-P1/gallery/3")).toBe("gallery");
    expect(await shown("/r/pasta-co-P1/files/a/b/c")).toBe("files");
    expect(
      await renderPublicPage(build, new URL("https://sites.example/r/a/es/x"), context()),
    ).toBeNull();
  });

  it("leaves to React Router a route that sets headers or has middleware, or any once the root has middleware", async () => {
    const url = new URL("https://sites.example/r/pasta-co-P1");
    const middleware = [async (_args: unknown, next: () => Promise<unknown>) => next()];
    for (const overrides of [
      { routeExports: { headers: () => ({ "Cache-Control": "no-store" }) } },
      { routeExports: { middleware } },
      { rootExports: { middleware } },
    ]) {
      const { build, loader } = fakeBuild(overrides);
      expect(await renderPublicPage(build, url, context())).toBeNull();
      expect(loader).not.toHaveBeenCalled();
    }
  });
});
