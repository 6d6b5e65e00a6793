/**
 * A restaurant's bookings as a CSV file for a range of days
 * (`?pid=&from=YYYY-MM-DD&to=YYYY-MM-DD`, at most 366 days, the restaurant's own dates;
 * anything else is a 400 with its reason). Only for those whose role on the site has
 * `bookings`; anyone else gets the same 404 as for a site that does not exist.
 */
import { data } from "react-router";
import { servicesContext } from "~/context";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { requireSite } from "~/server/access/site-access.server";
import { takesBookings } from "~/sites";
import { bookingsCsv, siteTimeZone } from "~/server/bookings/booking-day.server";
import { parseExportRange } from "~/server/orders/order-export.server";
import type { Route } from "./+types/bookings-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const { product } = await requireSite(context, query.get("pid") ?? undefined, "bookings");
  if (!takesBookings(product.type)) {
    throw data({ message: bookingsWords.notARestaurant }, { status: 400 });
  }
  const range = parseExportRange(query.get("from"), query.get("to"));
  if ("error" in range) throw data({ message: range.error }, { status: 400 });
  const { db } = context.get(servicesContext);
  const body = await bookingsCsv(
    db,
    { id: product.id, timeZone: await siteTimeZone(db, product.id) },
    range,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bookings-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
