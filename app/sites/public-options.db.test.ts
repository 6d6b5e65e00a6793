/**
 * An item's options on the public pages, on a real database: added through the editor's
 * action, then read by an anonymous visitor. The menu shows a dish's sizes at their prices in
 * place of its price and a line per other group; the shop's card says "from" the lowest size
 * and its detail lists every group (as its JSON-LD does, for the page's script); both mark a
 * sold-out choice, and their JSON-LD gives one Offer per size. A hand-edited options column does not break a page.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPath, slugify } from "~/lib/slug";
import * as setupRoute from "~/routes/portal/setup";
import { items } from "~/server/db/schema";
import { listItems } from "~/server/repositories/items.server";
import { createProduct } from "~/server/repositories/products.server";
import type { RunningServices } from "~/server/runtime/services.server";
import type { ProductType } from "~/sites";
import { registerOwner } from "../../tests/support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../../tests/support/http-app";
import { callRoute, ownerFor } from "../../tests/support/route-call";
import { optionFields } from "../../tests/support/item-option-fields";
import { createTestServices } from "../../tests/support/test-services";

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app.close();
  await services.close();
});

type Fields = Array<[string, string]>;

async function site(type: ProductType) {
  const { userId } = await registerOwner(services);
  const name = `Options ${Math.random().toString(36).slice(2, 6)}`;
  const created = await createProduct(services.events, userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  const post = async (fields: Fields) => {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, value);
    const response = await callRoute(setupRoute.action, {
      services,
      owner: ownerFor(userId),
      params: { type, pid: created.productId },
      multipart: form,
    });
    expect(response.status).toBe(200);
  };
  const path = publicPath(type, slugify(name), created.productId);
  return { productId: created.productId, post, page: (query = "") => page(`${path}${query}`) };
}

async function page(path: string) {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
  return { html, jsonLd: JSON.parse(ld) as Record<string, unknown> };
}

const SIZES = {
  name: "Size",
  min: 1,
  max: 1,
  choices: [
    { name: "Small", price: "0" },
    { name: "Large", price: "+3", soldOut: true },
  ],
};
const EXTRAS = {
  name: "Extras",
  min: 0,
  max: 3,
  choices: [
    { name: "Bacon", price: "+2" },
    { name: "Basil", price: "0" },
    { name: "No cheese", price: "-0.50", soldOut: true },
  ],
};
/** The Extras group as a shop's item detail lists it. */
const EXTRAS_LINE = "Bacon\u00a0+$2.00, Basil, No cheese\u00a0\u2212$0.50\u00a0(sold\u00a0out)";
const addItem = (name: string, price: string, extra: Fields = []): Fields => [
  ["intent", "add-item"],
  ["name", name],
  ["price", price],
  ...extra,
];

describe("the public menu", () => {
  it("shows sizes with their prices, a line per other group, and sold-out marks", async () => {
    const menu = await site("restaurant");
    await menu.post(addItem("Pizza", "8", optionFields([SIZES, EXTRAS])));
    await menu.post(addItem("Salad", "6", optionFields([EXTRAS])));
    await menu.post(addItem("Bread", "3"));

    const { html, jsonLd } = await menu.page();
    const dish = (name: string) => {
      const start = html.indexOf(`>${name}</h3>`);
      return html.slice(start, html.indexOf("</article>", start));
    };
    expect(dish("Pizza")).toContain(
      '<ul class="menu-sizes" aria-label="Size"><li>Small\u00a0<b>$8.00</b></li>' +
        '<li>Large\u00a0<b>$11.00</b>\u00a0<span class="menu-out">(sold\u00a0out)</span></li></ul>',
    );
    expect(dish("Pizza")).not.toContain("menu-item-price");
    const extras =
      '<p class="menu-options"><b>Extras:</b> Bacon\u00a0<b>+$2.00</b>, Basil, ' +
      'No cheese\u00a0<b>\u2212$0.50</b>\u00a0<span class="menu-out">(sold\u00a0out)</span></p>';
    expect(dish("Pizza")).toContain(extras);
    // Without sizes the price stays; without options the dish is as it was.
    expect(dish("Salad")).toContain('<p class="menu-item-price">$6.00</p>');
    expect(dish("Salad")).toContain(extras);
    expect(dish("Bread")).toContain('<p class="menu-item-price">$3.00</p>');
    expect(dish("Bread")).not.toMatch(/menu-sizes|menu-options/);

    const dishes = (
      jsonLd.hasMenu as { hasMenuSection: Array<{ hasMenuItem: Array<Record<string, unknown>> }> }
    ).hasMenuSection.flatMap((section) => section.hasMenuItem);
    const pizza = dishes.find((entry) => entry.name === "Pizza")!;
    expect(pizza.offers).toEqual([
      { "@type": "Offer", name: "Small", price: "8.00", priceCurrency: "USD" },
      {
        "@type": "Offer",
        name: "Large",
        price: "11.00",
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
      },
    ]);
    expect(pizza.menuAddOn).toEqual([
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
    ]);
    // The salad's extras are the pizza's: named by the section's @id, not written again.
    expect(dishes.find((entry) => entry.name === "Salad")!.menuAddOn).toEqual([
      { "@id": "#menu-add-on-1" },
    ]);
    expect(dishes.find((entry) => entry.name === "Bread")).toEqual({
      "@type": "MenuItem",
      name: "Bread",
      offers: { "@type": "Offer", price: "3.00", priceCurrency: "USD" },
    });
  });

  it("shows only well-formed options of a hand-edited column, and never fails", async () => {
    const menu = await site("restaurant");
    await menu.post(addItem("Soup", "5"));
    await services.db
      .update(items)
      .set({
        options: sql`${JSON.stringify([
          {
            id: "g",
            name: "Size",
            min: 1,
            max: 1,
            choices: [{ id: "c", name: "Bowl", priceChangeCents: 200 }, { name: 3 }],
          },
          "nonsense",
          { id: "h", name: "Broken", min: "x", max: 1, choices: [] },
        ])}::jsonb`,
      })
      .where(sql`${items.productId} = ${menu.productId}`);
    const { html } = await menu.page();
    expect(html).toContain(
      '<ul class="menu-sizes" aria-label="Size"><li>Bowl\u00a0<b>$7.00</b></li></ul>',
    );
    expect(html).not.toContain("Broken");
  });
});

describe("the public shop", () => {
  it("shows from the lowest size on the card, every group in the detail, and an Offer per size", async () => {
    const shop = await site("shoppy");
    await shop.post(addItem("Mug", "8", optionFields([SIZES, EXTRAS])));
    await shop.post(addItem("Tote", "12", optionFields([EXTRAS])));

    const { html, jsonLd } = await shop.page();
    expect(html).toContain('<span class="shop-card-price">from $8.00</span>');
    expect(html).toContain('<span class="shop-card-price">$12.00</span>');
    // The cards list no options: the page's script reads them from the JSON-LD.
    const grid = html.slice(html.indexOf('<ul class="shop-grid"'), html.indexOf("shop-empty"));
    expect(grid).not.toContain("Bacon");

    const products = (
      jsonLd.hasOfferCatalog as { itemListElement: Array<{ item: Record<string, unknown> }> }
    ).itemListElement.map((entry) => entry.item);
    expect(products.find((product) => product.name === "Mug")!.offers).toEqual([
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
    expect(products.find((product) => product.name === "Mug")!.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Size", value: ["Small", "Large"] },
      { "@type": "PropertyValue", name: "Extras", value: EXTRAS_LINE },
    ]);
    const tote = products.find((product) => product.name === "Tote")!;
    expect(tote.offers).toMatchObject({ price: "12.00" });
    expect(tote.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Extras", value: EXTRAS_LINE },
    ]);

    const mug = (await listItems(services.db, shop.productId)).find((item) => item.name === "Mug")!;
    const open = (await shop.page(`?item=${mug.id}`)).html;
    const detail = open.slice(open.indexOf("<dialog"), open.indexOf("</dialog>"));
    expect(detail).toContain('<p class="shop-detail-price"><span>from $8.00</span></p>');
    expect(detail).toContain(
      '<dl class="shop-detail-options">' +
        "<div><dt>Size</dt><dd>Small\u00a0$8.00 \u00b7 Large\u00a0$11.00\u00a0(sold\u00a0out)</dd></div>" +
        `<div><dt>Extras</dt><dd>${EXTRAS_LINE}</dd></div></dl>`,
    );
  });
});
