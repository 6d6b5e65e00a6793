/**
 * A booking as its guest sees it, at `/b/{token}`: the token is the guest's key (32 random
 * letters and digits, from the mails and the form's redirect). Its page shows the state, the
 * time where the restaurant is, the party, the restaurant's address and phone, and the way to
 * cancel until the cutoff; `/b/{token}/calendar.ics` is the same booking for a calendar app.
 * In the language of the page it was booked from.
 */
import { and, eq } from "drizzle-orm";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import { cancelDeadline } from "~/lib/booking-settings";
import { guestMayCancel, type BookingState } from "~/lib/booking-states";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { PublicWords } from "~/lib/i18n/page-language";
import { fill, pluralText } from "~/lib/i18n/text";
import { ICS_CONTENT_TYPE, icsCalendar } from "~/lib/ics";
import { PRIVATE_CACHE_CONTROL } from "../http/security-headers.server";
import { publicPath } from "~/lib/slug";
import type { Database } from "../db/client.server";
import { bookings, bookingSettings, productInfo, products } from "../db/schema";
import { readFormOrRefuse } from "../http/forms.server";
import { orderTimeText } from "../orders/order-mail-templates.server";
import { publicNotFound } from "../pages/public-not-found.server";
import { publicPagesNow } from "../runtime/env.server";
import { cancelBookingAsGuest } from "./booking-changes.server";

const TOKEN_PATTERN = /^[A-Za-z0-9]{32}$/;

/** The booking of `token` with its restaurant; null for no booking (or a deleted site). */
export async function bookingByToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      booking: bookings,
      site: {
        id: products.id,
        type: products.type,
        slug: products.slug,
        name: productInfo.name,
        address: productInfo.address,
        contact: productInfo.contact,
        timeZone: productInfo.timeZone,
        colors: productInfo.colors,
        fontStyle: productInfo.fontStyle,
        language: productInfo.language,
      },
      cancelCutoffMinutes: bookingSettings.cancelCutoffMinutes,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .leftJoin(bookingSettings, eq(bookingSettings.productId, bookings.productId))
    .where(and(eq(bookings.token, token), eq(products.exists, true)));
  return row ?? null;
}

type FoundBooking = NonNullable<Awaited<ReturnType<typeof bookingByToken>>>;

/** An address that names no booking has no language: the visitor's browser chooses. */
function bookingNotFound(request: Request) {
  return publicNotFound(
    (words) => ({ message: words.bookingNotFound }),
    undefined,
    request.headers.get("accept-language"),
  );
}

/** The state's heading, in the guest's words. */
function stateHeading(state: BookingState, words: PublicWords): string {
  switch (state) {
    case "requested":
      return words.bookingStateRequested;
    case "confirmed":
      return words.bookingStateConfirmed;
    case "declined":
      return words.bookingStateDeclined;
    case "cancelled":
      return words.bookingStateCancelled;
    case "seated":
      return words.bookingStateSeated;
    case "no-show":
      return words.bookingStateNoShow;
  }
}

/** What the booking's page shows, in the booking's language. */
function bookingView(found: FoundBooking, now: number) {
  const { booking, site } = found;
  const page = pageLanguage(booking.language || site.language);
  const { words } = page;
  const timeZone = site.timeZone || "UTC";
  const deadline = cancelDeadline(booking.startsAt.getTime(), found.cancelCutoffMinutes);
  const mayCancel = guestMayCancel(booking.state);
  const stateHints: Partial<Record<BookingState, string>> = {
    requested: fill(words.bookingStateRequestedHint, { name: site.name }),
    confirmed: fill(words.bookingStateConfirmedHint, { name: site.name }),
  };
  const menuPath = publicPath(site.type, site.slug, site.id);
  return {
    token: booking.token,
    language: page.language.code,
    booking: {
      state: booking.state,
      heading: stateHeading(booking.state, words),
      hint: stateHints[booking.state] ?? null,
      declineReason:
        booking.state === "declined" && booking.declineReason
          ? fill(words.bookingDeclinedReason, { reason: booking.declineReason })
          : null,
      when: orderTimeText(booking.startsAt, timeZone, page),
      party: pluralText(words.partyOf, page.language.tag, booking.partySize),
      /** Until when the guest may cancel online, while they may; past it, who to call. */
      cancel: !mayCancel
        ? null
        : now <= deadline
          ? {
              open: true as const,
              text: fill(words.cancelUntil, {
                time: orderTimeText(new Date(deadline), timeZone, page),
              }),
            }
          : { open: false as const, text: fill(words.cancelPastCutoff, { name: site.name }) },
    },
    site: {
      name: site.name,
      address: site.address,
      phone: site.contact.phone,
      colors: site.colors,
      fontStyle: site.fontStyle,
      menuPath,
      bookPath: `${menuPath}${page.language.code === site.language ? "" : `/${page.language.code}`}/book`,
    },
  };
}

export async function guestBookingLoader({ params, context, request }: LoaderFunctionArgs) {
  const services = context.get(servicesContext);
  const found = await bookingByToken(services.db, params.token ?? "");
  if (!found) throw bookingNotFound(request);
  const view = bookingView(found, publicPagesNow(services.env).getTime());
  return { ...view, confirming: false, message: null as string | null };
}

/**
 * "Cancel booking", in two steps that need no script: `intent=cancel` answers with the
 * question ("Cancel this booking?"), `intent=cancel-confirmed` cancels and answers 303 to the
 * page, which then says it is cancelled.
 */
export async function guestBookingAction({ params, context, request }: ActionFunctionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormOrRefuse(request);
  const found = await bookingByToken(services.db, params.token ?? "");
  if (!found) throw bookingNotFound(request);
  const now = publicPagesNow(services.env).getTime();
  const { words } = pageLanguage(found.booking.language || found.site.language);
  const intent = form.get("intent");
  if (intent === "cancel") {
    const view = bookingView(found, now);
    if (view.booking.cancel?.open) return { ...view, confirming: true, message: null };
    return data(
      { ...view, confirming: false, message: view.booking.cancel?.text ?? words.bookingMovedOn },
      { status: 409 },
    );
  }
  if (intent !== "cancel-confirmed") {
    throw data({ message: words.bookingNotFound }, { status: 400 });
  }
  const result = await cancelBookingAsGuest(services.events, found.booking.token, now);
  if (result.cancelled) {
    services.orderMail.kick();
    throw redirect(`/b/${found.booking.token}`, 303);
  }
  if (result.reason === "not-found") throw bookingNotFound(request);
  const view = bookingView(found, now);
  const message =
    result.reason === "past-cutoff"
      ? fill(words.cancelPastCutoff, { name: found.site.name })
      : words.bookingMovedOn;
  return data({ ...view, confirming: false, message }, { status: 409 });
}

/** `/b/{token}/calendar.ics`: the booking as one calendar event, for "Add to calendar". */
export async function bookingIcsLoader({ params, context }: LoaderFunctionArgs) {
  const services = context.get(servicesContext);
  const found = await bookingByToken(services.db, params.token ?? "");
  if (!found) {
    return new Response("Not Found", {
      status: 404,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": PRIVATE_CACHE_CONTROL,
      },
    });
  }
  const { booking, site } = found;
  const page = pageLanguage(booking.language || site.language);
  const bookingUrl = `${services.env.publicUrl}/b/${booking.token}`;
  const cancelled = booking.state === "cancelled" || booking.state === "declined";
  const text = icsCalendar([
    {
      // Named by the booking's id, not its token: a calendar synced or shared elsewhere must
      // not carry the key that cancels the booking.
      uid: `booking-${booking.id}@${new URL(services.env.publicUrl).hostname}`,
      stamp: publicPagesNow(services.env).getTime(),
      start: booking.startsAt.getTime(),
      end: booking.endsAt.getTime(),
      summary: fill(page.words.bookingCalendarSummary, { name: site.name }),
      location: site.address || undefined,
      description: [
        pluralText(page.words.partyOf, page.language.tag, booking.partySize),
        site.contact.phone,
        bookingUrl,
      ]
        .filter(Boolean)
        .join("\n"),
      url: bookingUrl,
      status: cancelled ? "CANCELLED" : booking.state === "requested" ? "TENTATIVE" : "CONFIRMED",
    },
  ]);
  return new Response(text, {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": 'attachment; filename="booking.ics"',
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}
