/**
 * The share/ folder owns how a site reaches its visitors: its links (here), its QR codes,
 * and what search engines read (robots.txt, sitemaps).
 *
 * A site's public links as the portal gives them to its owner: its path here, and the
 * address visitors are given (its own domain once verified).
 */
import type { ProductType } from "~/sites/product-types";
import { customDomainUrl } from "~/lib/custom-domains";
import { publicPath } from "~/lib/slug";
import type { Env } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";

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
