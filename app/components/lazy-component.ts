import { lazy, type ComponentType } from "react";

/**
 * A component whose code is a chunk of its own, fetched the first time it renders in the
 * browser (render it inside `<Suspense>`). A loader calls `preload()` before a page that
 * shows it is rendered on the server, so the server renders it in full, never a fallback:
 * the page is complete without JavaScript, and the browser hydrates it once its chunk has
 * arrived, keeping the server's markup until then.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): {
  Component: ComponentType<Props>;
  preload: () => Promise<void>;
  /** Starts fetching it ahead of need (hover, focus); a failure is tried again on render. */
  prefetch: () => void;
} {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch may be tried again on the next render.
        loading = null;
        throw error;
      },
    );
    return loading.then(() => undefined);
  };
  const Component = lazy(() => {
    // Already here: answered at once, so React renders it without suspending (React.lazy
    // reads a thenable that resolves synchronously as resolved).
    if (loaded) {
      const component = loaded;
      return {
        then: (resolve: (module: { default: ComponentType<Props> }) => void) =>
          resolve({ default: component }),
      } as Promise<{ default: ComponentType<Props> }>;
    }
    return preload().then(() => ({ default: loaded! }));
  });
  const prefetch = () => void preload().catch(() => {});
  return { Component, preload, prefetch };
}
