import { describe, expect, it } from "vitest";
import { defaultHours } from "./hours";
import type { OptionGroup } from "./item-options";
import { businessJsonLd, jsonLdMarkup, restaurantJsonLd, shopJsonLd } from "./structured-data";

describe("businessJsonLd", () => {
  it("describes a dealer with address, phone, images and opening hours", () => {
    const hours = defaultHours();
    hours[0] = { day: "Monday", open: "9:00 AM", close: "6:30 PM" };
    const data = businessJsonLd({
      type: "AutoDealer",
      name: "Bayside Motors",
      url: "https://portal.example/d/bayside-motors-abc",
      address: "1 Shore Rd",
      phone: "+1 555 0100",
      email: "",
      images: ["https://cdn.example/bg.jpg", "javascript:alert(1)", ""],
      hours,
    });
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Bayside Motors",
      url: "https://portal.example/d/bayside-motors-abc",
      address: { "@type": "PostalAddress", streetAddress: "1 Shore Rd" },
      telephone: "+1 555 0100",
      image: ["https://cdn.example/bg.jpg"],
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: "Monday",
          opens: "09:00",
          closes: "18:30",
        },
      ],
    });
  });
});

describe("businessJsonLd: special days", () => {
  it("lists special days as specialOpeningHoursSpecification, a closed one as 00:00 to 00:00", () => {
    const data = businessJsonLd({
      type: "Store",
      name: "Harbor & Pine",
      url: "https://portal.example/s/harbor-pine-abc",
      address: "",
      phone: "",
      email: "",
      images: [],
      hours: defaultHours(),
      specialHours: [
        { from: "2026-12-24", to: "2026-12-24", open: "11:00 AM", close: "3:00 PM", note: "" },
        {
          from: "2026-12-25",
          to: "2026-12-26",
          open: "Closed",
          close: "Closed",
          note: "Christmas",
        },
      ],
    });
    expect(data.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-24",
        validThrough: "2026-12-24",
        opens: "11:00",
        closes: "15:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-25",
        validThrough: "2026-12-26",
        opens: "00:00",
        closes: "00:00",
        description: "Christmas",
      },
    ]);
  });

  it("says nothing of special days when there are none", () => {
    const data = businessJsonLd({
      type: "Store",
      name: "Shop",
      url: "https://portal.example/s/shop-abc",
      address: "",
      phone: "",
      email: "",
      images: [],
      hours: defaultHours(),
      specialHours: [],
    });
    expect(data).not.toHaveProperty("specialOpeningHoursSpecification");
  });
});

describe("restaurantJsonLd: diets", () => {
  it("gives each dish schema.org's RestrictedDiet values where one exists, and none otherwise", () => {
    const data = restaurantJsonLd({
      name: "Green Table",
      url: "https://portal.example/r/green-table-abc",
      address: "",
      phone: "",
      email: "",
      images: [],
      hours: [],
      menu: [
        {
          name: "Mains",
          items: [
            {
              name: "Falafel",
              description: "",
              priceCents: 900,
              imageUrl: null,
              diets: ["spicy", "vegan", "vegetarian", "halal", "gluten-free", "kosher", "unknown"],
            },
            { name: "Chili", description: "", priceCents: 1100, imageUrl: null, diets: ["spicy"] },
          ],
        },
      ],
    });
    const [falafel, chili] = (
      data.hasMenu as { hasMenuSection: Array<{ hasMenuItem: Array<Record<string, unknown>> }> }
    ).hasMenuSection[0]!.hasMenuItem;
    expect(falafel!.suitableForDiet).toEqual([
      "https://schema.org/VegetarianDiet",
      "https://schema.org/VeganDiet",
      "https://schema.org/GlutenFreeDiet",
      "https://schema.org/HalalDiet",
      "https://schema.org/KosherDiet",
    ]);
    expect(chili).not.toHaveProperty("suitableForDiet");
  });
});

describe("restaurantJsonLd", () => {
  const hours = defaultHours().map((row) =>
    row.day === "Sunday" ? row : { ...row, open: "11:00 AM", close: "10:00 PM" },
  );
  const facts = {
    name: "Demo Diner",
    url: "https://portal.example/r/demo-diner-abc",
    address: "12 Market Street, Springfield",
    phone: "+1 555 0100",
    email: "hello@demo-diner.example",
    images: ["https://portal.example/files/restaurants/abc/info/background?v=1"],
    hours,
    menu: [
      {
        name: "Mains",
        items: [
          {
            name: "Mushroom Risotto",
            description: "Arborio rice, porcini and parmesan.",
            priceCents: 1450,
            // As the menu page links it: a path on the site.
            imageUrl: "/files/restaurants/abc/items/i1/image?v=2",
          },
          { name: "Plain Rice", description: "", priceCents: 300, imageUrl: null },
        ],
      },
      {
        name: "Other",
        items: [
          { name: "Water", description: "Still.", priceCents: 0, imageUrl: "javascript:alert(1)" },
        ],
      },
      { name: "Empty", items: [] },
    ],
  };

  it("describes the restaurant and its menu: sections, items and offers", () => {
    const data = restaurantJsonLd(facts);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      name: "Demo Diner",
      url: "https://portal.example/r/demo-diner-abc",
      address: { "@type": "PostalAddress", streetAddress: "12 Market Street, Springfield" },
      telephone: "+1 555 0100",
      image: ["https://portal.example/files/restaurants/abc/info/background?v=1"],
    });
    expect(data.hasMenu).toEqual({
      "@type": "Menu",
      hasMenuSection: [
        {
          "@type": "MenuSection",
          name: "Mains",
          hasMenuItem: [
            {
              "@type": "MenuItem",
              name: "Mushroom Risotto",
              description: "Arborio rice, porcini and parmesan.",
              image: "/files/restaurants/abc/items/i1/image?v=2",
              offers: { "@type": "Offer", price: "14.50", priceCurrency: "USD" },
            },
            // No description or image: the keys are left out, not empty.
            {
              "@type": "MenuItem",
              name: "Plain Rice",
              offers: { "@type": "Offer", price: "3.00", priceCurrency: "USD" },
            },
          ],
        },
        {
          "@type": "MenuSection",
          name: "Other",
          hasMenuItem: [
            {
              "@type": "MenuItem",
              name: "Water",
              description: "Still.",
              offers: { "@type": "Offer", price: "0.00", priceCurrency: "USD" },
            },
          ],
        },
      ],
    });
  });

  it("writes prices as exact two-decimal strings", () => {
    const data = restaurantJsonLd({
      ...facts,
      menu: [
        { name: "A", items: [{ name: "X", description: "", priceCents: 1250, imageUrl: null }] },
      ],
    });
    const menu = data.hasMenu as {
      hasMenuSection: Array<{ hasMenuItem: Array<{ offers: { price: unknown } }> }>;
    };
    const offer = menu.hasMenuSection[0]!.hasMenuItem[0]!.offers;
    expect(offer.price).toBe("12.50");
    expect(typeof offer.price).toBe("string");
  });

  it("prices offers in the site's currency, in its digits", () => {
    const offers = (currency: string, priceCents: number) => {
      const data = restaurantJsonLd({
        ...facts,
        currency,
        menu: [{ name: "A", items: [{ name: "X", description: "", priceCents, imageUrl: null }] }],
      });
      const menu = data.hasMenu as {
        hasMenuSection: Array<{ hasMenuItem: Array<{ offers: unknown }> }>;
      };
      return menu.hasMenuSection[0]!.hasMenuItem[0]!.offers;
    };
    expect(offers("EUR", 150)).toEqual({ "@type": "Offer", price: "1.50", priceCurrency: "EUR" });
    expect(offers("JPY", 150000)).toEqual({
      "@type": "Offer",
      price: "1500",
      priceCurrency: "JPY",
    });
    expect(offers("JPY", 150050)).toMatchObject({ price: "1501" });
  });

  it("lists the open days only: closed days are left out", () => {
    const spec = restaurantJsonLd(facts).openingHoursSpecification as Array<{
      dayOfWeek: string;
      opens: string;
      closes: string;
    }>;
    expect(spec.map((row) => row.dayOfWeek)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(spec[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "Monday",
      opens: "11:00",
      closes: "22:00",
    });
  });

  it("has no menu when there are no items", () => {
    expect(restaurantJsonLd({ ...facts, menu: [] })).not.toHaveProperty("hasMenu");
    expect(restaurantJsonLd({ ...facts, menu: [{ name: "Empty", items: [] }] })).not.toHaveProperty(
      "hasMenu",
    );
  });

  it("accepts reservations, with a ReserveAction to the booking form, only while bookings are on", () => {
    const bookingUrl = "https://portal.example/r/demo-diner-abc/es/book";
    const data = restaurantJsonLd({ ...facts, inLanguage: "es", bookingUrl });
    expect(data).toMatchObject({
      acceptsReservations: true,
      potentialAction: {
        "@type": "ReserveAction",
        target: { "@type": "EntryPoint", urlTemplate: bookingUrl, inLanguage: "es" },
        result: { "@type": "FoodEstablishmentReservation" },
      },
    });
    // Off, nothing is said of reservations: the restaurant may still take them by phone.
    for (const off of [restaurantJsonLd(facts), restaurantJsonLd({ ...facts, bookingUrl: null })]) {
      expect(off).not.toHaveProperty("acceptsReservations");
      expect(off).not.toHaveProperty("potentialAction");
    }
  });

  it("keeps owner text inside the script element", () => {
    const evil = "</script><img src=x onerror=alert(1)>";
    const data = restaurantJsonLd({
      ...facts,
      name: evil,
      menu: [
        { name: evil, items: [{ name: evil, description: evil, priceCents: 1, imageUrl: null }] },
      ],
    });
    const text = jsonLdMarkupText(data);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script>");
    expect(JSON.parse(text)).toEqual(data);
    expect(JSON.parse(text)).toMatchObject({
      hasMenu: { hasMenuSection: [{ hasMenuItem: [{ name: evil }] }] },
    });
  });
});

describe("jsonLdMarkup", () => {
  it("cannot be closed from inside by stored text", () => {
    const text = jsonLdMarkupText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("escapes the line separators JavaScript reads as line ends, and nothing else", () => {
    const name = "a\u2028b\u2029c < d & é 🍕";
    const text = jsonLdMarkupText({ name });
    expect(text).toBe('{"name":"a\\u2028b\\u2029c \\u003c d & é 🍕"}');
    expect(JSON.parse(text)).toEqual({ name });
  });

  it("writes what JSON.stringify writes, whatever the values", () => {
    const data = {
      "@context": "https://schema.org",
      skipped: undefined,
      method() {},
      when: new Date("2026-12-06T18:00:00Z"),
      nothing: null,
      flags: [true, false, 0, -1.5, 'x"y', undefined, () => 1, null],
      empty: { list: [], object: {}, nested: { deeper: { deepest: { leaf: [1, { a: 2 }] } } } },
      'quoted "key"': "</script>",
      // eslint-disable-next-line no-sparse-arrays
      holes: [1, , 3],
      unicode: "عربي – 🍕",
    };
    expect(jsonLdMarkupText(data)).toBe(JSON.stringify(data).replaceAll("<", "\\u003c"));
    expect(jsonLdMarkupText([])).toBe("[]");
    expect(jsonLdMarkupText("plain")).toBe('"plain"');
  });
});

describe("shopJsonLd", () => {
  const url = "https://portal.example/s/demo-goods-abc";
  const facts = {
    name: "Demo Goods",
    url,
    address: "4 Harbour Lane, Springfield",
    phone: "+1 555 0199",
    email: "shop@demo-goods.example",
    images: ["https://portal.example/files/shoppies/abc/info/logo?v=1"],
    hours: defaultHours(),
    items: [
      {
        name: "Notebook Set",
        description: "Three dotted notebooks.",
        tags: ["Stationery", "Gifts"],
        priceCents: 1250,
        soldOut: false,
        // As the shop page gives them: relative to the page, as its links and images are.
        url: "?item=i1",
        images: [
          "/files/shoppies/abc/items/i1/0?v=1",
          "javascript:alert(1)",
          "//elsewhere.example/x.jpg",
          "https://cdn.example/i1.jpg",
        ],
      },
      {
        name: "Scented Candle",
        description: "",
        tags: [],
        priceCents: 2200,
        soldOut: true,
        url: `${url}?item=i2`,
        images: [],
      },
    ],
  };

  it("describes a Store with an offer catalog listing each item as a Product", () => {
    const data = shopJsonLd(facts);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Store",
      name: "Demo Goods",
      url,
      address: { "@type": "PostalAddress", streetAddress: "4 Harbour Lane, Springfield" },
      telephone: "+1 555 0199",
      image: ["https://portal.example/files/shoppies/abc/info/logo?v=1"],
    });
    expect(data.hasOfferCatalog).toEqual({
      "@type": "OfferCatalog",
      name: "Demo Goods",
      numberOfItems: 2,
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          // The Offer's address is its Product's; the tags are one keyword each; only
          // this site's paths and http(s) URLs are kept as photos.
          item: {
            "@type": "Product",
            name: "Notebook Set",
            url: "?item=i1",
            image: ["/files/shoppies/abc/items/i1/0?v=1", "https://cdn.example/i1.jpg"],
            description: "Three dotted notebooks.",
            keywords: ["Stationery", "Gifts"],
            offers: {
              "@type": "Offer",
              price: "12.50",
              priceCurrency: "USD",
              availability: "https://schema.org/InStock",
            },
          },
        },
        {
          "@type": "ListItem",
          position: 2,
          // No description, tags or images: the keys are left out, not empty.
          item: {
            "@type": "Product",
            name: "Scented Candle",
            url: `${url}?item=i2`,
            offers: {
              "@type": "Offer",
              price: "22.00",
              priceCurrency: "USD",
              availability: "https://schema.org/SoldOut",
            },
          },
        },
      ],
    });
  });

  it("has no catalog without items, and stays safe inside a script element", () => {
    expect(shopJsonLd({ ...facts, items: [] })).not.toHaveProperty("hasOfferCatalog");
    const text = jsonLdMarkupText(
      shopJsonLd({ ...facts, items: [{ ...facts.items[0]!, name: "</script><b>x</b>" }] }),
    );
    expect(text).not.toContain("</script>");
    expect(text).not.toContain("<");
  });
});

describe("options in the JSON-LD", () => {
  const SIZES: OptionGroup = {
    id: "g1",
    name: "Size",
    min: 1,
    max: 1,
    choices: [
      { id: "c1", name: "Small", priceChangeCents: 0, soldOut: false },
      { id: "c2", name: "Large", priceChangeCents: 300, soldOut: true },
    ],
  };
  const EXTRAS: OptionGroup = {
    id: "g2",
    name: "Extras",
    min: 0,
    max: 2,
    choices: [
      { id: "c3", name: "Bacon", priceChangeCents: 200, soldOut: false },
      { id: "c4", name: "Basil", priceChangeCents: 0, soldOut: false },
      { id: "c5", name: "No cheese", priceChangeCents: -50, soldOut: true },
    ],
  };
  const business = {
    name: "Options Place",
    url: "https://portal.example/x",
    address: "",
    phone: "",
    email: "",
    images: [],
    hours: defaultHours(),
  };
  const item = { name: "Pizza", description: "", priceCents: 800, imageUrl: null };
  const menuItem = (options: OptionGroup[], currency?: string) => {
    const data = restaurantJsonLd({
      ...business,
      currency,
      menu: [{ name: "Pizza", items: [{ ...item, options }] }],
    });
    const menu = data.hasMenu as { hasMenuSection: Array<{ hasMenuItem: unknown[] }> };
    return menu.hasMenuSection[0]!.hasMenuItem[0];
  };

  it("gives a dish with sizes one Offer per size, and its other groups as menuAddOn sections", () => {
    expect(menuItem([EXTRAS, SIZES])).toEqual({
      "@type": "MenuItem",
      name: "Pizza",
      offers: [
        { "@type": "Offer", name: "Small", price: "8.00", priceCurrency: "USD" },
        {
          "@type": "Offer",
          name: "Large",
          price: "11.00",
          priceCurrency: "USD",
          availability: "https://schema.org/OutOfStock",
        },
      ],
      menuAddOn: [
        {
          "@type": "MenuSection",
          "@id": "#menu-add-on-1",
          name: "Extras",
          hasMenuItem: [
            {
              "@type": "MenuItem",
              name: "Bacon",
              offers: { "@type": "Offer", price: "2.00", priceCurrency: "USD" },
            },
            {
              "@type": "MenuItem",
              name: "Basil",
              offers: { "@type": "Offer", price: "0.00", priceCurrency: "USD" },
            },
            {
              "@type": "MenuItem",
              name: "No cheese",
              offers: {
                "@type": "Offer",
                price: "-0.50",
                priceCurrency: "USD",
                availability: "https://schema.org/OutOfStock",
              },
            },
          ],
        },
      ],
    });
  });

  it("writes a group several dishes share once, and names it by its @id for the others", () => {
    const dishes = (options: OptionGroup[][]) => {
      const data = restaurantJsonLd({
        ...business,
        menu: [
          {
            name: "Pizza",
            items: options.slice(0, 2).map((o, i) => ({ ...item, name: `P${i}`, options: o })),
          },
          {
            name: "Pasta",
            items: options.slice(2).map((o, i) => ({ ...item, name: `Q${i}`, options: o })),
          },
        ],
      });
      const menu = data.hasMenu as { hasMenuSection: Array<{ hasMenuItem: unknown[] }> };
      return menu.hasMenuSection.flatMap((section) => section.hasMenuItem) as Array<{
        menuAddOn?: Array<Record<string, unknown>>;
      }>;
    };
    const dearerBacon: OptionGroup = {
      ...EXTRAS,
      choices: EXTRAS.choices.map((c) =>
        c.name === "Bacon" ? { ...c, priceChangeCents: 250 } : c,
      ),
    };
    const [first, second, third, fourth] = dishes([
      [SIZES, EXTRAS],
      [EXTRAS],
      [dearerBacon, { ...EXTRAS, name: "Toppings" }],
      [{ ...EXTRAS, id: "another-id" }],
    ]);
    expect(first!.menuAddOn).toEqual([
      expect.objectContaining({ "@id": "#menu-add-on-1", name: "Extras" }),
    ]);
    expect(first!.menuAddOn![0]!.hasMenuItem).toHaveLength(3);
    // The same group on another dish, in another section too: a reference alone.
    expect(second!.menuAddOn).toEqual([{ "@id": "#menu-add-on-1" }]);
    expect(fourth!.menuAddOn).toEqual([{ "@id": "#menu-add-on-1" }]);
    // A price or a name of its own makes a section of its own.
    expect(third!.menuAddOn).toEqual([
      expect.objectContaining({ "@type": "MenuSection", "@id": "#menu-add-on-2", name: "Extras" }),
      expect.objectContaining({
        "@type": "MenuSection",
        "@id": "#menu-add-on-3",
        name: "Toppings",
      }),
    ]);
    expect(JSON.stringify(third!.menuAddOn![0])).toContain('"price":"2.50"');
  });

  it("tells apart groups of one name by each choice's price, sold-out mark and number", () => {
    const dishes = (options: OptionGroup[][]) => {
      const data = restaurantJsonLd({
        ...business,
        menu: [
          { name: "Mains", items: options.map((o, i) => ({ ...item, name: `D${i}`, options: o })) },
        ],
      });
      const menu = data.hasMenu as { hasMenuSection: Array<{ hasMenuItem: unknown[] }> };
      return (menu.hasMenuSection[0]!.hasMenuItem as Array<{ menuAddOn: unknown[] }>).map(
        (dish) => dish.menuAddOn,
      );
    };
    const soldOutBacon: OptionGroup = {
      ...EXTRAS,
      choices: EXTRAS.choices.map((c) => (c.name === "Bacon" ? { ...c, soldOut: true } : c)),
    };
    const fewer: OptionGroup = { ...EXTRAS, choices: EXTRAS.choices.slice(1) };
    const renamedChoice: OptionGroup = {
      ...EXTRAS,
      choices: EXTRAS.choices.map((c, i) => (i === 0 ? { ...c, name: `${c.name}s` } : c)),
    };
    const sections = dishes([
      [EXTRAS],
      [soldOutBacon],
      [fewer],
      [renamedChoice],
      [{ ...soldOutBacon, id: "x" }],
      [{ ...fewer }],
    ]);
    const ids = sections.map((added) => (added[0] as { "@id": string })["@id"]);
    expect(ids).toEqual([
      "#menu-add-on-1",
      "#menu-add-on-2",
      "#menu-add-on-3",
      "#menu-add-on-4",
      "#menu-add-on-2",
      "#menu-add-on-3",
    ]);
    // A later namesake of a section written second is a reference to that one alone.
    expect(sections[4]).toEqual([{ "@id": "#menu-add-on-2" }]);
    expect(JSON.stringify(sections[1])).toContain("https://schema.org/OutOfStock");
  });

  it("keeps one Offer for a dish without sizes, and no menuAddOn without other groups", () => {
    expect(menuItem([EXTRAS])).toMatchObject({
      offers: { "@type": "Offer", price: "8.00", priceCurrency: "USD" },
    });
    expect(menuItem([SIZES])).not.toHaveProperty("menuAddOn");
    expect(menuItem([])).toEqual({
      "@type": "MenuItem",
      name: "Pizza",
      offers: { "@type": "Offer", price: "8.00", priceCurrency: "USD" },
    });
  });

  it("prices sizes and add-ons in the site's currency, in its digits", () => {
    const data = menuItem([SIZES, EXTRAS], "JPY") as {
      offers: Array<{ price: string; priceCurrency: string }>;
      menuAddOn: Array<{ hasMenuItem: Array<{ offers: { price: string } }> }>;
    };
    expect(data.offers.map((offer) => [offer.price, offer.priceCurrency])).toEqual([
      ["8", "JPY"],
      ["11", "JPY"],
    ]);
    expect(data.menuAddOn[0]!.hasMenuItem.map((entry) => entry.offers.price)).toEqual([
      "2",
      "0",
      "-1",
    ]);
  });

  const product = (soldOut: boolean, options: OptionGroup[]) => {
    const data = shopJsonLd({
      ...business,
      items: [{ ...item, tags: [], soldOut, url: "?item=i1", images: [], options }],
    });
    const catalog = data.hasOfferCatalog as { itemListElement: Array<{ item: unknown }> };
    return catalog.itemListElement[0]!.item as { offers: unknown };
  };

  it("gives a Product's groups of options as PropertyValues: sizes by name, others in a line", () => {
    expect(product(false, [EXTRAS, SIZES])).toMatchObject({
      additionalProperty: [
        // The sizes' prices and stock are their Offers'.
        { "@type": "PropertyValue", name: "Size", value: ["Small", "Large"] },
        {
          "@type": "PropertyValue",
          name: "Extras",
          value: "Bacon\u00a0+$2.00, Basil, No cheese\u00a0\u2212$0.50\u00a0(sold\u00a0out)",
        },
      ],
    });
    // Sold out whole: no choice is marked on its own.
    expect(product(true, [EXTRAS])).toMatchObject({
      additionalProperty: [
        {
          "@type": "PropertyValue",
          name: "Extras",
          value: "Bacon\u00a0+$2.00, Basil, No cheese\u00a0\u2212$0.50",
        },
      ],
    });
    expect(product(false, [])).not.toHaveProperty("additionalProperty");
  });

  it("gives a Product with sizes one Offer per size, a sold-out size out of stock", () => {
    expect(product(false, [SIZES, EXTRAS]).offers).toEqual([
      // In stock: said by no size, which leaves room on a large shop's page.
      { "@type": "Offer", name: "Small", price: "8.00", priceCurrency: "USD" },
      {
        "@type": "Offer",
        name: "Large",
        price: "11.00",
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
      },
    ]);
    // The item sold out: every size with it.
    expect(
      (product(true, [SIZES]).offers as Array<{ availability: string }>).map(
        (offer) => offer.availability,
      ),
    ).toEqual(["https://schema.org/SoldOut", "https://schema.org/SoldOut"]);
    // Other groups leave the one Offer as it was.
    expect(product(false, [EXTRAS]).offers).toEqual({
      "@type": "Offer",
      price: "8.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
  });
});

/** The JSON-LD's text as a page holds it. */
function jsonLdMarkupText(data: unknown): string {
  return jsonLdMarkup(data).text;
}
