import { ENGLISH } from "~/lib/i18n/page-language";
import { describe, expect, it } from "vitest";
import { schedule, week, withDays } from "../../tests/support/schedules";
import { CLOSED, type SpecialHours } from "./hours";
import { openingFacts, type OpeningSchedule } from "./opening-status";

const at = (iso: string) => new Date(iso);
const statusText = (s: OpeningSchedule, iso: string) =>
  openingFacts(s, at(iso), ENGLISH).status?.text;

describe("openingFacts: a regular week", () => {
  // Wednesday 25 November 2026, New York is on EST (UTC-5).
  const lunchToLate = schedule(week("11:00 AM", "10:00 PM"));

  it("is open, and says until when, between opening and the last hour", () => {
    const facts = openingFacts(lunchToLate, at("2026-11-25T20:00:00Z"), ENGLISH); // 3:00 PM
    expect(facts.status).toEqual({ tone: "open", text: "Open now · until 10:00 PM" });
    expect(facts.today).toBe("Wednesday");
    // The next change is "Closing soon" at 9:00 PM local.
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-26T02:00:00.000Z");
  });

  it("says closing soon in the last hour, and changes at closing", () => {
    const facts = openingFacts(lunchToLate, at("2026-11-26T02:30:00Z"), ENGLISH); // 9:30 PM
    expect(facts.status).toEqual({ tone: "closing-soon", text: "Closing soon · until 10:00 PM" });
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-26T03:00:00.000Z");
  });

  it("after closing names tomorrow's opening and changes at midnight", () => {
    const facts = openingFacts(lunchToLate, at("2026-11-26T04:00:00Z"), ENGLISH); // 11:00 PM
    expect(facts.status).toEqual({ tone: "closed", text: "Closed · opens tomorrow at 11:00 AM" });
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-26T05:00:00.000Z");
  });

  it("before opening names today's opening and changes then", () => {
    const facts = openingFacts(lunchToLate, at("2026-11-25T14:00:00Z"), ENGLISH); // 9:00 AM
    expect(facts.status?.text).toBe("Closed · opens today at 11:00 AM");
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-25T16:00:00.000Z");
  });

  it("is exactly open at the opening minute and closed at the closing minute", () => {
    expect(statusText(lunchToLate, "2026-11-25T16:00:00Z")).toBe("Open now · until 10:00 PM");
    expect(statusText(lunchToLate, "2026-11-26T03:00:00Z")).toBe(
      "Closed · opens tomorrow at 11:00 AM",
    );
  });

  it("skips closed days and names the weekday of the next opening", () => {
    const weekdaysOnly = schedule(
      withDays(week("9:00 AM", "5:00 PM"), {
        Saturday: [CLOSED, CLOSED],
        Sunday: [CLOSED, CLOSED],
      }),
    );
    // Friday 27 November, 6:00 PM.
    expect(statusText(weekdaysOnly, "2026-11-27T23:00:00Z")).toBe(
      "Closed · opens Monday at 9:00 AM",
    );
  });
});

describe("openingFacts: hours past midnight", () => {
  const nights = schedule(
    withDays(week(CLOSED, CLOSED), {
      Friday: ["6:00 PM", "2:00 AM"],
      Saturday: ["6:00 PM", "2:00 AM"],
    }),
  );

  it("is open late on Friday until 2:00 AM", () => {
    expect(statusText(nights, "2026-11-28T04:00:00Z")).toBe("Open now · until 2:00 AM"); // Fri 11 PM
  });

  it("is still open after midnight, on Saturday's date", () => {
    const facts = openingFacts(nights, at("2026-11-28T05:30:00Z"), ENGLISH); // Sat 12:30 AM
    expect(facts.today).toBe("Saturday");
    expect(facts.status?.text).toBe("Open now · until 2:00 AM");
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-28T06:00:00.000Z");
  });

  it("closes at 2:00 AM and opens again that evening", () => {
    expect(statusText(nights, "2026-11-28T06:30:00Z")).toBe("Closing soon · until 2:00 AM");
    expect(statusText(nights, "2026-11-28T07:00:00Z")).toBe("Closed · opens today at 6:00 PM");
  });

  it("says Sunday's early hours are the end of Saturday night", () => {
    expect(statusText(nights, "2026-11-29T06:00:00Z")).toBe("Closing soon · until 2:00 AM");
    expect(statusText(nights, "2026-11-29T08:00:00Z")).toBe("Closed · opens Friday at 6:00 PM");
  });

  it("joins a day that closes at midnight with the next that opens at midnight", () => {
    const joined = schedule(
      withDays(week(CLOSED, CLOSED), {
        Friday: ["8:00 PM", "12:00 AM"],
        Saturday: ["12:00 AM", "3:00 AM"],
      }),
    );
    expect(statusText(joined, "2026-11-28T03:00:00Z")).toBe("Open now · until 3:00 AM"); // Fri 10 PM
  });
});

describe("openingFacts: time zones", () => {
  const nineToFive = week("9:00 AM", "5:00 PM");
  const instant = "2026-11-25T10:00:00Z";

  it("reads the same moment in each site's own zone", () => {
    expect(statusText(schedule(nineToFive, "Europe/Rome"), instant)).toBe(
      "Open now · until 5:00 PM",
    ); // 11:00
    expect(statusText(schedule(nineToFive, "Asia/Tokyo"), instant)).toBe(
      "Closed · opens tomorrow at 9:00 AM",
    ); // 19:00
    expect(statusText(schedule(nineToFive, "America/Los_Angeles"), instant)).toBe(
      "Closed · opens today at 9:00 AM",
    ); // 02:00
    expect(statusText(schedule(nineToFive, "Asia/Kolkata"), instant)).toBe(
      "Open now · until 5:00 PM",
    ); // 15:30
  });

  it("takes today's weekday from the site's zone, not the server's", () => {
    const facts = openingFacts(schedule(nineToFive, "Pacific/Auckland"), at(instant), ENGLISH);
    expect(facts.today).toBe("Wednesday"); // already 11 PM on Wednesday there
    expect(
      openingFacts(schedule(nineToFive, "Pacific/Kiritimati"), at(instant), ENGLISH).today,
    ).toBe("Thursday");
  });

  it("shows no status without a known zone", () => {
    for (const zone of ["", "Mars/Olympus_Mons"]) {
      expect(openingFacts(schedule(nineToFive, zone), at(instant), ENGLISH)).toEqual({
        status: null,
        today: null,
        upcomingSpecial: [],
        changesAt: null,
      });
    }
  });
});

describe("openingFacts: daylight saving", () => {
  it("counts the hour lost in spring: a night ending at 3:00 AM has 30 minutes left at 1:30", () => {
    // New York springs forward at 2:00 AM on Sunday 8 March 2026.
    const night = schedule(withDays(week(CLOSED, CLOSED), { Saturday: ["8:00 PM", "3:00 AM"] }));
    const facts = openingFacts(night, at("2026-03-08T06:30:00Z"), ENGLISH); // 1:30 AM EST
    expect(facts.status?.text).toBe("Closing soon · until 3:00 AM");
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-03-08T07:00:00.000Z"); // 3 AM EDT
  });

  it("changes at the local opening time on either side of the change", () => {
    const london = schedule(week("11:00 AM", "11:00 PM"), "Europe/London");
    // Before 29 March 2026 London is on GMT, after it on BST.
    const winter = openingFacts(london, at("2026-03-27T08:00:00Z"), ENGLISH);
    const summer = openingFacts(london, at("2026-03-30T08:00:00Z"), ENGLISH);
    expect(winter.status?.text).toBe("Closed · opens today at 11:00 AM");
    expect(new Date(winter.changesAt!).toISOString()).toBe("2026-03-27T11:00:00.000Z");
    expect(summer.status?.text).toBe("Closed · opens today at 11:00 AM");
    expect(new Date(summer.changesAt!).toISOString()).toBe("2026-03-30T10:00:00.000Z");
  });

  it("gets midnight right on the day the clocks go back", () => {
    // New York falls back on Sunday 1 November 2026: that day has 25 hours.
    const facts = openingFacts(
      schedule(
        week(CLOSED, CLOSED).map((row) => ({ ...row })),
        "America/New_York",
        [{ from: "2026-11-03", to: "2026-11-03", open: "9:00 AM", close: "5:00 PM", note: "" }],
      ),
      at("2026-11-01T12:00:00Z"), // 7:00 AM EST
      ENGLISH,
    );
    expect(facts.status?.text).toBe("Closed · opens Tuesday at 9:00 AM");
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });
});

describe("openingFacts: special days", () => {
  const everyDay = week("11:00 AM", "10:00 PM");
  const christmas: SpecialHours[] = [
    { from: "2026-12-24", to: "2026-12-24", open: "11:00 AM", close: "3:00 PM", note: "" },
    { from: "2026-12-25", to: "2026-12-26", open: CLOSED, close: CLOSED, note: "Christmas" },
  ];
  const site = schedule(everyDay, "America/New_York", christmas);

  it("keeps the special hours on their day instead of the week's", () => {
    expect(statusText(site, "2026-12-24T18:00:00Z")).toBe("Open now · until 3:00 PM"); // 1 PM
    expect(statusText(site, "2026-12-24T19:30:00Z")).toBe("Closing soon · until 3:00 PM");
  });

  it("skips closed special days to the next regular opening", () => {
    // Thursday 24 December, 4:00 PM: closed until Sunday the 27th.
    expect(statusText(site, "2026-12-24T21:00:00Z")).toBe("Closed · opens Sunday at 11:00 AM");
    expect(statusText(site, "2026-12-25T17:00:00Z")).toBe("Closed · opens Sunday at 11:00 AM");
  });

  it("lists the special days of the coming 14 days, with notes", () => {
    const facts = openingFacts(site, at("2026-12-15T17:00:00Z"), ENGLISH);
    expect(facts.upcomingSpecial).toEqual([
      { dates: "Thu, Dec 24", hours: "11:00 AM \u2013 3:00 PM", note: "", from: "2026-12-24" },
      {
        dates: "Fri, Dec 25 \u2013 Sat, Dec 26",
        hours: "Closed",
        note: "Christmas",
        from: "2026-12-25",
      },
    ]);
  });

  it("leaves out special days more than 13 days ahead, and those already over", () => {
    expect(openingFacts(site, at("2026-12-05T17:00:00Z"), ENGLISH).upcomingSpecial).toEqual([]);
    expect(
      openingFacts(site, at("2026-12-11T17:00:00Z"), ENGLISH).upcomingSpecial.map((s) => s.from),
    ).toEqual(["2026-12-24"]);
    expect(
      openingFacts(site, at("2026-12-26T17:00:00Z"), ENGLISH).upcomingSpecial.map((s) => s.from),
    ).toEqual(["2026-12-25"]);
    expect(openingFacts(site, at("2026-12-27T17:00:00Z"), ENGLISH).upcomingSpecial).toEqual([]);
  });

  it("can open a day the week keeps closed", () => {
    const closedMondays = schedule(
      withDays(everyDay, { Monday: [CLOSED, CLOSED] }),
      "America/New_York",
      [{ from: "2026-11-30", to: "2026-11-30", open: "5:00 PM", close: "9:00 PM", note: "" }],
    );
    expect(statusText(closedMondays, "2026-11-30T15:00:00Z")).toBe(
      "Closed · opens today at 5:00 PM",
    );
  });

  it("says just Closed when nothing opens within a month", () => {
    const away = schedule(everyDay, "America/New_York", [
      { from: "2026-11-20", to: "2027-02-10", open: CLOSED, close: CLOSED, note: "Renovation" },
    ]);
    const facts = openingFacts(away, at("2026-11-25T17:00:00Z"), ENGLISH);
    expect(facts.status).toEqual({ tone: "closed", text: "Closed" });
    expect(new Date(facts.changesAt!).toISOString()).toBe("2026-11-26T05:00:00.000Z");
  });

  it("names the date of an opening more than a week away", () => {
    const away = schedule(everyDay, "America/New_York", [
      { from: "2026-11-20", to: "2026-12-07", open: CLOSED, close: CLOSED, note: "" },
    ]);
    expect(statusText(away, "2026-11-25T17:00:00Z")).toBe("Closed · opens on Dec 8 at 11:00 AM");
  });
});

describe("openingFacts: unusual weeks", () => {
  it("shows no status and no hours for a site that keeps none", () => {
    const facts = openingFacts(schedule(week(CLOSED, CLOSED)), at("2026-11-25T17:00:00Z"), ENGLISH);
    expect(facts.status).toBeNull();
    expect(facts.today).toBe("Wednesday");
  });

  it("says open now, with no closing time, when open around the clock", () => {
    const always = schedule(week("12:00 AM", "12:00 AM"));
    const facts = openingFacts(always, at("2026-11-25T17:00:00Z"), ENGLISH);
    expect(facts.status).toEqual({ tone: "open", text: "Open now" });
  });

  it("ignores a day with only one side chosen", () => {
    const half = schedule(withDays(week(CLOSED, CLOSED), { Wednesday: ["9:00 AM", ""] }));
    expect(statusText(half, "2026-11-25T17:00:00Z")).toBe("Closed");
  });
});
