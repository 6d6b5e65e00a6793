import { choicesText, type PricedLine } from "~/lib/order-cart";
import type { FormatLanguage } from "~/lib/i18n/formats";
import { pagePrice } from "~/lib/item-options-display";

/** One line of an order as the cart, the review and the status page show it: 2× Burger · Bacon · $31.80. */
export function OrderLineText({
  line,
  currency,
  page,
}: {
  line: PricedLine;
  currency: string;
  /** The page's language, for the price. */
  page: FormatLanguage;
}) {
  return (
    <>
      <span className="order-line-quantity">{line.quantity}×</span>
      <span className="order-line-name">
        {line.name}
        {line.choices.length > 0 ? (
          <span className="order-line-choices">{choicesText(line.choices)}</span>
        ) : null}
      </span>
      <span className="order-line-price">{pagePrice(line.lineCents, currency, page)}</span>
    </>
  );
}
