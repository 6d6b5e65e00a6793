/**
 * schema.org JSON-LD for public pages, built from stored info. Only values
 * that are safe to publish go in: http(s) images (or, for a shop's items,
 * paths on the site), times in 24-hour form.
 */
import { suitableForDiet } from "./dietary";
import { CLOSED, toIso24, type HoursRow, type SpecialHours } from "./hours";
import { DEFAULT_CURRENCY } from "./currency";
import { publicImageSrc } from "./image-url";
import { priceAmount } from "./price";
import { safeHttpUrl } from "./profile-info";

export interface BusinessFacts {
  type: "AutoDealer" | "Store" | "Restaurant";
  name: string;
  url: string;
  address: string;
  phone: string;
  email: string;
  images: string[];
  hours: HoursRow[];
  /** Dated exceptions; those not over yet go in as specialOpeningHoursSpecification. */
  specialHours?: SpecialHours[];
}

export function businessJsonLd(facts: BusinessFacts): Record<string, unknown> {
  const images = facts.images.map(safeHttpUrl).filter((url): url is string => url !== null);
  const openingHoursSpecification = facts.hours.flatMap((row) => {
    if (row.open === CLOSED || row.close === CLOSED) return [];
    const opens = toIso24(row.open);
    const closes = toIso24(row.close);
    return opens && closes
      ? [{ "@type": "OpeningHoursSpecification", dayOfWeek: row.day, opens, closes }]
      : [];
  });
  return {
    "@context": "https://schema.org",
    "@type": facts.type,
    name: facts.name,
    url: facts.url,
    ...(facts.address
      ? { address: { "@type": "PostalAddress", streetAddress: facts.address } }
      : {}),
    ...(facts.phone ? { telephone: facts.phone } : {}),
    ...(facts.email ? { email: facts.email } : {}),
    ...(images.length ? { image: images } : {}),
    ...(openingHoursSpecification.length ? { openingHoursSpecification } : {}),
    ...specialOpeningHours(facts.specialHours ?? []),
  };
}

/**
 * Special days as schema.org says them: from and through which date, and the hours kept,
 * or 00:00 to 00:00 for a day closed (Google's reading of a closed day).
 */
function specialOpeningHours(specialHours: SpecialHours[]) {
  const specs = specialHours.flatMap((special) => {
    const closed = special.open === CLOSED || special.close === CLOSED;
    const opens = closed ? "00:00" : toIso24(special.open);
    const closes = closed ? "00:00" : toIso24(special.close);
    if (!opens || !closes) return [];
    return [
      {
        "@type": "OpeningHoursSpecification",
        validFrom: special.from,
        validThrough: special.to,
        opens,
        closes,
        ...(special.note ? { description: special.note } : {}),
      },
    ];
  });
  return specs.length ? { specialOpeningHoursSpecification: specs } : {};
}

export interface MenuSectionFacts {
  name: string;
  items: Array<{
    name: string;
    description: string;
    priceCents: number;
    /** A path on the site or an http(s) URL, as the page links it; anything else is left out. */
    imageUrl: string | null;
    /** Keys of app/lib/dietary.ts; those with a schema.org RestrictedDiet become `suitableForDiet`. */
    diets?: readonly string[];
  }>;
}

/** What a menu or a shop prices in: an ISO 4217 code (app/lib/currency.ts), US dollars if left out. */
interface PriceFacts {
  currency?: string;
}

/** An Offer's price and currency: the amount the page shows, in the currency's digits. */
function offerPrice(priceCents: number, currency: string = DEFAULT_CURRENCY) {
  return { price: priceAmount(priceCents, currency), priceCurrency: currency };
}

/**
 * A restaurant with its menu: one MenuSection per category, in the menu's order, each
 * MenuItem with its price as an Offer ("12.50", exact to the cent; "1500" in yen). A
 * restaurant without items has no menu. A dish's photo is given as the page links it, a
 * path on this site or an http(s) URL, as the shop's are (see `shopJsonLd`): JSON-LD resolves
 * a path against the page's address.
 */
export function restaurantJsonLd(
  facts: Omit<BusinessFacts, "type"> & PriceFacts & { menu: MenuSectionFacts[] },
): Record<string, unknown> {
  const { menu, currency, ...business } = facts;
  const sections = menu.filter((section) => section.items.length > 0);
  return {
    ...businessJsonLd({ ...business, type: "Restaurant" }),
    ...(sections.length
      ? {
          hasMenu: {
            "@type": "Menu",
            hasMenuSection: sections.map((section) => ({
              "@type": "MenuSection",
              name: section.name,
              hasMenuItem: section.items.map((item) => {
                // Properties set one by one, in the order they are written: this runs for
                // every dish of every uncached menu view.
                const menuItem: Record<string, unknown> = { "@type": "MenuItem", name: item.name };
                if (item.description) menuItem.description = item.description;
                const image = publicImageSrc(item.imageUrl);
                if (image) menuItem.image = image;
                const diets = suitableForDiet(item.diets ?? []);
                if (diets.length) menuItem.suitableForDiet = diets;
                menuItem.offers = { "@type": "Offer", ...offerPrice(item.priceCents, currency) };
                return menuItem;
              }),
            })),
          },
        }
      : {}),
  };
}

export interface ShopItemFacts {
  name: string;
  description: string;
  tags: string[];
  priceCents: number;
  soldOut: boolean;
  /** The item's own address (`?item=`), relative to the page or absolute. */
  url: string;
  /** Paths on this site (relative to the page) or http(s) URLs; anything else is left out. */
  images: string[];
}

/**
 * A shop with its items: a Store whose offer catalog (an ItemList) lists each item as a
 * Product, with its address, pictures, description, tags as keywords (one value per tag)
 * and an Offer carrying the exact price and whether it is in stock. A shop without items
 * has no catalog.
 *
 * The shop page's script reads each item from here rather than from a copy of its own
 * (app/sites/shoppy/shop-page-script.ts, `readShopItems`), and a shop of 50 items repeats
 * every byte 50 times. So the Offer has no address of its own (it is the offer of the
 * Product, which has one), and an item's address and photos may be given relative to the
 * page, as its links and images are: schema.org's `url` and `image` are URLs, which JSON-LD
 * resolves against the page's address.
 */
export function shopJsonLd(
  facts: Omit<BusinessFacts, "type"> & PriceFacts & { items: ShopItemFacts[] },
): Record<string, unknown> {
  const { items, currency, ...business } = facts;
  return {
    ...businessJsonLd({ ...business, type: "Store" }),
    ...(items.length
      ? {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: business.name,
            numberOfItems: items.length,
            itemListElement: items.map((item, index) => {
              const images = item.images.flatMap((url) => publicImageSrc(url) ?? []);
              return {
                "@type": "ListItem",
                position: index + 1,
                item: {
                  "@type": "Product",
                  name: item.name,
                  url: item.url,
                  ...(images.length ? { image: images } : {}),
                  ...(item.description ? { description: item.description } : {}),
                  ...(item.tags.length ? { keywords: item.tags } : {}),
                  offers: {
                    "@type": "Offer",
                    ...offerPrice(item.priceCents, currency),
                    availability: item.soldOut
                      ? "https://schema.org/SoldOut"
                      : "https://schema.org/InStock",
                  },
                },
              };
            }),
          },
        }
      : {}),
  };
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for a `<script>` element (JSON-LD): `<` is escaped so no text can close the tag, and
 * U+2028/U+2029 so that the text is also valid JavaScript.
 */
export function jsonLdText(data: unknown): string {
  // One pass over the text: a menu's JSON-LD is some 20 KB, written on every render.
  return JSON.stringify(data).replace(UNSAFE_IN_SCRIPT, (character) => ESCAPED[character]!);
}
