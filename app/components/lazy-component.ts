import { createElement, lazy, useEffect, type ComponentType } from "react";

/**
 * Lazy parts awaited in the browser: asked for before their code had arrived, not yet on
 * screen. When the server rendered one in full (a tab opened by its address), React keeps
 * the server's markup for it, which does not answer to input, and hydrates it only once its
 * chunk has arrived: after the root's effects have run, since React hydrates a Suspense
 * boundary's content after the page around it.
 */
let partsAwaited = 0;
let onNoneAwaited: Array<() => void> = [];

function partSettled() {
  partsAwaited -= 1;
  if (partsAwaited > 0) return;
  const waiting = onNoneAwaited;
  onNoneAwaited = [];
  for (const resolve of waiting) resolve();
}

/** Resolves once every lazy part a render has asked for is on screen, or failed to arrive. */
export function lazyPartsSettled(): Promise<void> {
  if (partsAwaited === 0) return Promise.resolve();
  return new Promise((resolve) => onNoneAwaited.push(resolve));
}

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
  /**
   * Counts it as awaited (`lazyPartsSettled`) until its code has arrived and it is on screen,
   * unless it is here already. Called as the page around it renders, for a part the server
   * rendered in full: React asks for the part itself only later.
   */
  awaitOnScreen: () => void;
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
  let awaitingMount = false;
  const awaitOnScreen = () => {
    if (loaded || awaitingMount || typeof window === "undefined") return;
    awaitingMount = true;
    partsAwaited += 1;
  };
  const settle = () => {
    if (!awaitingMount) return;
    awaitingMount = false;
    partSettled();
  };
  /** The part once its code has arrived: its first mount settles any wait for it. */
  function Arrived(props: Props) {
    useEffect(settle, []);
    return createElement(loaded!, props);
  }
  const Component = lazy(() => {
    // Already here: answered at once, so React renders it without suspending (React.lazy
    // reads a thenable that resolves synchronously as resolved).
    if (loaded) {
      return {
        then: (resolve: (module: { default: ComponentType<Props> }) => void) =>
          resolve({ default: Arrived }),
      } as Promise<{ default: ComponentType<Props> }>;
    }
    awaitOnScreen();
    return preload().then(
      () => ({ default: Arrived }),
      (error: unknown) => {
        settle();
        throw error;
      },
    );
  });
  const prefetch = () => void preload().catch(() => {});
  return { Component, preload, prefetch, awaitOnScreen };
}
