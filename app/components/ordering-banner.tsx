import { usePageLanguage } from "~/lib/i18n/page-language-context";

/**
 * The band under a restaurant's or shop's hero once its owner takes orders: whether it does
 * now ("Ordering open · pickup from 6:15 PM", "Not taking orders until 6:30 PM") and the way
 * to the order page. A plain link: the public page stays script-free. Styled by
 * app/styles/public-site.css (`.site-ordering`).
 */
export interface OrderingBannerView {
  accepting: boolean;
  text: string;
  href: string;
}

export function OrderingBanner({ ordering }: { ordering: OrderingBannerView | null | undefined }) {
  const { words } = usePageLanguage();
  if (!ordering) return null;
  return (
    <section
      className={`site-ordering${ordering.accepting ? " is-open" : ""}`}
      aria-label={words.orderOnline}
    >
      <p className="site-ordering-status">{ordering.text}</p>
      <a className="site-ordering-link" href={ordering.href}>
        {ordering.accepting ? words.orderOnline : words.seeOrderPage}
      </a>
    </section>
  );
}
