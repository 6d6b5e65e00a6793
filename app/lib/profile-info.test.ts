import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import { safeHttpUrl } from "./profile-info";
import { profileInfoSchema, toProfileInfo } from "./profile-info-schema";

describe("safeHttpUrl", () => {
  it.each([
    ["https://cdn.example.com/logo.png", "https://cdn.example.com/logo.png"],
    [" http://example.com/a b.jpg ", "http://example.com/a%20b.jpg"],
  ])("keeps %j", (input, output) => expect(safeHttpUrl(input)).toBe(output));

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:image/png;base64,AAAA",
    "/relative.png",
    "ftp://x/y",
    "",
    "https://" + "a".repeat(3000),
  ])("refuses %j", (input) => expect(safeHttpUrl(input)).toBeNull());
});

describe("profileInfoSchema", () => {
  const base = { name: "Bayside Motors" };

  it("refuses a javascript: logo URL with a clear message", () => {
    const result = profileInfoSchema.safeParse({ ...base, logoUrl: "javascript:alert(1)" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["logoUrl", MESSAGES.httpUrlOnly],
    ]);
  });

  it("requires a name and checks the email format", () => {
    const result = profileInfoSchema.safeParse({ name: " ", email: "nope" });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(
      [MESSAGES.nameRequired, MESSAGES.emailInvalid].sort(),
    );
  });

  it("normalises hours and colors, and says which colors fell back", () => {
    const parsed = profileInfoSchema.parse({
      ...base,
      colors: { primary: "fff", secondary: "not a color", text: "" },
      hours: [
        { open: "9:00 AM", close: "5:00 PM" },
        { open: "Closed", close: "6:00 PM" },
        { open: "bogus", close: "" },
      ],
    });
    const { info, colorsFellBack } = toProfileInfo(parsed);
    expect(info.colors).toEqual({ primary: "#ffffff", secondary: "#6b6b6b", text: "#000000" });
    expect(colorsFellBack).toEqual(["secondary"]);
    expect(info.hours).toHaveLength(7);
    expect(info.hours[0]).toEqual({ day: "Monday", open: "9:00 AM", close: "5:00 PM" });
    expect(info.hours[1]).toEqual({ day: "Tuesday", open: "Closed", close: "Closed" });
    expect(info.hours[2]).toEqual({ day: "Wednesday", open: "Closed", close: "Closed" });
    expect(info.hours[6]).toEqual({ day: "Sunday", open: "Closed", close: "Closed" });
  });

  it("reads each day against what the form showed: the side chosen wins", () => {
    const closed = { shownOpen: "Closed", shownClose: "Closed" };
    const nineToFive = { shownOpen: "9:00 AM", shownClose: "5:00 PM" };
    const parsed = profileInfoSchema.parse({
      ...base,
      hours: [
        // Without JavaScript: a time beside the Closed that was shown.
        { open: "9:00 AM", close: "Closed", ...closed },
        { open: "Closed", close: "5:30 PM", ...closed },
        // Closed chosen beside a time.
        { open: "Closed", close: "5:00 PM", ...nineToFive },
        // Both chosen.
        { open: "10:00 AM", close: "4:00 PM", ...closed },
        // Kept to the rule by the page's script already.
        { open: "9:00 AM", close: "", ...closed },
        // What was shown is not a value of the form: read as before, Closed wins.
        { open: "9:00 AM", close: "Closed", shownOpen: "nine", shownClose: "Closed" },
        // An older form, without what it showed.
        { open: "9:00 AM", close: "Closed" },
      ],
    });
    expect(toProfileInfo(parsed).info.hours).toEqual([
      { day: "Monday", open: "9:00 AM", close: "" },
      { day: "Tuesday", open: "", close: "5:30 PM" },
      { day: "Wednesday", open: "Closed", close: "Closed" },
      { day: "Thursday", open: "10:00 AM", close: "4:00 PM" },
      { day: "Friday", open: "9:00 AM", close: "" },
      { day: "Saturday", open: "Closed", close: "Closed" },
      { day: "Sunday", open: "Closed", close: "Closed" },
    ]);
  });
});
