/**
 * A restaurant's day sheet (`/user/bookings/{pid}/sheet/{YYYY-MM-DD}`): the restaurant's name
 * and the date on top, then each booking that holds a table by time, with the guest's name,
 * party size, phone and note; one A4 page (or more, for a long day). For those whose role on
 * the site has `bookings`; anyone else gets the same 404 as for a site that does not exist.
 */
import { Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { servicesContext } from "~/context";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { pageMeta } from "~/lib/seo";
import { loadDaySheet } from "~/server/bookings/booking-day.server";
import sheetStyles from "./booking-sheet.css?url";
import type { Route } from "./+types/booking-sheet";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: sheetStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: fill(bookingsWords.sheetTitle, { date: args.data?.date ?? "" }).trim(),
    description: bookingsWords.sheetDescription,
    noIndex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  return loadDaySheet(context, db, params.pid, params.date);
}

function PrintButton() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="button" onClick={() => window.print()}>
      {bookingsWords.print}
    </button>
  ) : (
    <p>{bookingsWords.printWithoutScript}</p>
  );
}

export default function BookingSheet({ loaderData }: Route.ComponentProps) {
  const sheet = loaderData;
  return (
    <>
      <header className="print-toolbar">
        <Link to={`/user/bookings?pid=${sheet.siteId}&date=${sheet.date}`}>
          {bookingsWords.backToBookings}
        </Link>
        <PrintButton />
        <p className="print-hint">{bookingsWords.sheetHint}</p>
      </header>
      <div className="sheet-page">
        <main className="sheet">
          <p className="sheet-site">{sheet.siteName}</p>
          <h1 className="sheet-date">{sheet.dateText}</h1>
          <p className="sheet-summary">
            {portalPlural(bookingsWords.sheetCovers, sheet.bookings.length, {
              covers: sheet.covers,
            })}
          </p>
          {sheet.bookings.length === 0 ? (
            <p>{bookingsWords.sheetEmpty}</p>
          ) : (
            <table className="sheet-table">
              <thead>
                <tr>
                  <th scope="col">{bookingsWords.sheetTime}</th>
                  <th scope="col">{bookingsWords.sheetName}</th>
                  <th scope="col" className="sheet-party">
                    {bookingsWords.sheetParty}
                  </th>
                  <th scope="col">{bookingsWords.sheetPhone}</th>
                  <th scope="col">{bookingsWords.sheetNote}</th>
                </tr>
              </thead>
              <tbody>
                {sheet.bookings.map((booking) => (
                  <tr key={booking.id}>
                    <td className="sheet-time">{booking.timeText}</td>
                    <td>
                      {booking.name}
                      {booking.requested ? (
                        <span className="sheet-request"> {bookingsWords.sheetRequest}</span>
                      ) : null}
                    </td>
                    <td className="sheet-party">{booking.partySize}</td>
                    <td>{booking.phone}</td>
                    <td className="sheet-note">{booking.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </main>
      </div>
    </>
  );
}
