/**
 * A restaurant's private calendar feed (`/calendar/{secret}.ics`), for the owner's calendar
 * app: the bookings that hold a table, from 30 days back on, each "Name · 4 guests" with the
 * phone and note, a request marked tentative. Public, as calendar apps sign in to nothing: the
 * 32-letter secret is the only key (made a new one from the bookings page, the old one stops at
 * once); any other address is a 404 that says nothing of what exists. Never cached: it holds
 * guests' names and phones.
 */
import { data } from "react-router";
import { servicesContext } from "~/context";
import { icsCalendar, ICS_CONTENT_TYPE, type IcsEvent } from "~/lib/ics";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { MESSAGES } from "~/lib/messages";
import { calendarFeed, type FeedBooking } from "~/server/bookings/booking-day.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import type { Route } from "./+types/calendar-feed";

const NO_STORE = { "Cache-Control": "private, no-store" };

function feedEvent(booking: FeedBooking, stamp: number): IcsEvent {
  const description = [
    booking.state === "requested" ? bookingsWords.feedRequest : "",
    booking.phone ? fill(bookingsWords.feedPhone, { phone: booking.phone }) : "",
    booking.note ? fill(bookingsWords.feedNote, { note: booking.note }) : "",
  ].filter(Boolean);
  return {
    uid: `booking-${booking.id}`,
    start: booking.start,
    end: booking.end,
    summary: fill(bookingsWords.feedSummary, {
      name: booking.name,
      guests: portalPlural(bookingsWords.guests, booking.partySize),
    }),
    ...(description.length ? { description: description.join("\n") } : {}),
    stamp,
    status: booking.state === "requested" ? "TENTATIVE" : "CONFIRMED",
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const file = params.file ?? "";
  const secret = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  const now = publicPagesNow(env).getTime();
  const feed = secret ? await calendarFeed(db, secret, now) : null;
  if (!feed) throw data({ message: MESSAGES.pageNotFound }, { status: 404, headers: NO_STORE });
  const body = icsCalendar(
    feed.bookings.map((booking) => feedEvent(booking, now)),
    { name: fill(bookingsWords.feedCalendarName, { name: feed.siteName }) },
  );
  return new Response(body, {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      ...NO_STORE,
      // Shown as a file, not a page, if opened in a browser.
      "Content-Disposition": `inline; filename="bookings.ics"`,
      "X-Robots-Tag": "noindex",
    },
  });
}
