import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CATALOG } from "~/lib/catalog";
import { MESSAGES } from "~/lib/messages";
import { ProductGrid } from "./product-grid";

describe("ProductGrid", () => {
  it("says 'No products available.' when there are none", () => {
    expect(renderToStaticMarkup(<ProductGrid entries={[]} />)).toBe(
      `<p>${MESSAGES.noProductsAvailable}</p>`,
    );
  });

  it("links exactly the enabled products", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <ProductGrid entries={CATALOG} />
      </MemoryRouter>,
    );
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(["/product/restaurant", "/product/shoppy"]);
  });
});
