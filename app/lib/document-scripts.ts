/**
 * Whether a page runs React in the browser. A route says `hydrate: false` in its `handle`
 * for a page that is plain HTML (a public page, the landing, sign-in, a customer's order):
 * the document then writes no scripts (app/root.tsx), and its stylesheets travel inside it
 * (app/entry.server.tsx). Nothing is imported here: every page of the portal loads this.
 */
export function pageHydrates(handles: ReadonlyArray<unknown>): boolean {
  return !handles.some(
    (handle) => (handle as { hydrate?: unknown } | undefined)?.hydrate === false,
  );
}
