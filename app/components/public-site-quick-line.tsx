import type { ReactNode } from "react";
import { mapsLink } from "./public-profile";
import { telHref } from "./public-site";
import { fill } from "~/lib/i18n/page-language";
import { usePageLanguage } from "~/lib/i18n/page-language-context";

/**
 * One compact line near the top of a public page, for the visitor who wants to come by or
 * call: "Open now · 18 Wharf Street · Call · Hours". The street is a maps link, Call a `tel:`
 * link, Hours leads to the full contact and hours further down (`detailsHref`); each is a
 * thumb-sized target. A page may pass a status (whether the business is open now) to lead
 * the line. Styled by app/styles/public-site.css (`.site-quick-line`).
 */
export function PublicSiteQuickLine({
  site,
  detailsHref,
  detailsLabel,
  status,
}: {
  site: { address: string; contact: { phone: string } };
  /** Where the full contact and hours are on the page, e.g. `#shop-info`. */
  detailsHref: string;
  /** What the link to them says: "Hours" (the default), or "Contact" for a business that keeps none. */
  detailsLabel?: string;
  /** Leads the line when given, e.g. "Open now · until 10 PM". */
  status?: ReactNode;
}) {
  const { words } = usePageLanguage();
  // The street is enough to see; the link's name (what a screen reader says) is the whole address.
  const street = site.address.split(",")[0]!.trim();
  return (
    <ul className="site-quick-line" aria-label={words.visitOrCall}>
      {status ? <li className="site-quick-status">{status}</li> : null}
      {site.address ? (
        <li>
          <a
            href={mapsLink(site.address)}
            aria-label={fill(words.addressOnMap, { address: site.address })}
          >
            {street}
          </a>
        </li>
      ) : null}
      {site.contact.phone ? (
        <li>
          <a
            className="site-quick-call"
            href={telHref(site.contact.phone)}
            aria-label={fill(words.callNumber, { phone: site.contact.phone })}
          >
            {words.call}
          </a>
        </li>
      ) : null}
      <li>
        <a href={detailsHref}>{detailsLabel ?? words.hours}</a>
      </li>
    </ul>
  );
}
