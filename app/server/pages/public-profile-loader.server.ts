import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import { publicOpening } from "~/lib/opening-status";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { translatedSpecialHours } from "~/lib/i18n/translatable-texts";
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
      definition.notFoundIn,
      {
        url: request.url,
        publicUrl: env.publicUrl,
        customDomains: env.customDomains !== null,
        language: params.lang,
        acceptLanguage: request.headers.get("accept-language"),
      },
    );
    // A further language's version: the owner's translations, the main texts where none.
    const { translations } = site;
    const specialHours = translatedSpecialHours(site.specialHours, translations);
    const jsonLd = businessJsonLd({
      type: schemaType,
      name: site.name,
      url: site.canonicalUrl,
      address: site.address,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [site.logoUrl, site.bgUrl],
      hours: site.hours,
      specialHours,
    });
    const page = pageLanguage(site.language);
    const { opening, freshUntil } = publicOpening(
      { ...site, specialHours },
      publicPagesNow(env),
      page,
    );
    return {
      site: { ...site, opening },
      jsonLd,
      freshUntil,
      language: site.language,
      languageLinks: site.languageLinks,
    };
  };
}
