import { usePageLanguage } from "~/lib/i18n/page-language-context";

/**
 * The line under a restaurant's hero (beside its ordering band) once its owner takes table
 * bookings: "Book a table online" and the way to the booking form. A plain link: the public
 * page stays script-free. It reuses the ordering band's look (app/styles/public-site.css,
 * `.site-ordering`).
 */
export interface BookingBannerView {
  /** The booking form: on the portal's own address, absolute when the page is on the site's domain. */
  href: string;
}

export function BookingBanner({ booking }: { booking: BookingBannerView | null | undefined }) {
  const { words } = usePageLanguage();
  if (!booking) return null;
  return (
    <section className="site-ordering site-booking is-open" aria-label={words.bookATable}>
      <p className="site-ordering-status">{words.bookingsOpenLine}</p>
      <a className="site-ordering-link" href={booking.href}>
        {words.bookATable}
      </a>
    </section>
  );
}
