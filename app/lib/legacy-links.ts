import type { PublicPrefix } from "~/sites/product-types";

/**
 * Old shared links carried the public path in a `p` query parameter
 * (`/?p=r/joes-diner-AbC123`, `/?p=/s/shop-XyZ`). Only a site prefix and a
 * slug-id are honoured; anything else is ignored, so `p` can never send a
 * visitor to another site.
 */
export function legacyPublicPath(p: string | null | undefined): string | null {
  if (typeof p !== "string" || p.length > 300) return null;
  const match = /^\/?([rsde])\/([A-Za-z0-9-]+)$/.exec(p);
  if (!match) return null;
  const [, prefix, slugId] = match as unknown as [string, PublicPrefix, string];
  return `/${prefix}/${slugId}`;
}
