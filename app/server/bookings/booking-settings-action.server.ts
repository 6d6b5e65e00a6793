/**
 * The editor's Reservations tab (restaurants only): what it shows (the stored settings as the
 * form's values, the closures still to come) and its three forms, each checked with the
 * schema the browser used (app/lib/booking-settings-schema.ts) and written whole or not at
 * all. The caller (the editor's route) has checked `site.edit` with `requireSite`.
 */
import { TZDate } from "@date-fns/tz";
import { data } from "react-router";
import {
  ADD_CLOSURE_INTENT,
  BOOKING_SETTINGS_MESSAGES,
  SAVE_BOOKINGS_INTENT,
  type BookingsTabData,
  type BookingsTabIntent,
  type BookingsTabResult,
} from "~/lib/booking-settings-form";
import {
  bookingClosureSchema,
  bookingSettingsFormValues,
  bookingSettingsFromForm,
  bookingSettingsSchema,
  closureWallTimes,
} from "~/lib/booking-settings-schema";
import { bookingSettingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { isKnownTimeZone } from "~/lib/time-zones";
import type { Database } from "../db/client.server";
import { PRODUCT_ID_PATTERN } from "../db/ids.server";
import type { Events } from "../events/events.server";
import { formText, parseSubmission } from "../http/forms.server";
import { logger } from "../http/log.server";
import { clockAt, localDate } from "../orders/order-inbox.server";
import {
  addBookingClosure,
  closuresDuring,
  loadBookingSettings,
  removeBookingClosure,
  saveBookingSettings,
} from "./booking-settings.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The tab lists the closures of the coming year and a bit; nobody plans further. */
const CLOSURES_LISTED_DAYS = 400;

function zoneOf(timeZone: string): string {
  return isKnownTimeZone(timeZone) ? timeZone : "UTC";
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dayText(at: number, timeZone: string): string {
  let format = dateFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone,
    });
    dateFormatters.set(timeZone, format);
  }
  return format.format(new Date(at)).replace(/\s/g, " ");
}

/** A closure as the tab lists it, in the restaurant's time. */
export function closureWhenText(
  closure: { startsAt: Date; endsAt: Date },
  timeZone: string,
): string {
  const zone = zoneOf(timeZone);
  const start = closure.startsAt.getTime();
  const end = closure.endsAt.getTime();
  const day = dayText(start, zone);
  const wholeDay =
    midnightOf(start, zone) === start &&
    midnightOf(end, zone) === end &&
    localDate(end - 1, zone) === localDate(start, zone);
  if (wholeDay) return fill(bookingSettingsWords.closureWholeDay, { day });
  return fill(bookingSettingsWords.closureFromTo, {
    day,
    from: clockAt(start, zone),
    to: clockAt(end, zone),
  });
}

function midnightOf(at: number, timeZone: string): number {
  const local = new TZDate(at, timeZone);
  return new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), timeZone).getTime();
}

/** What the Reservations tab shows for the restaurant `productId` at `now`. */
export async function loadBookingsTab(
  db: Database,
  productId: string,
  timeZone: string,
  now: number,
): Promise<BookingsTabData> {
  const settings = await loadBookingSettings(db, productId);
  const closures = await closuresDuring(db, productId, {
    start: now,
    end: now + CLOSURES_LISTED_DAYS * DAY,
  });
  return {
    values: bookingSettingsFormValues(settings),
    enabled: settings.enabled,
    closures: closures.map((closure) => ({
      id: closure.id,
      whenText: closureWhenText(closure, timeZone),
      note: closure.note,
    })),
    today: localDate(now, zoneOf(timeZone)),
  };
}

/** A local date and minutes of it as a moment where the restaurant is (daylight saving kept). */
function momentAt(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): number {
  return new TZDate(
    date.year,
    date.month - 1,
    date.day,
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  ).getTime();
}

function answer(intent: BookingsTabIntent, result: BookingsTabResult["result"], status = 200) {
  return data<BookingsTabResult>({ intent, result }, { status });
}

/** Runs one of the Reservations tab's forms for the restaurant `product`. */
export async function runBookingsTabIntent(
  services: { db: Database; events: Events },
  product: { id: string; timeZone: string },
  intent: BookingsTabIntent,
  formData: FormData,
  requestId?: string,
) {
  if (intent === SAVE_BOOKINGS_INTENT) {
    const submission = parseSubmission(formData, bookingSettingsSchema);
    if (submission.status !== "success") {
      return answer(
        intent,
        submission.reply({ formErrors: [BOOKING_SETTINGS_MESSAGES.failed] }),
        400,
      );
    }
    try {
      await saveBookingSettings(
        services.events,
        product.id,
        bookingSettingsFromForm(submission.value),
      );
    } catch (error) {
      logger.error({ err: error, reqId: requestId }, "saving booking settings failed");
      return answer(
        intent,
        submission.reply({ formErrors: [BOOKING_SETTINGS_MESSAGES.failed] }),
        500,
      );
    }
    const { initialValue: _sent, ...saved } = submission.reply();
    return answer(intent, saved);
  }

  if (intent === ADD_CLOSURE_INTENT) {
    const submission = parseSubmission(formData, bookingClosureSchema);
    if (submission.status !== "success") {
      return answer(intent, submission.reply(), 400);
    }
    const zone = zoneOf(product.timeZone);
    const { date, fromMinutes, toMinutes } = closureWallTimes(submission.value);
    const start = momentAt(date, fromMinutes, zone);
    // The end of the day is the next day's midnight, however long daylight saving makes it.
    const end =
      toMinutes === 24 * 60
        ? momentAt({ ...date, day: date.day + 1 }, 0, zone)
        : momentAt(date, toMinutes, zone);
    if (!(end > start)) {
      // A from–to inside the hour daylight saving skips.
      return answer(
        intent,
        submission.reply({ fieldErrors: { to: [BOOKING_SETTINGS_MESSAGES.closureBackwards] } }),
        400,
      );
    }
    await addBookingClosure(services.db, product.id, { start, end }, submission.value.note);
    // Emptied for the next closure.
    return answer(intent, submission.reply({ resetForm: true }));
  }

  // REMOVE_CLOSURE_INTENT
  const closureId = formText(formData, "closureId");
  const removed =
    PRODUCT_ID_PATTERN.test(closureId) &&
    (await removeBookingClosure(services.db, product.id, closureId));
  if (!removed) {
    return answer(
      intent,
      { status: "error", error: { "": [BOOKING_SETTINGS_MESSAGES.closureNotFound] } },
      404,
    );
  }
  return answer(intent, { status: "success" });
}
