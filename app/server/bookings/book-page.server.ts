/**
 * The guest's booking form, `/r/{slugId}/book` (and `/r/{slugId}/{lang}/book` in one of the
 * site's further languages): its loader (the party sizes, the days that may be booked, and the
 * times still free for the chosen party on the chosen day, from `?party=4&date=2026-12-07`)
 * and its action, which books (place-booking.server.ts) and answers 303 to the booking's own
 * page. Every refusal renders the form again with what the guest typed and why, with a 4xx.
 * The page is rendered per request and never cached: it reads the clock and the room's book.
 */
import { customAlphabet } from "nanoid";
import { data, redirect, type Params } from "react-router";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { servicesContext } from "~/context";
import type { PublicNotFoundData } from "~/components/public-site";
import {
  BOOKING_FORM_FIELDS,
  bookingFormSchema,
  type BookingFormField,
} from "~/lib/booking-form-schema";
import { partySizes } from "~/lib/booking-settings";
import { pageLanguage } from "~/lib/i18n/catalogues";
import type { PageLanguage, PublicWords } from "~/lib/i18n/page-language";
import { shortDateText } from "~/lib/i18n/formats";
import { pluralText } from "~/lib/i18n/text";
import { isoDate, parseIsoDate, todayIn, type LocalDate } from "~/lib/opening-status";
import { HONEYPOT_FIELD, PLACE_KEY_PATTERN } from "~/lib/order-form";
import { restaurantSite } from "~/sites/restaurant/site";
import { CLIENT_ADDRESS_HEADER } from "../accounts/auth.server";
import { readFormOrRefuse } from "../http/forms.server";
import { countBookingAttempt, retryAfterMinutes } from "../http/write-limits.server";
import { loadPublicSite } from "../repositories/public-sites.server";
import { publicPagesNow } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";
import {
  availableTimes,
  loadBookingSite,
  placeBooking,
  type PlaceBookingRefusal,
} from "./place-booking.server";

/** The form as the page shows it: the chosen party and day, their free times, and any refusal. */
export interface BookFormState {
  party: number;
  /** The chosen day, YYYY-MM-DD where the restaurant is. */
  date: string;
  /** "Thu, Dec 3", in the page's language. */
  dateLabel: string;
  times: Array<{ start: number; time: string }>;
  placeKey: string;
  /** What the guest typed (and the time they chose), kept when the form is refused. */
  values: Partial<Record<"time" | "name" | "phone" | "email" | "note", string>>;
  fieldErrors: Partial<Record<BookingFormField, string>>;
  formError: string | null;
}

const DAY_MS = 86_400_000;

const newPlaceKey = customAlphabet(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  24,
);

function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The restaurant's today; a site without a known zone keeps UTC's, as its times do. */
function siteToday(timeZone: string, now: Date): LocalDate {
  return parseIsoDate(todayIn(timeZone, now) ?? now.toISOString().slice(0, 10))!;
}

/** "Not found"-like page in the site's language: the restaurant takes no bookings online. */
function noBookingsOnline(page: PageLanguage) {
  const body: PublicNotFoundData = {
    message: page.words.noBookingsOnline,
    lang: page.language.tag,
    dir: page.language.dir,
  };
  return data(body, { status: 404 });
}

async function loadBookPage(services: AppServices, params: Params, request: Request) {
  const { db, env } = services;
  let site;
  try {
    site = await loadPublicSite(db, "restaurant", params.slugId ?? "", restaurantSite.notFoundIn, {
      url: request.url,
      publicUrl: env.publicUrl,
      customDomains: env.customDomains !== null,
      language: params.lang,
      acceptLanguage: request.headers.get("accept-language"),
    });
  } catch (thrown) {
    // A stale slug's 301 goes to the current address's booking form, not its menu.
    if (thrown instanceof Response && thrown.status === 301) {
      const search = new URL(request.url).search;
      throw redirect(`${thrown.headers.get("Location")}/book${search}`, 301);
    }
    throw thrown;
  }
  const page = pageLanguage(site.language);
  const booking = await loadBookingSite(db, site.id);
  if (!booking || !booking.settings.enabled) throw noBookingsOnline(page);
  const now = publicPagesNow(env);
  const today = siteToday(booking.timeZone, now);
  const lastDay = addDays(today, booking.settings.daysAhead);
  const menuPath = site.canonicalPath;
  return {
    site,
    booking,
    page,
    now,
    today,
    lastDay,
    view: {
      language: site.language,
      site: {
        name: site.name,
        colors: site.colors,
        fontStyle: site.fontStyle,
        phone: site.contact.phone,
        menuPath,
        bookPath: `${menuPath === "/" ? "" : menuPath}/book`,
      },
      parties: partySizes(booking.settings),
      maxPartySize: booking.settings.maxPartySize,
      confirmEach: booking.settings.confirmEach,
      firstDate: isoDate(today),
      lastDate: isoDate(lastDay),
    },
  };
}

type BookPage = Awaited<ReturnType<typeof loadBookPage>>;

/** A party size the form offers, from what was asked: out of range, the nearest one. */
function partyFrom(page: BookPage, asked: string | null): number {
  const max = page.booking.settings.maxPartySize;
  const number = asked !== null && /^\d{1,3}$/.test(asked) ? Number(asked) : Math.min(2, max);
  return Math.min(Math.max(number, 1), max);
}

/** A day the form offers, from what was asked: today when unreadable, kept within the horizon. */
function dateFrom(page: BookPage, asked: string | null): LocalDate {
  const date = asked === null ? null : parseIsoDate(asked);
  if (!date) return page.today;
  const iso = isoDate(date);
  if (iso < isoDate(page.today)) return page.today;
  if (iso > isoDate(page.lastDay)) return page.lastDay;
  return date;
}

async function formState(
  services: AppServices,
  page: BookPage,
  party: number,
  date: LocalDate,
  extra: Partial<Pick<BookFormState, "values" | "fieldErrors" | "formError" | "placeKey">> = {},
): Promise<BookFormState> {
  const times = await availableTimes(services.db, page.booking, date, page.now, {
    forParty: party,
    page: page.page,
  });
  return {
    party,
    date: isoDate(date),
    dateLabel: shortDateText(date, page.page),
    times: times.map((each) => ({ start: each.start, time: each.time })),
    placeKey: extra.placeKey ?? newPlaceKey(),
    values: extra.values ?? {},
    fieldErrors: extra.fieldErrors ?? {},
    formError: extra.formError ?? null,
  };
}

export async function bookPageLoader({ params, context, request }: LoaderFunctionArgs) {
  const services = context.get(servicesContext);
  const page = await loadBookPage(services, params, request);
  const query = new URL(request.url).searchParams;
  const form = await formState(
    services,
    page,
    partyFrom(page, query.get("party")),
    dateFrom(page, query.get("date")),
  );
  return { ...page.view, form };
}

/** A text field of the form; "" when it is missing. */
function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The words of each refusal, and the field it is about (none: the whole form's). */
function refusalMessage(
  reason: Exclude<PlaceBookingRefusal, "site-limit">,
  words: PublicWords,
): { field: BookingFormField | null; message: string } {
  switch (reason) {
    case "party-size":
      return { field: "party", message: words.bookingRefusedPartySize };
    case "not-a-time":
      return { field: "time", message: words.bookingRefusedNotATime };
    case "too-soon":
      return { field: "time", message: words.bookingRefusedTooSoon };
    case "too-far":
      return { field: "date", message: words.bookingRefusedTooFar };
    case "closed":
      return { field: "time", message: words.bookingRefusedClosed };
    case "full":
      return { field: "time", message: words.bookingRefusedFull };
    case "not-taking-bookings":
      return { field: null, message: words.noBookingsOnline };
  }
}

export async function bookPageAction({ params, context, request }: ActionFunctionArgs) {
  const services = context.get(servicesContext);
  const page = await loadBookPage(services, params, request);
  const { words } = page.page;
  const form = await readFormOrRefuse(request);
  const values: BookFormState["values"] = {};
  for (const name of ["time", "name", "phone", "email", "note"] as const) {
    const value = textField(form, name);
    if (value !== "") values[name] = value.slice(0, 400);
  }
  const placeKey = textField(form, "placeKey");
  const party = partyFrom(page, textField(form, "party") || null);
  const date = dateFrom(page, textField(form, "date") || null);
  const again = async (
    extra: Pick<BookFormState, "fieldErrors" | "formError">,
    status: number,
    headers?: HeadersInit,
  ) =>
    data(
      await formState(services, page, party, date, {
        ...extra,
        values,
        placeKey: PLACE_KEY_PATTERN.test(placeKey) ? placeKey : undefined,
      }),
      { status, headers },
    );

  // A filled honeypot is a bot: refused like an expired form, and counted nowhere.
  if (textField(form, HONEYPOT_FIELD) !== "") {
    return again({ fieldErrors: {}, formError: words.bookingFormExpired }, 400);
  }

  const fields = bookingFormSchema(words).safeParse(
    Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)])),
  );
  if (!fields.success) {
    const fieldErrors: BookFormState["fieldErrors"] = {};
    let formError: string | null = null;
    for (const issue of fields.error.issues) {
      const name = String(issue.path[0] ?? "");
      if ((BOOKING_FORM_FIELDS as readonly string[]).includes(name)) {
        fieldErrors[name as BookingFormField] ??= issue.message;
      } else {
        formError ??= issue.message;
      }
    }
    return again({ fieldErrors, formError }, 400);
  }
  const input = fields.data;

  // Every attempt counts towards the guest's address's limit; only a booking towards the site's.
  const allowance = await countBookingAttempt(
    services,
    request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
  );
  if (!allowance.allowed) {
    const minutes = retryAfterMinutes(allowance.retryAfterSeconds);
    return again(
      {
        fieldErrors: {},
        formError: pluralText(words.tooManyBookings, page.page.language.tag, minutes),
      },
      429,
      { "Retry-After": String(allowance.retryAfterSeconds) },
    );
  }

  const result = await placeBooking(
    services.events,
    page.site.id,
    {
      placeKey: input.placeKey,
      partySize: input.party,
      date: input.date,
      start: input.time,
      name: input.name,
      phone: input.phone,
      email: input.email,
      note: input.note,
      language: page.site.language,
    },
    publicPagesNow(services.env).getTime(),
    { perSite: services.env.orderLimits.perSite },
  );
  if (result.booked) {
    // The mail to the guest (and to the owner for a request) was queued with the booking.
    if (!result.existing) services.orderMail.kick();
    throw redirect(`/b/${result.token}`, 303);
  }
  if (result.reason === "site-limit") {
    const seconds = result.retryAfterSeconds ?? 60;
    return again(
      {
        fieldErrors: {},
        formError: pluralText(
          words.tooManyBookings,
          page.page.language.tag,
          retryAfterMinutes(seconds),
        ),
      },
      429,
      { "Retry-After": String(seconds) },
    );
  }
  const refusal = refusalMessage(result.reason, words);
  // The time that was refused is no longer offered: the guest chooses again.
  if (refusal.field === "time") delete values.time;
  return again(
    refusal.field
      ? { fieldErrors: { [refusal.field]: refusal.message }, formError: null }
      : { fieldErrors: {}, formError: refusal.message },
    409,
  );
}
