import type { LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import { absoluteImageUrl, publicImageSrc } from "~/lib/image-url";
import { isSoldOutAt, optionsSoldOutAt, soldOutChangesAt } from "~/lib/sold-out";
import { compareNames } from "~/lib/items";
import { MAX_IMAGES_PER_ITEM } from "~/lib/limits";
import { shopJsonLd } from "~/lib/structured-data";
import { loadPublicSite } from "~/server/repositories/public-sites.server";
import { parsePaypalUsername, parseVenmoUsername } from "./payments";
import { parseShopSearch, shopItemFacts, shopTagOptions } from "./shop";
import { shoppySite } from "./site";
import { publicOpening } from "~/lib/opening-status";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { translatedSpecialHours, translateItem } from "~/lib/i18n/translatable-texts";
import { publicOrdering, soonerOf } from "~/server/orders/public-ordering.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { publicSiteRenditions } from "~/server/images/renditions.server";

/**
 * The loader of the shop page: the site, its items (featured first, then by name), the tags a visitor can
 * choose, the filters and open item its address asks for, the payment handles, the
 * schema.org description and a picture for link previews (the open item's first photo,
 * else the hero or logo). Only what the page shows leaves the server; images are this
 * site's paths or http(s) URLs, payment handles only well-formed ones.
 */
export function publicShopLoader() {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const { db, env, storage } = context.get(servicesContext);
    const site = await loadPublicSite(
      db,
      shoppySite.type,
      params.slugId ?? "",
      shoppySite.notFoundIn,
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
    const now = publicPagesNow(env);
    const items = site.items
      .map((item) =>
        translateItem(
          {
            id: item.id,
            name: item.name,
            priceCents: item.priceCents,
            description: item.description,
            tags: item.tags.filter((tag): tag is string => typeof tag === "string"),
            soldOut: isSoldOutAt(item, now.getTime()),
            options: optionsSoldOutAt(item.options, now.getTime()),
            featured: item.star,
            images: item.images
              .flatMap((url) => publicImageSrc(url) ?? [])
              .slice(0, MAX_IMAGES_PER_ITEM),
          },
          translations,
        ),
      )
      .sort(
        (a, b) =>
          Number(b.featured) - Number(a.featured) ||
          compareNames(a.name, b.name) ||
          (a.id < b.id ? -1 : 1),
      );
    const tagOptions = shopTagOptions(
      site.tags,
      items.map((item) => item.tags),
    );
    const { filters, itemId } = parseShopSearch(new URL(request.url).searchParams, tagOptions);
    const openItem = items.find((item) => item.id === itemId) ?? null;

    const absolute = (url: string | null) => absoluteImageUrl(url, env.publicUrl);
    const pageUrl = site.canonicalUrl;
    const jsonLd = shopJsonLd({
      name: site.name,
      url: pageUrl,
      address: site.address,
      phone: site.contact.phone,
      email: site.contact.email,
      images: [site.bgUrl, site.logoUrl].flatMap((url) => absolute(url) ?? []),
      hours: site.hours,
      specialHours,
      currency: site.currency,
      page,
      items: items.map(shopItemFacts),
    });
    const { opening, freshUntil: openingChanges } = publicOpening(
      { ...site, specialHours },
      now,
      page,
    );
    const { ordering, changesAt: orderingChanges } = publicOrdering(
      site,
      "shoppy",
      now,
      env.publicUrl,
    );
    // An item sold out for today comes back by itself: the page is right only until then.
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
        colors: site.colors,
        fontStyle: site.fontStyle,
        logoUrl: publicImageSrc(site.logoUrl),
        bgUrl: publicImageSrc(site.bgUrl),
        ...publicSiteRenditions(storage, site),
        currency: site.currency,
      },
      /** The language the page speaks (app/lib/i18n/languages.ts), and the site's others. */
      language: site.language,
      languageLinks: site.languageLinks,
      path: site.canonicalPath,
      canonicalUrl: site.canonicalUrl,
      items,
      tagOptions,
      filters,
      openItemId: openItem?.id ?? null,
      payments: {
        paypal: parsePaypalUsername(site.paypalUsername) || null,
        venmo: parseVenmoUsername(site.venmoUsername) || null,
      },
      jsonLd,
      freshUntil,
      // Link previews show the open item, else the shop's pictures, else its first item photo.
      previewImage:
        absolute(openItem?.images[0] ?? null) ??
        absolute(site.bgUrl) ??
        absolute(site.logoUrl) ??
        absolute(items.find((item) => item.images.length > 0)?.images[0] ?? null),
    };
  };
}
