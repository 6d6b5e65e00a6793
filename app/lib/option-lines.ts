/**
 * An item's sizes in one line, as a shop's item detail lists them: written by the server, and
 * by the shop page's script from the same Offers in the page's JSON-LD. Nothing is imported
 * here and the function uses nothing outside its parameters, so the script bundles it small
 * (app/sites/shoppy/shop-page-script.browser.ts) and its tests can run it on its own.
 */

/** A size's Offer, as the JSON-LD gives it (`shopJsonLd`). */
export interface SizeOffer {
  name?: string;
  /** The amount as `priceAmount` writes it: "12.50", "1500". */
  price: string;
  priceCurrency: string;
  availability?: string;
}

/**
 * "Small $8.00 · Large $11.00 (sold out)": each size at its price, as `formatPrice` shows it
 * (each listed currency's digits are its standard ones, the number format's own: see
 * app/lib/currency.ts), marked when out of stock on its own; its parts are held together by
 * no-break spaces, as a group's choices are (`choicesLine`).
 */
export function sizesLine(
  offers: readonly SizeOffer[],
  /** The page's language; English (as the US writes prices) when left out. */
  languageTag = "en-US",
  /** How the page marks a sold-out size. */
  soldOutLabel = "(sold out)",
  /**
   * The number format of a currency in a locale. Making one costs some sixty times what
   * formatting with it does: the server, which lists up to 50 items' sizes on every render,
   * passes formats it made once (`currencyNumberFormat`); the page's script makes its own.
   */
  currencyFormat = (locale: string, currency: string) =>
    new Intl.NumberFormat(locale, { style: "currency", currency }),
): string {
  const locale = languageTag === "en" ? "en-US" : languageTag;
  // As `formatPrice` does on a right-to-left page ("6.50 US$", not "$US 6.50").
  const leftToRightMark = /^(ar|fa|he|ur)\b/.test(locale) ? "\u200e" : "";
  return offers
    .map(
      (offer) =>
        offer.name +
        "\u00a0" +
        currencyFormat(locale, offer.priceCurrency).format(Number(offer.price)) +
        leftToRightMark +
        (offer.availability === "https://schema.org/OutOfStock"
          ? "\u00a0" + soldOutLabel.replace(/ /g, "\u00a0")
          : ""),
    )
    .join(" \u00b7 ");
}
