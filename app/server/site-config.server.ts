import type { ProductType } from "~/sites/product-types";
import { publicPath } from "~/lib/slug";
import type { Env } from "./env.server";

/** Where Register points: the configured external page, our own page, or nowhere when closed. */
export function registerHref(env: Env): string | null {
  if (env.registerUrl) return env.registerUrl;
  return env.registrationOpen ? "/register" : null;
}

/** A site's public path and its absolute URL (for copying and sharing). */
export function publicLink(env: Env, type: ProductType, slug: string, productId: string) {
  const path = publicPath(type, slug, productId);
  return { publicPath: path, publicUrl: `${env.publicUrl}${path}` };
}
