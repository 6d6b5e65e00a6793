import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import type { ProductType } from "~/lib/product-types";
import { businessJsonLd } from "~/lib/structured-data";
import { loadPublicSite } from "./repositories/public-sites.server";

/** The loader every public site route shares until its type has a page of its own. */
export function publicSiteLoader(type: ProductType, notFoundMessage: string) {
  return async ({ params, context }: LoaderFunctionArgs) => {
    const { db } = context.get(servicesContext);
    return { site: await loadPublicSite(db, type, params.slugId ?? "", notFoundMessage) };
  };
}

/** The loader of the dealership and e-commerce pages: the site and its schema.org description. */
export function publicProfileLoader(
  type: "dealership" | "ecommerce",
  schemaType: "AutoDealer" | "Store",
  notFoundMessage: string,
) {
  return async ({ params, context }: LoaderFunctionArgs) => {
    const { db, env } = context.get(servicesContext);
    const site = await loadPublicSite(db, type, params.slugId ?? "", notFoundMessage);
    const jsonLd = businessJsonLd({
      type: schemaType,
      name: site.name,
      url: `${env.publicUrl}${site.canonicalPath}`,
      address: site.address,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [site.logoUrl, site.bgUrl],
      hours: site.hours,
    });
    return { site, jsonLd };
  };
}
