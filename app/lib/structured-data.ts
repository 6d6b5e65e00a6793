/**
 * schema.org JSON-LD for public pages, built from stored info. Only values
 * that are safe to publish go in: http(s) images (or, for a shop's items,
 * paths on the site), times in 24-hour form.
 */
import { suitableForDiet } from "./dietary";
import { CLOSED, toIso24, type HoursRow, type SpecialHours } from "./hours";
import { DEFAULT_CURRENCY } from "./currency";
import { publicImageSrc } from "./image-url";
import { sizeGroupOf, sizePrices, type OptionChoice, type OptionGroup } from "./item-options";
import { choicesLine, optionsOfItem, shownOptions } from "./item-options-display";
import { sizesLine, type SizeOffer } from "./option-lines";
import { currencyNumberFormat, priceAmount } from "./price";
import { ENGLISH, type PageLanguage } from "./i18n/page-language";
import { safeHttpUrl } from "./profile-info";
import { Markup } from "./markup";

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
    /** Sizes become one Offer each, other groups `menuAddOn` sections (see `MenuAddOns`). */
    options?: readonly OptionGroup[];
  }>;
}

/** What a menu or a shop prices in: an ISO 4217 code (app/lib/currency.ts), US dollars if left out. */
interface PriceFacts {
  currency?: string;
  /** The page's language: option lines are written in its words; English when left out. */
  page?: PageLanguage;
}

/** An Offer's price and currency: the amount the page shows, in the currency's digits. */
function offerPrice(priceCents: number, currency: string = DEFAULT_CURRENCY) {
  return { price: priceAmount(priceCents, currency), priceCurrency: currency };
}

/** An Offer as the JSON-LD writes it. */
type OfferLd = { "@type": "Offer" } & SizeOffer;

const OUT_OF_STOCK = "https://schema.org/OutOfStock";
const SOLD_OUT = "https://schema.org/SoldOut";
const IN_STOCK = "https://schema.org/InStock";

/**
 * An item's offers: one Offer for its price, or, when it has sizes, one per size named
 * after it, at the price it comes to. `availability` says what each size's is (none: left
 * out, as a menu's offers leave it).
 */
function itemOffers(
  priceCents: number,
  options: readonly OptionGroup[] | undefined,
  currency: string | undefined,
  availability: (choice: OptionChoice | null) => string | null,
): OfferLd | OfferLd[] {
  const offer = (name: string | null, cents: number, choice: OptionChoice | null) => {
    const fields = { "@type": "Offer" } as OfferLd;
    if (name !== null) fields.name = name;
    Object.assign(fields, offerPrice(cents, currency));
    const said = availability(choice);
    if (said) fields.availability = said;
    return fields;
  };
  const sizes = options && options.length ? sizeGroupOf(options) : undefined;
  if (!sizes) return offer(null, priceCents, null);
  return sizePrices(priceCents, sizes).map((size) =>
    offer(size.choice.name, size.priceCents, size.choice),
  );
}

/**
 * A menu's dishes' groups of options other than their sizes, as schema.org's `menuAddOn`: a
 * MenuSection per group, whose MenuItems are its choices, each offered at what it adds to
 * the dish's price ("2.00"; "0.00" for nothing, "-0.50" for a choice that takes off), out of
 * stock when sold out.
 *
 * Each section is written whole once, with an `@id`. A later dish with the same group (the
 * same name, and the same choices at the same prices, as when every pizza has the same
 * extras) names that section by its `@id` alone: a JSON-LD node reference, which readers of
 * the graph resolve to the same MenuSection. Written in full for each dish, the bench's 50
 * dishes, each with the same two groups, made the page 165 KB; written once, 132 KB.
 */
class MenuAddOns {
  /**
   * The groups whose sections are written so far, in order: the nth has `#menu-add-on-n`. A
   * group is compared with them field by field rather than turned into a text to look up:
   * this runs for every group of every dish of an uncached menu view, and those texts were a
   * sixteenth of what such a view allocated. A menu has few distinct groups.
   */
  private readonly written: OptionGroup[] = [];

  constructor(private readonly currency: string | undefined) {}

  /** The dish's sections, or none when its only group is its sizes. */
  of(options: readonly OptionGroup[]): object[] {
    const sizes = sizeGroupOf(options);
    const sections: object[] = [];
    for (const group of options) if (group !== sizes) sections.push(this.section(group));
    return sections;
  }

  private section(group: OptionGroup): object {
    const same = this.written.findIndex((each) => sameSection(each, group));
    if (same >= 0) return { "@id": `#menu-add-on-${same + 1}` };
    this.written.push(group);
    const id = `#menu-add-on-${this.written.length}`;
    return {
      "@type": "MenuSection",
      "@id": id,
      name: group.name,
      hasMenuItem: group.choices.map((choice) => ({
        "@type": "MenuItem",
        name: choice.name,
        offers: {
          "@type": "Offer",
          ...offerPrice(choice.priceChangeCents, this.currency),
          ...(choice.soldOut ? { availability: OUT_OF_STOCK } : {}),
        },
      })),
    };
  }
}

/** Whether two groups' sections say the same: one name, and the same choices, prices and sold-out marks, in order. */
function sameSection(written: OptionGroup, group: OptionGroup): boolean {
  if (written.name !== group.name || written.choices.length !== group.choices.length) {
    return false;
  }
  for (let index = 0; index < group.choices.length; index++) {
    const before = written.choices[index]!;
    const choice = group.choices[index]!;
    if (
      before.name !== choice.name ||
      before.priceChangeCents !== choice.priceChangeCents ||
      !before.soldOut !== !choice.soldOut
    ) {
      return false;
    }
  }
  return true;
}

/** On a menu, only a size sold out says its availability. */
const menuAvailability = (choice: OptionChoice | null) => (choice?.soldOut ? OUT_OF_STOCK : null);

/**
 * A restaurant with its menu: one MenuSection per category, in the menu's order, each
 * MenuItem with its price as an Offer ("12.50", exact to the cent; "1500" in yen), or with
 * sizes one Offer per size (named after it, out of stock when sold out), and its other
 * groups of options as `menuAddOn` (see `MenuAddOns`). A restaurant without items has no
 * menu. A dish's photo is given as the page links it, a path on this site or an http(s)
 * URL, as the shop's are (see `shopJsonLd`): JSON-LD resolves a path against the page's
 * address.
 */
export function restaurantJsonLd(
  facts: Omit<BusinessFacts, "type"> &
    PriceFacts & {
      menu: MenuSectionFacts[];
      /** The menu's language, a BCP 47 tag; left out, none is said. */
      inLanguage?: string;
      /**
       * The booking form's absolute address while the restaurant takes bookings online; then
       * it says it accepts reservations, and how (a ReserveAction). Left out or null, it says
       * nothing of reservations: it may still take them by phone.
       */
      bookingUrl?: string | null;
    },
): Record<string, unknown> {
  const { menu, currency, inLanguage, bookingUrl, page: _page, ...business } = facts;
  const sections = menu.filter((section) => section.items.length > 0);
  const addOns = new MenuAddOns(currency);
  return {
    ...businessJsonLd({ ...business, type: "Restaurant" }),
    ...(bookingUrl
      ? {
          acceptsReservations: true,
          potentialAction: {
            "@type": "ReserveAction",
            target: {
              "@type": "EntryPoint",
              urlTemplate: bookingUrl,
              ...(inLanguage ? { inLanguage } : {}),
              actionPlatform: [
                "https://schema.org/DesktopWebPlatform",
                "https://schema.org/MobileWebPlatform",
              ],
            },
            result: { "@type": "FoodEstablishmentReservation" },
          },
        }
      : {}),
    ...(sections.length
      ? {
          hasMenu: {
            "@type": "Menu",
            ...(inLanguage ? { inLanguage } : {}),
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
                menuItem.offers = itemOffers(
                  item.priceCents,
                  item.options,
                  currency,
                  menuAvailability,
                );
                if (item.options && item.options.length) {
                  const sections = addOns.of(item.options);
                  if (sections.length) menuItem.menuAddOn = sections;
                }
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
  /** Sizes become one Offer each; every group an `additionalProperty` (see `shopJsonLd`). */
  options?: readonly OptionGroup[];
}

/**
 * A shop with its items: a Store whose offer catalog (an ItemList) lists each item as a
 * Product, with its address, pictures, description, tags as keywords (one value per tag)
 * and an Offer carrying the exact price and whether it is in stock; an item with sizes has
 * one Offer per size, named after it, at the price it comes to, sold out with its item and
 * out of stock on its own (an available size says nothing). Each group of an item's options is a PropertyValue of its
 * `additionalProperty`, named after the group: the sizes' value is their names, another
 * group's its choices and what each adds as the item's detail lists them ("Bacon +$2.00,
 * Basil (sold out)": `shopOptionLines`). A shop without items has no catalog.
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
  const { items, currency, page = ENGLISH, ...business } = facts;
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
                  ...optionProperties(item, currency, page),
                  offers: shopItemOffers(item, currency),
                },
              };
            }),
          },
        }
      : {}),
  };
}

/** What a shop's item's options and offers are made of. */
type ShopOptionFacts = Pick<ShopItemFacts, "priceCents" | "soldOut" | "options">;

/**
 * A shop's item's offers as its Product lists them (see `shopJsonLd`): one Offer, in stock
 * or sold out; or one per size, each sold out with its item, else out of stock when sold out
 * on its own, and saying nothing when in stock (a 50-item shop's page has no room for a
 * hundred more "InStock"s: see bench/budgets.ts).
 */
function shopItemOffers(item: ShopOptionFacts, currency: string | undefined) {
  return itemOffers(item.priceCents, item.options, currency, (choice) => {
    if (item.soldOut) return SOLD_OUT;
    if (choice === null) return IN_STOCK;
    return choice.soldOut ? OUT_OF_STOCK : null;
  });
}

/**
 * A shop's item's groups of options other than its sizes, each with its choices in one line;
 * on an item sold out whole, no choice is marked on its own.
 */
function otherGroupLines(item: ShopOptionFacts, currency: string | undefined, page: PageLanguage) {
  const options = optionsOfItem(item.options ?? [], item.soldOut);
  return shownOptions(item.priceCents, options, currency, page).groups.map((group) => ({
    name: group.name,
    value: choicesLine(group.choices, page),
  }));
}

/**
 * An item's groups of options as PropertyValues (see `shopJsonLd`): its sizes first, whose
 * values are their names (their prices are the Offers'), then each other group, whose value
 * is its choices and what each adds, in one line.
 */
function optionProperties(item: ShopItemFacts, currency: string | undefined, page: PageLanguage) {
  if (!item.options || item.options.length === 0) return {};
  const properties: Array<Record<string, unknown>> = otherGroupLines(item, currency, page).map(
    (line) => ({ "@type": "PropertyValue", ...line }),
  );
  const sizes = sizeGroupOf(item.options);
  if (sizes) {
    const names = sizes.choices.map((choice) => choice.name);
    properties.unshift({ "@type": "PropertyValue", name: sizes.name, value: names });
  }
  return { additionalProperty: properties };
}

/**
 * A shop's item's options as its detail lists them, each group in a line, from what its
 * Product says, as the page's script reads them there (`readShopItems`): the sizes' line
 * made of their Offers (`sizesLine`), then each other group's line.
 */
export function shopOptionLines(
  item: ShopOptionFacts,
  currency: string | undefined,
  page: PageLanguage = ENGLISH,
): Array<{ name: string; value: string }> {
  const lines = otherGroupLines(item, currency, page);
  const sizes = item.options && item.options.length ? sizeGroupOf(item.options) : undefined;
  const offers = sizes ? shopItemOffers(item, currency) : null;
  if (sizes && Array.isArray(offers)) {
    const value = sizesLine(
      offers,
      page.language.tag,
      page.words.soldOutChoice,
      currencyNumberFormat,
    );
    lines.unshift({ name: sizes.name, value });
  }
  return lines;
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for a `<script>` element (JSON-LD): `<` is escaped so no text can close the tag, and
 * U+2028/U+2029 so that the text is also valid JavaScript. Written by JSON.stringify in one
 * go: for a 50-dish menu (some 64,000 characters), walking the containers near the top by
 * hand, to hand the page its JSON-LD in pieces, took 15% more instructions and half as much
 * time again, and the page sets the markup aside and encodes it on its own either way
 * (`useMarkupHtml`).
 */
export function jsonLdMarkup(data: unknown): Markup {
  return new Markup(escapedForScript(JSON.stringify(data) ?? "null"));
}

function escapedForScript(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (character) => ESCAPED[character]!);
}
