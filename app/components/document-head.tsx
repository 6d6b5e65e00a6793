import type { ReactNode } from "react";

/**
 * The `<head>` every page starts with; the page's title, meta tags and links go inside.
 * Shared by the root layout and the public page renderer (app/server/pages/public-page-render.server.tsx).
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {children}
    </head>
  );
}
