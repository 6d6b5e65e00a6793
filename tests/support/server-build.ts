/**
 * The app's React Router server build for tests, put together the way React
 * Router's Vite plugin does it in development: the app's server entry, every
 * route of `app/routes.ts` under the root, and a development asset manifest.
 *
 * The plugin itself is not used in Vitest: every instance rewrites
 * `.react-router/types` when it starts, so the PGlite and PostgreSQL projects,
 * starting together, would trip over each other.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import * as entryServer from "../../app/entry.server";
import routeConfig from "../../app/routes";
import reactRouterConfig from "../../react-router.config";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type ManifestRoute = ServerBuild["assets"]["routes"][string];

/** Flags the config leaves out are off, as the plugin resolves them. */
const FUTURE_DEFAULTS: ServerBuild["future"] = {
  v8_passThroughRequests: false,
  v8_trailingSlashAwareDataRequests: false,
  v8_middleware: false,
};

interface FlatRoute {
  id: string;
  parentId: string | undefined;
  file: string;
  path: string | undefined;
  index: boolean | undefined;
  caseSensitive: boolean | undefined;
}

/** As the plugin names routes: an explicit id, or the file without its extension. */
function flatten(entries: RouteConfigEntry[], parentId: string, into: FlatRoute[]) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
    into.push({
      id,
      parentId,
      file: entry.file,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
    });
    if (entry.children) flatten(entry.children, id, into);
  }
  return into;
}

type Wrapped<T extends (component: never) => unknown> = Parameters<T>[0];

/** The plugin hands route components their props (loaderData, params…) through these wrappers. */
function withProps(loaded: Record<string, unknown>): RouteModule {
  const module: Record<string, unknown> = { ...loaded };
  if (loaded.default)
    module.default = UNSAFE_withComponentProps(
      loaded.default as Wrapped<typeof UNSAFE_withComponentProps>,
    );
  if (loaded.ErrorBoundary) {
    module.ErrorBoundary = UNSAFE_withErrorBoundaryProps(
      loaded.ErrorBoundary as Wrapped<typeof UNSAFE_withErrorBoundaryProps>,
    );
  }
  if (loaded.HydrateFallback) {
    module.HydrateFallback = UNSAFE_withHydrateFallbackProps(
      loaded.HydrateFallback as Wrapped<typeof UNSAFE_withHydrateFallbackProps>,
    );
  }
  return module as unknown as RouteModule;
}

async function loadBuild(): Promise<ServerBuild> {
  const flat: FlatRoute[] = [
    {
      id: "root",
      parentId: undefined,
      file: "root.tsx",
      path: "",
      index: undefined,
      caseSensitive: undefined,
    },
    ...flatten(routeConfig, "root", []),
  ];
  const modules = new Map<string, RouteModule>();
  for (const route of flat) {
    const loaded = (await import(`../../app/${route.file}`)) as Record<string, unknown>;
    modules.set(route.id, withProps(loaded));
  }

  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: Record<string, ManifestRoute> = {};
  for (const route of flat) {
    const module = modules.get(route.id)!;
    const exported = (name: string) => name in module;
    const { file, ...shape } = route;
    routes[route.id] = { ...shape, module };
    manifestRoutes[route.id] = {
      ...shape,
      module: `/app/${file}`,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
      hasAction: exported("action"),
      hasLoader: exported("loader"),
      hasClientAction: exported("clientAction"),
      hasClientLoader: exported("clientLoader"),
      hasClientMiddleware: exported("clientMiddleware"),
      hasErrorBoundary: exported("ErrorBoundary"),
      imports: [],
    };
  }

  return {
    entry: { module: entryServer },
    routes,
    assets: {
      version: "test",
      url: "/__manifest-test.js",
      entry: { module: "/entry.client.tsx", imports: [] },
      routes: manifestRoutes,
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { ...FUTURE_DEFAULTS, ...reactRouterConfig.future },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

let loading: Promise<ServerBuild> | undefined;

/** Loaded once per test file. */
export function serverBuild(): Promise<ServerBuild> {
  return (loading ??= loadBuild());
}
