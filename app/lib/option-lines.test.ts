import { describe, expect, it } from "vitest";
import { CURRENCIES } from "./currency";
import { soldOutChoiceLabel } from "./item-options-display";
import { ENGLISH } from "./i18n/page-language";
import { sizesLine } from "./option-lines";
import { formatPrice, MAX_PRICE_CENTS, priceAmount } from "./price";

const offer = (name: string, price: string, availability?: string) => ({
  name,
  price,
  priceCurrency: "USD",
  ...(availability ? { availability } : {}),
});

describe("sizesLine", () => {
  it("gives each size at its price, joined by middle dots, a size out of stock marked", () => {
    expect(
      sizesLine([
        offer("Small", "8.00", "https://schema.org/InStock"),
        offer("Large", "11.00", "https://schema.org/OutOfStock"),
      ]),
    ).toBe(`Small\u00a0$8.00 \u00b7 Large\u00a0$11.00\u00a0${soldOutChoiceLabel(ENGLISH)}`);
    // Sold out with its item, or saying nothing: not marked on its own.
    expect(sizesLine([offer("One", "0.50", "https://schema.org/SoldOut"), offer("Two", "1")])).toBe(
      "One\u00a0$0.50 \u00b7 Two\u00a0$1.00",
    );
    expect(sizesLine([])).toBe("");
  });

  it("shows each amount as formatPrice shows its price, in every listed currency", () => {
    for (const { code } of CURRENCIES) {
      for (const cents of [0, 1, 50, 99, 150, 1250, 150050, 123456, MAX_PRICE_CENTS]) {
        const line = sizesLine([
          { name: "S", price: priceAmount(cents, code), priceCurrency: code },
        ]);
        expect(line, `${cents} ${code}`).toBe(`S\u00a0${formatPrice(cents, code)}`);
      }
    }
  });
});
