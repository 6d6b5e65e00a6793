import { mapsLink } from "~/components/public-profile";
import { PublicSiteError, telHref } from "~/components/public-site";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { documentLanguage } from "~/lib/i18n/document-language";
import { ENGLISH } from "~/lib/i18n/page-language";
import { fill } from "~/lib/i18n/text";
import { routeErrorMessage } from "~/lib/route-error";
import { siteThemeAttributes } from "~/lib/site-theme";
import { guestBookingAction, guestBookingLoader } from "~/server/bookings/guest-bookings.server";
import siteStylesHref from "~/styles/public-site.css?url";
import orderStylesHref from "../orders/order-page.css?url";
import bookStylesHref from "./book-page.css?url";
import type { Route } from "./+types/booking-page";

// A guest's own page: plain HTML, no script. Never cached, indexed or sent as a referrer:
// app/server/http/security-headers.server.ts gives every customer path those headers.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesHref },
  { rel: "stylesheet", href: orderStylesHref },
  { rel: "stylesheet", href: bookStylesHref },
];

export const meta: Route.MetaFunction = ({ data: loaded, error }) => [
  {
    title: loaded
      ? `${pageLanguage(loaded.language).words.yourBooking} · ${loaded.site.name}`
      : (routeErrorMessage(error) ?? ENGLISH.words.bookingNotFound),
  },
  { name: "robots", content: "noindex" },
];

export const loader = guestBookingLoader;
export const action = guestBookingAction;

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a refused or questioned cancel, the action's view is the newer one.
  const view = actionData ?? loaderData;
  const page = pageLanguage(view.language);
  const { words, language } = page;
  const { booking, site } = view;
  return (
    <div className="order-page book-page" {...siteThemeAttributes(site.colors, site.fontStyle)}>
      <header className="order-header">
        <div className="site-container order-header-inner">
          <a className="order-back" href={site.menuPath}>
            <span aria-hidden="true">{language.dir === "rtl" ? "→" : "←"}</span> {site.name}
          </a>
        </div>
      </header>
      <main className="site-container order-main order-status-main" id="main">
        <p className="order-kicker">{words.yourBooking}</p>
        <h1 className={`booking-state is-${booking.state}`}>{booking.heading}</h1>
        {booking.hint ? <p>{booking.hint}</p> : null}
        {booking.declineReason ? <p className="order-alert">{booking.declineReason}</p> : null}
        {view.message ? (
          <p className="order-alert" role="alert">
            {view.message}
          </p>
        ) : null}

        <dl className="booking-facts">
          <dt>{words.bookingWhen}</dt>
          <dd>{booking.when}</dd>
          <dt>{words.bookingParty}</dt>
          <dd>{booking.party}</dd>
          <dt>{words.bookingWhere}</dt>
          <dd>
            {site.name}
            {site.address ? (
              <>
                <br />
                <a
                  href={mapsLink(site.address)}
                  aria-label={fill(words.addressOnMap, { address: site.address })}
                >
                  {site.address}
                </a>
              </>
            ) : null}
          </dd>
        </dl>

        <p className="booking-actions">
          {booking.state === "requested" || booking.state === "confirmed" ? (
            <a className="button" href={`/b/${view.token}/calendar.ics`} download="booking.ics">
              {words.addToCalendar}
            </a>
          ) : null}
          {site.phone ? (
            <a className="button secondary" href={telHref(site.phone)}>
              {fill(words.callNumber, { phone: site.phone })}
            </a>
          ) : null}
        </p>

        {booking.cancel ? (
          <section className="booking-cancel" aria-labelledby="booking-cancel-title">
            <h2 id="booking-cancel-title">
              {view.confirming ? words.cancelBookingConfirm : words.cancelBooking}
            </h2>
            <p>{booking.cancel.text}</p>
            {booking.cancel.open ? (
              <form method="post" className="booking-actions">
                {view.confirming ? (
                  <>
                    <button
                      type="submit"
                      name="intent"
                      value="cancel-confirmed"
                      className="button danger"
                    >
                      {words.cancelBooking}
                    </button>
                    <a className="button secondary" href={`/b/${view.token}`}>
                      {words.keepBooking}
                    </a>
                  </>
                ) : (
                  <button type="submit" name="intent" value="cancel" className="button danger">
                    {words.cancelBooking}
                  </button>
                )}
              </form>
            ) : null}
          </section>
        ) : null}
        {booking.state === "cancelled" ? <p role="status">{words.bookingCancelled}</p> : null}

        <p>
          <a className="button secondary" href={site.bookPath}>
            {words.bookAnother}
          </a>
        </p>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  // An address that names no booking says so in the visitor's language.
  return <PublicSiteError />;
}
