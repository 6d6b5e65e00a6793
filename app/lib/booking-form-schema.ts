/**
 * The zod schema of the guest's booking form (app/routes/bookings/book-page.tsx): one per page
 * language, its messages in that language's words. It checks the fields' shapes only; whether
 * the party may book the time is the server's question, asked under the site's lock
 * (app/server/bookings/place-booking.server.ts).
 */
import { BOOKING_NOTE_MAX_LENGTH, MAX_PARTY_SIZE } from "./booking-settings";
import type { PublicWords } from "./i18n/page-language";
import { fill } from "./i18n/text";
import { parseIsoDate } from "./opening-status";
import {
  CUSTOMER_NAME_MAX_LENGTH,
  HONEYPOT_FIELD,
  PHONE_MAX_LENGTH,
  PLACE_KEY_PATTERN,
} from "./order-form";
import { z } from "./zod";

/** The longest email address SMTP carries. */
export const BOOKING_EMAIL_MAX_LENGTH = 254;

function buildBookingFormSchema(words: PublicWords) {
  const nameTooLong = fill(words.nameTooLong, { max: CUSTOMER_NAME_MAX_LENGTH });
  const noteTooLong = fill(words.bookingNoteTooLong, { max: BOOKING_NOTE_MAX_LENGTH });
  return z.object({
    placeKey: z
      .string({ error: words.bookingFormExpired })
      .regex(PLACE_KEY_PATTERN, { error: words.bookingFormExpired }),
    party: z
      .string({ error: words.bookingRefusedPartySize })
      .regex(/^\d{1,3}$/, { error: words.bookingRefusedPartySize })
      .transform(Number)
      .refine((party) => party >= 1 && party <= MAX_PARTY_SIZE, {
        error: words.bookingRefusedPartySize,
      }),
    date: z.string({ error: words.dateInvalid }).transform((text, context) => {
      const date = parseIsoDate(text);
      if (!date) {
        context.addIssue({ code: "custom", message: words.dateInvalid });
        return z.NEVER;
      }
      return date;
    }),
    // The chosen time's start, ms since the epoch: one of the radio buttons' values.
    time: z
      .string({ error: words.chooseATime })
      .regex(/^\d{10,15}$/, { error: words.chooseATime })
      .transform(Number),
    name: z
      .string({ error: words.enterName })
      .trim()
      .min(1, { error: words.enterName })
      .max(CUSTOMER_NAME_MAX_LENGTH, { error: nameTooLong }),
    phone: z
      .string({ error: words.enterPhone })
      .trim()
      .min(1, { error: words.enterPhone })
      .max(PHONE_MAX_LENGTH, { error: words.phoneInvalid })
      .regex(/^\+?[0-9 ()./-]{5,}$/, { error: words.phoneInvalid })
      .refine((value) => (value.match(/\d/g) ?? []).length >= 5, { error: words.phoneInvalid }),
    // Required: the confirmation and the way to cancel are sent there.
    email: z
      .string({ error: words.emailRequired })
      .trim()
      .min(1, { error: words.emailRequired })
      .max(BOOKING_EMAIL_MAX_LENGTH, { error: words.emailRequired })
      .pipe(z.email({ error: words.emailRequired })),
    note: z
      .string()
      .trim()
      .max(BOOKING_NOTE_MAX_LENGTH, { error: noteTooLong })
      .optional()
      .transform((value) => value ?? ""),
    [HONEYPOT_FIELD]: z.string().max(200).optional(),
  });
}

const schemas = new WeakMap<PublicWords, ReturnType<typeof buildBookingFormSchema>>();

/** "Book table", refused in the page's words (`page.words`). Built once per language. */
export function bookingFormSchema(words: PublicWords) {
  let schema = schemas.get(words);
  if (!schema) {
    schema = buildBookingFormSchema(words);
    schemas.set(words, schema);
  }
  return schema;
}

export type BookingFormInput = z.output<ReturnType<typeof buildBookingFormSchema>>;

/** The form's fields, in the order the page shows them: the first one wrong gets the focus. */
export const BOOKING_FORM_FIELDS = [
  "party",
  "date",
  "time",
  "name",
  "phone",
  "email",
  "note",
] as const;
export type BookingFormField = (typeof BOOKING_FORM_FIELDS)[number];
