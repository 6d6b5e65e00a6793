import { describe, expect, it } from "vitest";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { OrderPageItem } from "~/server/orders/order-page.server";
import { orderSectionsMarkup } from "./order-items-markup";

const ENGLISH = pageLanguage("en");

const pizza: OrderPageItem = {
  id: "pizza1",
  name: "Margherita",
  description: "Tomato & basil",
  priceCents: 900,
  soldOut: false,
  options: [
    {
      id: "Sz",
      name: "Size",
      min: 1,
      max: 1,
      choices: [
        { id: "Sm", name: "Small", priceChangeCents: 0, soldOut: true },
        { id: "Md", name: "Medium", priceChangeCents: 200, soldOut: false },
        { id: "Lg", name: "Large", priceChangeCents: 400, soldOut: false },
      ],
    },
    {
      id: "Ex",
      name: "Extras",
      min: 0,
      max: 2,
      choices: [{ id: "Ol", name: "Olives", priceChangeCents: 150, soldOut: false }],
    },
  ],
};

function render(items: OrderPageItem[], errors: Record<string, string> = {}) {
  return orderSectionsMarkup([{ id: "mains", name: "Mains", items }], "USD", ENGLISH, errors).text;
}

describe("the order page's items", () => {
  it("give each choice its field, price and price change, the first size on sale chosen", () => {
    const html = render([pizza]);
    expect(html).toContain('<h2 id="sec-mains">Mains</h2>');
    expect(html).toContain('data-item="pizza1" data-price="900"');
    expect(html).toContain('<span class="order-item-price">from $9.00</span>');
    // A sold-out size cannot be chosen, and the next one is chosen instead.
    expect(html).toContain(
      '<input type="radio" name="opt-pizza1-Sz" value="Sm" data-change="0" disabled=""/>',
    );
    expect(html).toContain(
      '<input type="radio" name="opt-pizza1-Sz" value="Md" data-change="200" checked=""/>',
    );
    expect(html).toContain('<span class="order-choice-price">$13.00</span>');
    expect(html).toContain(
      '<input type="checkbox" name="opt-pizza1-Ex" value="Ol" data-change="150"/>',
    );
    expect(html).toContain('<span class="order-choice-price">+$1.50</span>');
    expect(html).toContain('data-min="0" data-max="2" data-name="Extras"');
    expect(html).toContain('name="qty-pizza1" value="1" min="1" max="50" inputmode="numeric"/>');
    expect(html).toContain(
      '<p class="order-item-error" id="err-pizza1" role="alert" hidden=""></p>',
    );
  });

  it("shows a refused Add's message beside its item, described by it", () => {
    const html = render([pizza], { pizza1: "Choose a size." });
    expect(html).toContain('inputmode="numeric" aria-describedby="err-pizza1"/>');
    expect(html).toContain(
      '<p class="order-item-error" id="err-pizza1" role="alert">Choose a size.</p>',
    );
  });

  it("holds an item's choices in a box of their own, with how many groups and choices it holds", () => {
    // Size with three choices, Extras with one: order-page.css makes the room they take of that.
    const html = render([pizza]);
    expect(html).toMatch(
      /<div class="order-item-choices" style="--groups:2;--choices:4"><fieldset[^]*<\/fieldset><\/div><div class="order-item-add">/,
    );
    // The quantity field stays outside the box the browser may skip (order-page.css).
    expect(html.indexOf('name="qty-pizza1"')).toBeGreaterThan(html.indexOf("</fieldset></div>"));
    // An item with no choices has no box to hold.
    expect(render([{ ...pizza, options: [] }])).not.toContain("order-item-choices");
  });

  it("offers nothing to add of a sold-out item", () => {
    const html = render([{ ...pizza, soldOut: true }]);
    expect(html).toContain('class="order-item is-sold-out"');
    expect(html).toContain(`<p class="order-badge">${ENGLISH.words.soldOut}</p>`);
    expect(html).not.toContain("<fieldset");
    expect(html).not.toContain('name="add"');
  });

  it("escapes an owner's texts wherever they stand", () => {
    const hostile = '<img src=x onerror="alert(1)">&\'';
    const html = render([
      {
        ...pizza,
        name: hostile,
        description: hostile,
        options: [
          {
            ...pizza.options[1]!,
            name: hostile,
            choices: [{ ...pizza.options[1]!.choices[0]!, name: hostile }],
          },
        ],
      },
    ]);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;");
    expect(html).toContain('data-name="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;"');
  });

  it("leaves out the heading of a type without categories", () => {
    const html = orderSectionsMarkup(
      [{ id: "items", name: "", items: [pizza] }],
      "USD",
      ENGLISH,
    ).text;
    expect(html).toMatch(/^<section class="order-section"><ul class="order-items">/);
  });
});
