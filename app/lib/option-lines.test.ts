import { describe, expect, it } from "vitest";
import { CURRENCIES } from "./currency";
import { soldOutChoiceLabel } from "./item-options-display";
import { ENGLISH } from "./i18n/page-language";
import { sizesLine } from "./option-lines";
import { currencyNumberFormat, formatPrice, MAX_PRICE_CENTS, priceAmount } from "./price";

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
        const offers = [{ name: "S", price: priceAmount(cents, code), priceCurrency: code }];
        expect(sizesLine(offers, "en", undefined, currencyNumberFormat)).toBe(line);
      }
    }
  });

  it("formats each line in its own language and currency, with formats made once as without", () => {
    const inEuros = (name: string, price: string) => ({ name, price, priceCurrency: "EUR" });
    const offers = [inEuros("S", "1234.50"), offer("M", "2.00")];
    const tags = ["de", "en", "de", "ar", "en"];
    const lines = tags.map((tag) => sizesLine(offers, tag));
    // The server's formats, kept from line to line, write exactly what new ones do.
    expect(tags.map((tag) => sizesLine(offers, tag, undefined, currencyNumberFormat))).toEqual(
      lines,
    );
    expect(lines).toEqual([
      `S\u00a0${formatPrice(123450, "EUR", "de")} \u00b7 M\u00a0${formatPrice(200, "USD", "de")}`,
      `S\u00a0€1,234.50 \u00b7 M\u00a0$2.00`,
      lines[0],
      `S\u00a0${formatPrice(123450, "EUR", "ar")} \u00b7 M\u00a0${formatPrice(200, "USD", "ar")}`,
      lines[1],
    ]);
    expect(lines[0]).toContain("1.234,50");
  });
});
