import { describe, expect, it } from "vitest";
import { bookingFormSchema } from "./booking-form-schema";
import { BOOKING_NOTE_MAX_LENGTH } from "./booking-settings";
import { pageLanguage } from "./i18n/catalogues";
import { fill } from "./i18n/text";

const { words } = pageLanguage("en");
const schema = bookingFormSchema(words);

const VALID = {
  placeKey: "abcdefghijklmnopqrstuvwx",
  party: "4",
  date: "2026-12-07",
  time: String(Date.UTC(2026, 11, 8, 0, 0)),
  name: "  Grace Hopper ",
  phone: "+1 555 0199",
  email: "grace@example.com",
  note: "",
  website: "",
};

/** The first message for each field the schema refuses. */
function refusals(input: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe("the booking form's schema", () => {
  it("reads a filled form: numbers, the day and trimmed texts", () => {
    const parsed = schema.parse(VALID);
    expect(parsed).toMatchObject({
      party: 4,
      date: { year: 2026, month: 12, day: 7 },
      time: Date.UTC(2026, 11, 8, 0, 0),
      name: "Grace Hopper",
      email: "grace@example.com",
      note: "",
    });
    expect(schema.parse({ ...VALID, note: undefined }).note).toBe("");
  });

  it("requires the name, the phone and the email, in the page's words", () => {
    expect(refusals({ ...VALID, name: " ", phone: "", email: "" })).toEqual({
      name: words.enterName,
      phone: words.enterPhone,
      email: words.emailRequired,
    });
    expect(refusals({ ...VALID, email: "not-an-address" })).toEqual({ email: words.emailRequired });
    expect(refusals({ ...VALID, phone: "call me" })).toEqual({ phone: words.phoneInvalid });
  });

  it("refuses a time, a day or a party that the form never offers", () => {
    expect(refusals({ ...VALID, time: undefined })).toEqual({ time: words.chooseATime });
    expect(refusals({ ...VALID, time: "7pm" })).toEqual({ time: words.chooseATime });
    expect(refusals({ ...VALID, date: "2026-02-30" })).toEqual({ date: words.dateInvalid });
    expect(refusals({ ...VALID, date: "tomorrow" })).toEqual({ date: words.dateInvalid });
    expect(refusals({ ...VALID, party: "0" })).toEqual({ party: words.bookingRefusedPartySize });
    expect(refusals({ ...VALID, party: "many" })).toEqual({ party: words.bookingRefusedPartySize });
  });

  it("keeps the note under its limit", () => {
    expect(refusals({ ...VALID, note: "x".repeat(BOOKING_NOTE_MAX_LENGTH) })).toEqual({});
    expect(refusals({ ...VALID, note: "x".repeat(BOOKING_NOTE_MAX_LENGTH + 1) })).toEqual({
      note: fill(words.bookingNoteTooLong, { max: BOOKING_NOTE_MAX_LENGTH }),
    });
  });

  it("refuses a form without its key as expired", () => {
    expect(refusals({ ...VALID, placeKey: "short" })).toEqual({
      placeKey: words.bookingFormExpired,
    });
  });

  it("speaks the page's language", () => {
    const spanish = pageLanguage("es").words;
    const result = bookingFormSchema(spanish).safeParse({ ...VALID, email: "" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(spanish.emailRequired);
  });
});
