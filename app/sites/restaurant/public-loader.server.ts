import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import {
  labelsInUse,
  matchesMenuFilter,
  parseMenuFilter,
  storedAllergens,
  storedDiets,
} from "~/lib/dietary";
import { absoluteImageUrl, publicImageSrc } from "~/lib/image-url";
import { isSoldOutAt, optionsSoldOutAt, soldOutChangesAt } from "~/lib/sold-out";
import { publicOpening } from "~/lib/opening-status";
import { pageLanguage } from "~/lib/i18n/catalogues";
import {
  translatedCategory,
  translatedSpecialHours,
  translateItem,
} from "~/lib/i18n/translatable-texts";
import { restaurantJsonLd } from "~/lib/structured-data";
import { publicOrdering, soonerOf } from "~/server/orders/public-ordering.server";
import { publicBooking } from "~/server/bookings/public-booking.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { publicSiteRenditions } from "~/server/images/renditions.server";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import { groupMenu } from "./menu";
import { restaurantSite } from "./site";

/**
 * The loader of the restaurant page: the site, its menu grouped by category in the
 * owner's order, the
 * schema.org description and a picture for link previews. Only what the page shows
 * leaves the server; images are this site's paths or http(s) URLs, never anything else.
 */
export function publicRestaurantLoader() {
  return async ({ params, context, request }: LoaderFunctionArgs) => {
    const { db, env, storage } = context.get(servicesContext);
    const site = await loadPublicSite(
      db,
      restaurantSite.type,
      params.slugId ?? "",
      restaurantSite.notFoundIn,
      {
        url: request.url,
        publicUrl: env.publicUrl,
        customDomains: env.customDomains !== null,
        language: params.lang,
        acceptLanguage: request.headers.get("accept-language"),
      },
    );
    const page = pageLanguage(site.language);
    // A further language's version: the owner's translations, the main texts where none.
    const { translations } = site;
    const specialHours = translatedSpecialHours(site.specialHours, translations);
    // The dietary filter of the address (?diet=…&avoid=…): dishes that do not match are
    // rendered hidden, so that the page's script can show them again without a reload.
    const filter = parseMenuFilter(new URL(request.url).searchParams);
    const now = publicPagesNow(env);
    // Each dish is made once, as the page shows it, and matched once: the page hides those
    // that fail, the count says how many pass.
    const sections = groupMenu(site.items, site.categoryOrder).map((section) => ({
      id: section.id,
      name: section.uncategorized
        ? page.words.otherCategory
        : translatedCategory(translations, section.name),
      uncategorized: section.uncategorized,
      items: section.items.map((stored) => {
        const item = translateItem(
          {
            id: stored.id,
            name: stored.name,
            priceCents: stored.priceCents,
            description: stored.description,
            star: stored.star,
            imageUrl: publicImageSrc(stored.imageUrl),
            allergens: storedAllergens(stored.allergens),
            diets: storedDiets(stored.diets),
            soldOut: isSoldOutAt(stored, now.getTime()),
            options: optionsSoldOutAt(stored.options, now.getTime()),
            hidden: false,
          },
          translations,
        );
        item.hidden = !matchesMenuFilter(item, filter);
        return item;
      }),
    }));
    const dishes = sections.flatMap((section) => section.items);
    const matching = dishes.filter((dish) => !dish.hidden).length;
    const dietary = { filter, ...labelsInUse(dishes), matching, total: dishes.length };
    const absolute = (url: string | null) => absoluteImageUrl(url, env.publicUrl);
    // Whether it takes table bookings: the "Book a table" line and the ReserveAction.
    const booking = publicBooking(site, env.publicUrl);
    const jsonLd = restaurantJsonLd({
      name: site.name,
      url: site.canonicalUrl,
      address: site.address,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [site.bgUrl, site.logoUrl].flatMap((url) => absolute(url) ?? []),
      hours: site.hours,
      specialHours,
      currency: site.currency,
      menu: sections,
      inLanguage: page.language.tag,
      bookingUrl: booking?.url ?? null,
    });
    const { opening, freshUntil: openingChanges } = publicOpening(
      { ...site, specialHours },
      now,
      page,
    );
    const { ordering, changesAt: orderingChanges } = publicOrdering(
      site,
      "restaurant",
      now,
      env.publicUrl,
    );
    // A dish sold out for today comes back by itself: the page is right only until then.
    const freshUntil = soonerOf(
      soonerOf(openingChanges, orderingChanges),
      soldOutChangesAt(site.items, now.getTime()),
    );
    return {
      site: {
        name: site.name,
        address: site.address,
        contact: site.contact,
        hours: site.hours,
        opening,
        ordering,
        booking: booking ? { href: booking.href } : null,
        colors: site.colors,
        fontStyle: site.fontStyle,
        logoUrl: publicImageSrc(site.logoUrl),
        bgUrl: publicImageSrc(site.bgUrl),
        ...publicSiteRenditions(storage, site),
        currency: site.currency,
      },
      sections,
      dietary,
      /** The language the page speaks (app/lib/i18n/languages.ts), and the site's others. */
      language: site.language,
      languageLinks: site.languageLinks,
      path: site.canonicalPath,
      canonicalUrl: site.canonicalUrl,
      jsonLd,
      freshUntil,
      // Link previews show the hero, else the logo, else the menu's first dish photo.
      previewImage:
        absolute(site.bgUrl) ?? absolute(site.logoUrl) ?? absolute(firstDishPhoto(sections)),
    };
  };
}

/** The first dish with a photo, as the menu shows them. */
function firstDishPhoto(
  sections: ReadonlyArray<{ items: ReadonlyArray<{ imageUrl: string | null }> }>,
) {
  for (const section of sections) {
    for (const item of section.items) if (item.imageUrl) return item.imageUrl;
  }
  return null;
}
