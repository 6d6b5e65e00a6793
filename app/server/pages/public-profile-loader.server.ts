import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import { publicOpening } from "~/lib/opening-status";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { businessJsonLd } from "~/lib/structured-data";
import { publicPagesNow } from "../runtime/env.server";
import type { SiteDefinition } from "~/sites";
import { loadPublicSite } from "../repositories/public-sites.server";

/** The loader of the dealership and e-commerce pages: the site and its schema.org description. */
export function publicProfileLoader(
  definition: SiteDefinition,
  schemaType: "AutoDealer" | "Store",
) {
  return async ({ params, context, request }: LoaderFunctionArgs) => {
    const { db, env } = context.get(servicesContext);
    const site = await loadPublicSite(
      db,
      definition.type,
      params.slugId ?? "",
      definition.notFoundMessage,
      {
        url: request.url,
        publicUrl: env.publicUrl,
        customDomains: env.customDomains !== null,
      },
    );
    const jsonLd = businessJsonLd({
      type: schemaType,
      name: site.name,
      url: site.canonicalUrl,
      address: site.address,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [site.logoUrl, site.bgUrl],
      hours: site.hours,
      specialHours: site.specialHours,
    });
    const page = pageLanguage(site.language);
    const { opening, freshUntil } = publicOpening(site, publicPagesNow(env), page);
    return { site: { ...site, opening }, jsonLd, freshUntil, language: site.language };
  };
}
