import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PublicSiteQuickLine } from "./public-site-quick-line";

const site = {
  address: "18 Wharf Street, Mystic, CT 06355",
  contact: { phone: "+1 (860) 555-0117" },
};

/** The line's items, as tags stripped: one string per `<li>`. */
function items(html: string): string[] {
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner]) =>
    inner!.replace(/<[^>]+>/g, ""),
  );
}

describe("PublicSiteQuickLine", () => {
  it("shows the street as a maps link, Call as a tel: link, and Hours leading further down", () => {
    const html = renderToStaticMarkup(<PublicSiteQuickLine site={site} detailsHref="#shop-info" />);
    expect(items(html)).toEqual(["18 Wharf Street", "Call", "Hours"]);
    expect(html).toContain(
      '<a href="https://www.google.com/maps/search/?api=1&amp;query=18%20Wharf%20Street%2C%20Mystic%2C%20CT%2006355" aria-label="18 Wharf Street, Mystic, CT 06355 (map)">18 Wharf Street</a>',
    );
    expect(html).toContain(
      '<a class="site-quick-call" href="tel:+18605550117" aria-label="Call +1 (860) 555-0117">Call</a>',
    );
    expect(html).toContain('<a href="#shop-info">Hours</a>');
  });

  it("lets a status lead the line", () => {
    const html = renderToStaticMarkup(
      <PublicSiteQuickLine site={site} detailsHref="#info" status={<span>Open now</span>} />,
    );
    expect(items(html)).toEqual(["Open now", "18 Wharf Street", "Call", "Hours"]);
    expect(html).toContain('<li class="site-quick-status"><span>Open now</span></li>');
  });

  it("leaves out what the owner has not given", () => {
    const html = renderToStaticMarkup(
      <PublicSiteQuickLine site={{ address: "", contact: { phone: "" } }} detailsHref="#info" />,
    );
    expect(items(html)).toEqual(["Hours"]);
    const noComma = renderToStaticMarkup(
      <PublicSiteQuickLine site={{ address: "Pier 4", contact: { phone: "" } }} detailsHref="#i" />,
    );
    expect(items(noComma)).toEqual(["Pier 4", "Hours"]);
  });
});
