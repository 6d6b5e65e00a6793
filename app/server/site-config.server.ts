import type { ProductType } from "~/sites/product-types";
import { customDomainUrl } from "~/lib/custom-domains";
import { publicPath } from "~/lib/slug";
import type { Env } from "./env.server";
import type { AppServices } from "./services.server";

/** Where Register points: the configured external page, our own page, or nowhere when closed. */
export function registerHref(env: Env): string | null {
  if (env.registerUrl) return env.registerUrl;
  return env.registrationOpen ? "/register" : null;
}

/**
 * A site's public path at the portal (for its links, preview and QR images there) and the
 * absolute URL visitors are given (for copying and sharing): its own domain once verified.
 */
export function publicLink(
  env: Env,
  type: ProductType,
  slug: string,
  productId: string,
  customDomain: string | null,
) {
  const path = publicPath(type, slug, productId);
  return {
    publicPath: path,
    publicUrl: customDomain
      ? customDomainUrl(env.publicUrl, customDomain)
      : `${env.publicUrl}${path}`,
  };
}

/** An owner's own site's link, with its verified domain read now (the editor, Share, printables). */
export async function ownSiteLink(
  services: Pick<AppServices, "env" | "domains">,
  product: { type: ProductType; slug: string; id: string },
) {
  const domain = await services.domains.currentDomainOf(product.id);
  return publicLink(services.env, product.type, product.slug, product.id, domain);
}
