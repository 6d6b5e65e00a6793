import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defaultHours } from "~/lib/hours";
import { MESSAGES } from "~/lib/messages";
import { MENU_NAV_SCRIPT } from "virtual:menu-nav-script";
import { PublicMenuPage, publicMenuDescription, type PublicMenuSite } from "./public-menu";

const site: PublicMenuSite = {
  name: "Chez <b>Bob</b>",
  address: "1 Rue & Co",
  contact: { phone: "+1 (555) 0100", email: "bob@example.com" },
  hours: defaultHours(),
  opening: { status: null, today: null, upcomingSpecial: [], keepsHours: true },
  colors: { primary: "#fff8f0", secondary: "#b4441c", text: "#1f1a17" },
  fontStyle: "classic",
  logoUrl: "/files/restaurants/p1/info/logo?v=1",
  bgUrl: "https://cdn.example/bg.jpg",
};

const sections = [
  {
    id: "section-mains",
    name: "Mains",
    uncategorized: false,
    items: [
      {
        id: "i1",
        name: "Soup <script>alert(1)</script>",
        priceCents: 1250,
        description: "Hot & <i>fresh</i>",
        star: true,
        imageUrl: "/files/restaurants/p1/items/i1/image?v=2",
      },
      { id: "i2", name: "Stew", priceCents: 900, description: "", star: false, imageUrl: null },
    ],
  },
  {
    id: "section-other",
    name: "Other",
    uncategorized: true,
    items: [
      { id: "i3", name: "Water", priceCents: 0, description: "", star: false, imageUrl: null },
    ],
  },
];

function render(props: Partial<Parameters<typeof PublicMenuPage>[0]> = {}) {
  return renderToStaticMarkup(
    <PublicMenuPage site={site} sections={sections} jsonLd={{ name: "</script>" }} {...props} />,
  );
}

/** The opening tags of one element type in the markup. */
function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
}

describe("PublicMenuPage", () => {
  it("renders owner text as text, never as markup", () => {
    const html = render();
    expect(html).not.toContain("<b>Bob</b>");
    expect(html).toContain("Chez &lt;b&gt;Bob&lt;/b&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<i>fresh</i>");
    // The scripts are the JSON-LD, whose text cannot close it, and the Menu's own.
    expect(tags(html, "script")).toEqual(['<script type="application/ld+json">', "<script>"]);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(`<script>${MENU_NAV_SCRIPT}</script>`);
  });

  it("gives every image an explicit size; item images load lazily, the hero at once", () => {
    const images = tags(render(), "img");
    expect(images).toHaveLength(3);
    for (const tag of images) {
      expect(tag).toMatch(/ width="\d+"/);
      expect(tag).toMatch(/ height="\d+"/);
    }
    const [hero, logo, item] = images;
    expect(hero).toContain('src="https://cdn.example/bg.jpg"');
    expect(hero).toContain('height="280"');
    expect(hero).not.toContain("loading=");
    expect(hero).toContain('fetchPriority="high"');
    expect(logo).toContain('width="120"');
    expect(logo).toContain('height="120"');
    expect(item).toContain('loading="lazy"');
    expect(item).toContain('alt="Soup &lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("shows no image where there is none", () => {
    const images = tags(render({ site: { ...site, logoUrl: null, bgUrl: null } }), "img");
    expect(images).toHaveLength(1);
  });

  it("lists the categories in the Menu and links each to its section", () => {
    const html = render();
    expect(html).toContain('<a href="#section-mains">Mains</a>');
    expect(html).toContain('<section id="section-mains"');
    expect(html).toContain('<section id="section-other"');
  });

  it("shows price, Popular and category badges, and a description that toggles", () => {
    const html = render();
    expect(html).toContain("$12.50");
    expect(html).toContain("$9.00");
    expect(html).toContain("$0.00");
    expect(html.match(/Popular</g)).toHaveLength(1);
    // Items of the uncategorized group have no category badge.
    expect(html.match(/menu-badge category/g)).toHaveLength(2);
    expect(html.match(/<details class="menu-item-description">/g)).toHaveLength(1);
  });

  it("marks a popular dish with a star written in the page's one-byte text", () => {
    const html = render();
    expect(html).toContain('<span aria-hidden="true">&#9733; </span>Popular');
    // An English menu in dollars needs no character beyond Latin-1: V8 keeps such text in one
    // byte a character, where a single "★" made a whole section two.
    const dishes = /<div id="menu"[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
    expect(dishes).toContain("Soup");
    expect([...dishes].filter((character) => character.charCodeAt(0) > 0xff)).toEqual([]);
  });

  it("shows prices in the site's currency, yen without decimals", () => {
    const euros = render({ site: { ...site, currency: "EUR" } });
    expect(euros).toContain("€12.50");
    expect(euros).not.toContain("$");
    const yen = render({ site: { ...site, currency: "JPY" } });
    expect(yen).toContain("¥13<"); // 1250 hundredths of a yen, rounded half up
    expect(yen).toContain("¥9<");
  });

  it("shows sizes at their prices in place of the price, and a line for each other group", () => {
    const pizza = {
      id: "i9",
      name: "Pizza",
      priceCents: 800,
      description: "Thin crust.",
      star: false,
      imageUrl: null,
      options: [
        {
          id: "g1",
          name: "Extras & <b>more</b>",
          min: 0,
          max: 3,
          choices: [
            { id: "c1", name: "Bacon", priceChangeCents: 200, soldOut: false },
            { id: "c2", name: "Basil", priceChangeCents: 0, soldOut: false },
            { id: "c3", name: "No cheese", priceChangeCents: -50, soldOut: true },
          ],
        },
        {
          id: "g2",
          name: "Size",
          min: 1,
          max: 1,
          choices: [
            { id: "c4", name: "Small", priceChangeCents: 0, soldOut: false },
            { id: "c5", name: "Large", priceChangeCents: 300, soldOut: true },
          ],
        },
      ],
    };
    const html = render({
      sections: [{ id: "section-pizza", name: "Pizza", uncategorized: true, items: [pizza] }],
    });
    const item = html.slice(html.indexOf('<article class="menu-item"'));
    expect(item).not.toContain("menu-item-price");
    expect(item).toContain(
      '<ul class="menu-sizes" aria-label="Size"><li>Small\u00a0<b>$8.00</b></li>' +
        '<li>Large\u00a0<b>$11.00</b>\u00a0<span class="menu-out">(sold\u00a0out)</span></li></ul>',
    );
    expect(item).toContain(
      '<p class="menu-options"><b>Extras &amp; &lt;b&gt;more&lt;/b&gt;:</b> Bacon\u00a0<b>+$2.00</b>, ' +
        'Basil, No cheese\u00a0<b>\u2212$0.50</b>\u00a0<span class="menu-out">(sold\u00a0out)</span></p>',
    );
    // The groups' line comes under the description.
    expect(item.indexOf("menu-options")).toBeGreaterThan(item.indexOf("Thin crust."));
  });

  it("links address, phone and email", () => {
    const html = render();
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=1%20Rue%20%26%20Co"',
    );
    expect(html).toContain('href="tel:+15550100"');
    expect(html).toContain('href="mailto:bob@example.com"');
  });

  it("says so when there are no items and no categories", () => {
    const html = render({ sections: [] });
    expect(html).toContain(MESSAGES.noMenuItems);
    expect(html).toContain(MESSAGES.noCategories);
  });

  it("sets the owner's colors as custom properties", () => {
    expect(tags(render(), "div")[0]).toContain(
      'style="--site-primary:#fff8f0;--site-secondary:#b4441c;--site-text:#1f1a17;',
    );
  });
});

describe("publicMenuDescription", () => {
  it("names the business, where it is and its categories", () => {
    expect(publicMenuDescription(site, sections)).toBe(
      "Chez <b>Bob</b> · 1 Rue & Co · +1 (555) 0100 · Menu: Mains",
    );
    expect(publicMenuDescription(site, [])).toBe("Chez <b>Bob</b> · 1 Rue & Co · +1 (555) 0100");
  });
});
