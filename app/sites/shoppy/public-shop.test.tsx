import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { ENGLISH } from "~/lib/i18n/page-language";
import { SHOP_PAGE_SCRIPT } from "virtual:shop-page-script";
import { describe, expect, it } from "vitest";
import { defaultHours } from "~/lib/hours";
import { MESSAGES } from "~/lib/messages";
import {
  PublicShopPage,
  publicShopDescription,
  type PublicShopItem,
  type PublicShopPageProps,
} from "./public-shop";

const PATH = "/s/bobs-goods-p1";

const items: PublicShopItem[] = [
  {
    id: "i1",
    name: "Mug <script>alert(1)</script>",
    priceCents: 1250,
    description: "Hot & <i>fresh</i>",
    tags: ["Kitchen", "Gifts"],
    soldOut: false,
    featured: true,
    images: ["/files/shoppies/p1/items/i1/0?v=1", "/files/shoppies/p1/items/i1/1?v=1", "/x/2"],
  },
  {
    id: "i2",
    name: "Candle",
    priceCents: 2200,
    description: "",
    tags: ["Home"],
    soldOut: true,
    featured: false,
    images: ["/files/shoppies/p1/items/i2/0?v=1"],
  },
  {
    id: "i3",
    name: "Pen",
    priceCents: 900,
    description: "",
    tags: [],
    soldOut: false,
    featured: false,
    images: [],
  },
];

const props: PublicShopPageProps = {
  site: {
    name: "Bob's <b>Goods</b>",
    address: "1 Rue & Co",
    contact: { phone: "+1 (555) 0100", email: "bob@example.com" },
    hours: defaultHours(),
    opening: { status: null, today: null, upcomingSpecial: [], keepsHours: true },
    colors: { primary: "#f4f7f5", secondary: "#2f6f4f", text: "#102018" },
    fontStyle: "modern",
    logoUrl: "/files/shoppies/p1/info/logo?v=1",
    bgUrl: "https://cdn.example/bg.jpg",
  },
  path: PATH,
  items,
  tagOptions: ["Gifts", "Home", "Kitchen"],
  filters: { tags: [], query: "" },
  openItemId: null,
  payments: { paypal: "bobsgoods", venmo: "bobs-goods" },
  jsonLd: { name: "</script><script>alert(1)</script>" },
};

function render(overrides: Partial<PublicShopPageProps> = {}) {
  return renderToStaticMarkup(<PublicShopPage {...props} {...overrides} />);
}

/** The opening tags of one element type in the markup. */
function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
}

/** The markup of one card, by item id. */
function card(html: string, id: string): string {
  const start = html.indexOf(`data-item="${id}"`);
  return html.slice(html.lastIndexOf("<li", start), html.indexOf("</li>", start));
}

describe("a featured item", () => {
  it("is marked on its card, and only there among the cards", () => {
    const html = render();
    expect(card(html, "i1")).toContain('<span class="shop-featured">Featured</span>');
    expect(card(html, "i2")).not.toContain("shop-featured");
    expect(card(html, "i3")).not.toContain("shop-featured");
  });
});

/** The dialog's markup. */
function dialog(html: string): string {
  return html.slice(html.indexOf("<dialog"), html.indexOf("</dialog>"));
}

/** The skeleton template's markup. */
function skeleton(html: string): string {
  return html.slice(
    html.indexOf('<template id="shop-item-skeleton">'),
    html.indexOf("</template>"),
  );
}

describe("PublicShopPage", () => {
  it("renders owner text as text; the only scripts are the JSON-LD and the page's own", () => {
    const html = render({ openItemId: "i1" });
    expect(html).toContain("Bob&#x27;s &lt;b&gt;Goods&lt;/b&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<i>fresh</i>");
    expect(tags(html, "script")).toEqual(['<script type="application/ld+json">', "<script>"]);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(SHOP_PAGE_SCRIPT);
  });

  it("renders a GET form with the search, a checkbox per tag, Clear and Apply", () => {
    const html = render({ filters: { tags: ["Home"], query: "red mug" } });
    const form = tags(html, "form")[0];
    expect(form).toContain(`action="${PATH}"`);
    expect(form).toContain(`method="get"`);
    const search = tags(html, "input").find((tag) => tag.includes('type="search"'));
    expect(search).toContain('name="q"');
    expect(search).toContain('value="red mug"');
    const boxes = tags(html, "input").filter((tag) => tag.includes('name="tag"'));
    expect(boxes).toHaveLength(3);
    expect(boxes.filter((tag) => tag.includes("checked"))).toEqual([
      '<input type="checkbox" name="tag" checked="" value="Home"/>',
    ]);
    expect(html).toContain(ENGLISH.words.tagFilterHint);
    // Clear drops the tags and keeps the search.
    expect(html).toContain(`<a class="shop-clear" href="${PATH}?q=red+mug">Clear</a>`);
    expect(html).toContain('<button type="submit" class="shop-apply">Apply</button>');
  });

  it("says No tags when the shop has none", () => {
    const html = render({ tagOptions: [] });
    expect(html).toContain(MESSAGES.noTags);
    expect(html).not.toContain(`class="shop-clear"`);
  });

  it("hides the cards the filters leave out, and says so when none is left", () => {
    let html = render({ filters: { tags: ["Home", "Kitchen"], query: "" } });
    expect(card(html, "i1")).not.toContain("hidden");
    expect(card(html, "i2")).not.toContain("hidden");
    expect(card(html, "i3")).toContain('hidden=""');
    expect(html).toContain("2 of 3 items");
    expect(html).toContain(`<p class="shop-empty" hidden="">${MESSAGES.noItemsMatch}</p>`);

    html = render({ filters: { tags: [], query: "nothing like this" } });
    expect(html).toContain(`<p class="shop-empty">${MESSAGES.noItemsMatch}</p>`);
    expect(html).toContain("0 of 3 items");
  });

  it("links each card to its item's address, keeping the filters", () => {
    const html = render({ filters: { tags: ["Home"], query: "" } });
    expect(card(html, "i2")).toContain(`href="${PATH}?tag=Home&amp;item=i2"`);
    // Their tags, like the rest of what the detail shows, are in the JSON-LD.
    expect(card(html, "i2")).toContain('<li class="shop-card" data-item="i2">');
  });

  it("keeps a card's heading out of phrasing elements, as valid HTML wants", () => {
    // The link holds flow content (divs), so its h3 may be there; a span may not hold one.
    const mug = card(render(), "i1");
    expect(mug).toMatch(/<div class="shop-card-body">(<span[^>]*>[^<]*<\/span>)?<h3 /);
    expect(mug).not.toMatch(/<span[^>]*>(?:(?!<\/span>)[\s\S])*<h3/);
  });

  it("puts one compact line at the top and the full contact and hours after the items", () => {
    const html = render();
    const line = html.indexOf('class="site-quick-line"');
    const items = html.indexOf('id="items"');
    const info = html.indexOf('id="shop-info"');
    expect(line).toBeGreaterThan(-1);
    expect(line).toBeLessThan(items);
    expect(info).toBeGreaterThan(items);
    expect(html.indexOf('id="contact-title"')).toBeGreaterThan(info);
    expect(html.indexOf('id="hours-title"')).toBeGreaterThan(info);
    expect(html).toContain('<a href="#shop-info">Hours</a>');
  });

  it("shows a card's first photo with a size, the price, Sold Out, or a placeholder", () => {
    const html = render();
    const mug = tags(card(html, "i1"), "img");
    expect(mug).toHaveLength(1);
    expect(mug[0]).toContain('src="/files/shoppies/p1/items/i1/0?v=1"');
    expect(mug[0]).toMatch(/width="400" height="400"/);
    expect(card(html, "i1")).toContain("$12.50");
    expect(card(html, "i1")).not.toContain("Sold Out");
    expect(card(html, "i2")).toContain('<span class="shop-badge">Sold Out</span>');
    expect(card(html, "i3")).toContain("shop-photo-placeholder");
    expect(tags(card(html, "i3"), "img")).toEqual([]);
  });

  it("without a hero, loads the first screenful of cards at once and the rest lazily", () => {
    const many = Array.from({ length: 7 }, (_, n) => ({
      ...items[1]!,
      id: `m${n}`,
      name: `Item ${n}`,
    }));
    const lazy = (html: string) =>
      many.map((item) => tags(card(html, item.id), "img")[0]!.includes('loading="lazy"'));
    const manyItems = { items: many, filters: { tags: [], query: "" } };
    expect(lazy(render({ ...manyItems, site: { ...props.site, bgUrl: null } }))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    // Under a hero, no card is asked for before the page is laid out, nor at high priority.
    const underHero = render(manyItems);
    expect(lazy(underHero)).toEqual(many.map(() => true));
    for (const item of many) {
      expect(tags(card(underHero, item.id), "img")[0]).toContain('fetchPriority="low"');
    }
  });

  it("gives the hero, logo and every photo an explicit size", () => {
    const html = render({ openItemId: "i1" });
    const images = tags(html, "img");
    for (const tag of images) expect(tag).toMatch(/ width="\d+" height="\d+"/);
    const [hero, logo] = images;
    expect(hero).toContain('height="280"');
    expect(hero).not.toContain("loading=");
    expect(logo).toContain('width="120" height="120"');
  });

  it("asks the browser to preload no photo kept in a template, only the open item's first", () => {
    const document = (openItemId: string | null) =>
      renderToString(
        <html lang="en">
          <head />
          <body>
            <PublicShopPage {...props} openItemId={openItemId} />
          </body>
        </html>,
      );
    const preloaded = (html: string) =>
      tags(html, "link")
        .filter((tag) => tag.includes('rel="preload"'))
        .map((tag) => tag.match(/href="([^"]+)"/)![1]!.replaceAll("&amp;", "&"));
    // Under the hero, the cards load when near the screen and the logo at low priority:
    // React preloads the hero alone.
    expect(preloaded(document(null))).toEqual([props.site.bgUrl]);
    const open = document("i1");
    expect(preloaded(open)).toContain(items[0]!.images[0]);
    expect(preloaded(open)).not.toContain(items[0]!.images[1]);
    const slides = tags(dialog(open), "img");
    expect(slides.map((tag) => tag.includes('loading="lazy"'))).toEqual([false, true, true]);
  });

  it("renders the dialog closed without ?item=, and one skeleton of the detail", () => {
    const html = render();
    expect(tags(html, "dialog")).toEqual([
      '<dialog class="shop-dialog" aria-labelledby="shop-detail-title">',
    ]);
    expect(dialog(html)).not.toContain(`class="shop-detail"`);
    expect(tags(html, "template")).toEqual(['<template id="shop-item-skeleton">']);
    expect(html.match(/class="shop-detail"/g)).toHaveLength(1);
  });

  it("gives the skeleton every part a detail may have, whatever the items and handles", () => {
    for (const overrides of [{}, { items: [items[2]!], payments: { paypal: null, venmo: null } }]) {
      const parts = skeleton(render(overrides));
      expect(parts).toContain('<article class="shop-detail">');
      // Two photos, so the carousel has its hint and controls; both lazy, never preloaded.
      const photos = tags(parts, "img");
      expect(photos).toHaveLength(2);
      for (const photo of photos) expect(photo).toContain('loading="lazy"');
      for (const part of [
        "shop-carousel-hint",
        "shop-carousel-prev",
        "shop-carousel-next",
        "shop-carousel-dots",
        "shop-carousel-status",
        "shop-detail-description",
        "shop-detail-tags",
        "shop-detail-options",
        "shop-pay",
        // The spare parts after the detail: the badge, and the frame for no photo.
        "shop-badge",
        "shop-photo-placeholder",
      ]) {
        expect(parts).toContain(`class="${part}`);
      }
      expect(parts.match(/class="shop-pay-link"/g)).toHaveLength(2);
      expect(parts.indexOf("Pay with PayPal")).toBeLessThan(parts.indexOf("Pay with Venmo"));
    }
  });

  it("tells the script the shop's payment handles, and carries no copy of the items", () => {
    // The script reads each item from its card and the JSON-LD, and makes the links the
    // server makes (tests/e2e/shop-item-detail.spec.tsx compares the two).
    const root = tags(render(), "div")[0]!;
    expect(root).toContain(' data-paypal="bobsgoods" data-venmo="bobs-goods"');
    const venmoOnly = tags(render({ payments: { paypal: null, venmo: "bobs-goods" } }), "div")[0]!;
    expect(venmoOnly).not.toContain("data-paypal");
    expect(venmoOnly).toContain(' data-venmo="bobs-goods"');
    const none = tags(render({ payments: { paypal: null, venmo: null } }), "div")[0]!;
    expect(none).not.toMatch(/data-paypal|data-venmo/);
    expect(render()).not.toContain("application/json");
  });

  it("renders the item of ?item= open, with all its photos, a carousel and a Close link", () => {
    const html = render({ openItemId: "i1", filters: { tags: ["Gifts"], query: "" } });
    expect(tags(html, "dialog")[0]).toContain(" open=");
    const open = dialog(html);
    expect(open).toContain(`<a class="shop-dialog-close" href="${PATH}?tag=Gifts">`);
    expect(open).toContain("Mug &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(open).toContain(
      '<p class="shop-detail-description">Hot &amp; &lt;i&gt;fresh&lt;/i&gt;</p>',
    );
    expect(open).toContain("<li>Kitchen</li><li>Gifts</li>");
    const photos = tags(open, "img");
    expect(photos).toHaveLength(3);
    expect(photos[1]).toContain('alt="Mug &lt;script&gt;alert(1)&lt;/script&gt;, photo 2 of 3"');
    expect(photos[1]).toMatch(/width="800" height="600"/);
    expect(open).toContain('aria-label="Previous photo"');
    expect(open).toContain('aria-label="Next photo"');
    expect(tags(open, "button").filter((tag) => tag.includes("Photo "))).toEqual([
      '<button type="button" aria-label="Photo 1" aria-current="true">',
      '<button type="button" aria-label="Photo 2">',
      '<button type="button" aria-label="Photo 3">',
    ]);
  });

  it("has carousel controls only for two photos or more, and a placeholder for none", () => {
    const single = dialog(render({ openItemId: "i2" }));
    expect(tags(single, "img")).toHaveLength(1);
    expect(single).not.toContain("shop-carousel-controls");
    const none = dialog(render({ openItemId: "i3" }));
    expect(tags(none, "img")).toEqual([]);
    expect(none).toContain("shop-photo-placeholder");
    expect(none).not.toContain("shop-carousel-controls");
  });

  it("offers PayPal and Venmo links for an item in stock, in a new tab", () => {
    const open = dialog(render({ openItemId: "i1" }));
    expect(open).toContain(
      '<a class="shop-pay-link" href="https://paypal.me/bobsgoods/12.50" target="_blank" rel="noopener noreferrer">Pay with PayPal',
    );
    const note = new URLSearchParams({ note: items[0]!.name }).toString().replace(/&/g, "&amp;");
    expect(open).toContain(
      `href="https://venmo.com/bobs-goods?txn=pay&amp;amount=12.50&amp;${note}" target="_blank" rel="noopener noreferrer">Pay with Venmo`,
    );
  });

  it("offers no payment for a sold-out item, or when the shop has no handles", () => {
    const soldOut = dialog(render({ openItemId: "i2" }));
    // The same badge as the item's card.
    expect(soldOut).toContain('<span class="shop-badge">Sold Out</span>');
    expect(soldOut).not.toContain("Pay with");
    const none = dialog(render({ openItemId: "i1", payments: { paypal: null, venmo: null } }));
    expect(none).not.toContain("Pay with");
    const paypalOnly = dialog(render({ openItemId: "i1", payments: { paypal: "x", venmo: null } }));
    expect(paypalOnly).toContain("Pay with PayPal");
    expect(paypalOnly).not.toContain("Pay with Venmo");
  });

  it("links address, phone and email, and sets the owner's colors", () => {
    const html = render();
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=1%20Rue%20%26%20Co"',
    );
    expect(html).toContain('href="tel:+15550100"');
    expect(html).toContain('href="mailto:bob@example.com"');
    expect(tags(html, "div")[0]).toContain(
      'style="--site-primary:#f4f7f5;--site-secondary:#2f6f4f;--site-text:#102018;',
    );
  });
});

describe("an item with options", () => {
  const mug: PublicShopItem = {
    ...items[2]!,
    id: "i9",
    name: "Mug",
    priceCents: 800,
    options: [
      {
        id: "g1",
        name: "Size",
        min: 1,
        max: 1,
        choices: [
          { id: "c1", name: "Small", priceChangeCents: 0, soldOut: false },
          { id: "c2", name: "Large", priceChangeCents: 300, soldOut: true },
        ],
      },
      {
        id: "g2",
        name: "Gift <b>wrap</b>",
        min: 0,
        max: 2,
        choices: [
          { id: "c3", name: "Paper", priceChangeCents: 0, soldOut: false },
          { id: "c4", name: "Box", priceChangeCents: 250, soldOut: false },
          { id: "c5", name: "Used box", priceChangeCents: -50, soldOut: true },
        ],
      },
    ],
  };
  const OPTIONS =
    '<dl class="shop-detail-options">' +
    "<div><dt>Size</dt><dd>Small\u00a0$8.00 \u00b7 Large\u00a0$11.00\u00a0(sold\u00a0out)</dd></div>" +
    "<div><dt>Gift &lt;b&gt;wrap&lt;/b&gt;</dt>" +
    "<dd>Paper, Box\u00a0+$2.50, Used box\u00a0\u2212$0.50\u00a0(sold\u00a0out)</dd></div></dl>";

  it("is shown on its card from its lowest price, and nothing more", () => {
    const html = render({ items: [mug, items[2]!] });
    expect(card(html, "i9")).toContain('<span class="shop-card-price">from $8.00</span>');
    expect(card(html, "i9")).not.toMatch(/Small|Gift|template/);
    // Without sizes, or without options, a card is as it was.
    expect(card(html, "i3")).toContain('<span class="shop-card-price">$9.00</span>');
    const sameSizes = {
      ...mug,
      options: [{ ...mug.options![0]!, choices: [mug.options![0]!.choices[0]!] }],
    };
    expect(card(render({ items: [sameSizes] }), "i9")).toContain(
      '<span class="shop-card-price">$8.00</span>',
    );
  });

  it("lists each group with its choices and prices in the detail, a sold-out choice marked", () => {
    const open = dialog(render({ items: [mug], openItemId: "i9" }));
    expect(open).toContain('<p class="shop-detail-price"><span>from $8.00</span></p>');
    expect(open).toContain(OPTIONS);
    // Paid from the lowest price, as the card says.
    expect(open).toContain('href="https://paypal.me/bobsgoods/8.00"');
    expect(dialog(render({ items: [items[2]!], openItemId: "i3" }))).not.toContain(
      "shop-detail-options",
    );
    // Sold out whole, the item's badge says it: no choice is marked on its own.
    const gone = dialog(render({ items: [{ ...mug, soldOut: true }], openItemId: "i9" }));
    expect(gone).toContain('<span class="shop-badge">Sold Out</span>');
    expect(gone).toContain("<dd>Small\u00a0$8.00 \u00b7 Large\u00a0$11.00</dd>");
    expect(gone).not.toContain("(sold\u00a0out)");
  });
});

describe("publicShopDescription", () => {
  it("names the shop, where it is and what it sells", () => {
    expect(publicShopDescription(props.site, ["Gifts", "Home"])).toBe(
      "Bob's <b>Goods</b> · 1 Rue & Co · +1 (555) 0100 · Shop: Gifts, Home",
    );
    expect(publicShopDescription(props.site, [])).toBe(
      "Bob's <b>Goods</b> · 1 Rue & Co · +1 (555) 0100",
    );
  });
});
