import { describe, expect, test } from "vitest";
import { schedule, week } from "../../tests/support/schedules";
import {
  bookingRefusal,
  bookingTimes,
  peakCovers,
  type BookingBook,
  type BookingRules,
  type HeldBooking,
} from "./booking-availability";
import { CLOSED, DAYS } from "./hours";
import { parseIsoDate, type LocalDate } from "./opening-status";

const MINUTE = 60_000;

/** The defaults the issue names: 30-minute times, 90-minute tables, last seating an hour before. */
const rules = (given: Partial<BookingRules> = {}): BookingRules => ({
  slotMinutes: 30,
  holdMinutes: 90,
  lastSeatingMinutes: 60,
  noticeMinutes: 120,
  daysAhead: 30,
  capacity: 20,
  maxPartySize: 8,
  ...given,
});

const EMPTY: BookingBook = { held: [], closures: [] };
const day = (iso: string): LocalDate => parseIsoDate(iso)!;
const ms = (iso: string) => Date.parse(iso);
const at = (iso: string) => new Date(iso);
const clock = (list: readonly { time: string }[]) => list.map((each) => each.time);

/** A restaurant in New York open 5:00 PM – 10:00 PM every day. */
const DINNER = schedule(week("5:00 PM", "10:00 PM"));
/** Thursday, 9:00 AM in New York. */
const THURSDAY_MORNING = at("2026-12-10T14:00:00Z");

describe("the times of a day", () => {
  test("run from opening to the last seating, on the slot grid", () => {
    const times = bookingTimes(DINNER, rules(), day("2026-12-11"), EMPTY, THURSDAY_MORNING);
    expect(clock(times)).toEqual([
      "5:00 PM",
      "5:30 PM",
      "6:00 PM",
      "6:30 PM",
      "7:00 PM",
      "7:30 PM",
      "8:00 PM",
      "8:30 PM",
      "9:00 PM",
    ]);
    expect(times[4]!.start).toBe(ms("2026-12-12T00:00:00Z"));
  });

  test("a last seating of zero allows any time before closing, and 15-minute times", () => {
    const times = bookingTimes(
      DINNER,
      rules({ slotMinutes: 15, lastSeatingMinutes: 0 }),
      day("2026-12-11"),
      EMPTY,
      THURSDAY_MORNING,
    );
    expect(clock(times).at(0)).toBe("5:00 PM");
    expect(clock(times).at(-1)).toBe("9:45 PM");
    expect(times).toHaveLength(20);
  });

  test("the notice takes away the times too soon, today and only today", () => {
    // Thursday 6:10 PM: two hours' notice leaves 8:30 PM and 9:00 PM.
    const evening = at("2026-12-10T23:10:00Z");
    expect(clock(bookingTimes(DINNER, rules(), day("2026-12-10"), EMPTY, evening))).toEqual([
      "8:30 PM",
      "9:00 PM",
    ]);
    expect(bookingTimes(DINNER, rules(), day("2026-12-11"), EMPTY, evening)).toHaveLength(9);
    // A notice longer than the evening left: nothing today.
    expect(
      bookingTimes(DINNER, rules({ noticeMinutes: 240 }), day("2026-12-10"), EMPTY, evening),
    ).toEqual([]);
  });

  test("the past and the days beyond the horizon offer nothing", () => {
    expect(bookingTimes(DINNER, rules(), day("2026-12-09"), EMPTY, THURSDAY_MORNING)).toEqual([]);
    const horizon = rules({ daysAhead: 30 });
    expect(bookingTimes(DINNER, horizon, day("2027-01-09"), EMPTY, THURSDAY_MORNING)).toHaveLength(
      9,
    );
    expect(bookingTimes(DINNER, horizon, day("2027-01-10"), EMPTY, THURSDAY_MORNING)).toEqual([]);
    const far = rules({ daysAhead: 90 });
    expect(bookingTimes(DINNER, far, day("2027-03-10"), EMPTY, THURSDAY_MORNING)).toHaveLength(9);
    expect(bookingTimes(DINNER, far, day("2027-03-11"), EMPTY, THURSDAY_MORNING)).toEqual([]);
  });

  test("a closed weekday and a special day marked Closed take no bookings", () => {
    const mondaysOff = schedule(
      DAYS.map((name) =>
        name === "Monday"
          ? { day: name, open: CLOSED, close: CLOSED }
          : { day: name, open: "5:00 PM", close: "10:00 PM" },
      ),
      "America/New_York",
      [{ from: "2026-12-24", to: "2026-12-25", open: CLOSED, close: CLOSED, note: "Holidays" }],
    );
    expect(bookingTimes(mondaysOff, rules(), day("2026-12-14"), EMPTY, THURSDAY_MORNING)).toEqual(
      [],
    );
    expect(bookingTimes(mondaysOff, rules(), day("2026-12-24"), EMPTY, THURSDAY_MORNING)).toEqual(
      [],
    );
    expect(bookingTimes(mondaysOff, rules(), day("2026-12-25"), EMPTY, THURSDAY_MORNING)).toEqual(
      [],
    );
    expect(
      bookingTimes(mondaysOff, rules(), day("2026-12-26"), EMPTY, THURSDAY_MORNING),
    ).toHaveLength(9);
  });

  test("special hours replace the day's own", () => {
    const lateFriday = schedule(week("5:00 PM", "10:00 PM"), "America/New_York", [
      { from: "2026-12-11", to: "2026-12-11", open: "7:00 PM", close: "11:00 PM", note: "" },
    ]);
    expect(
      clock(bookingTimes(lateFriday, rules(), day("2026-12-11"), EMPTY, THURSDAY_MORNING)),
    ).toEqual(["7:00 PM", "7:30 PM", "8:00 PM", "8:30 PM", "9:00 PM", "9:30 PM", "10:00 PM"]);
  });

  test("hours past midnight stay with the day they open on", () => {
    const late = schedule(week("8:00 PM", "2:00 AM"));
    const times = bookingTimes(late, rules(), day("2026-12-11"), EMPTY, THURSDAY_MORNING);
    expect(clock(times).slice(-3)).toEqual(["12:00 AM", "12:30 AM", "1:00 AM"]);
    // 12:30 AM of Friday's night is Saturday morning in New York.
    expect(times.at(-2)!.start).toBe(ms("2026-12-12T05:30:00Z"));
  });

  test("a booking closure takes away every time whose table would overlap it", () => {
    // A private event 8:00 PM – 10:00 PM on Friday: a 90-minute table must end by 8:00 PM.
    const book: BookingBook = {
      held: [],
      closures: [{ start: ms("2026-12-12T01:00:00Z"), end: ms("2026-12-12T03:00:00Z") }],
    };
    expect(clock(bookingTimes(DINNER, rules(), day("2026-12-11"), book, THURSDAY_MORNING))).toEqual(
      ["5:00 PM", "5:30 PM", "6:00 PM", "6:30 PM"],
    );
    // A whole-day closure leaves nothing.
    const wholeDay: BookingBook = {
      held: [],
      closures: [{ start: ms("2026-12-11T05:00:00Z"), end: ms("2026-12-12T05:00:00Z") }],
    };
    expect(bookingTimes(DINNER, rules(), day("2026-12-11"), wholeDay, THURSDAY_MORNING)).toEqual(
      [],
    );
  });
});

describe("daylight saving", () => {
  test("New York's spring night skips the hour that does not exist, and the times stay in order", () => {
    const allNight = schedule(week("12:00 AM", "12:00 AM"));
    // Sunday, March 14, 2027: 2:00 AM becomes 3:00 AM.
    const times = bookingTimes(
      allNight,
      rules({ lastSeatingMinutes: 0, noticeMinutes: 0 }),
      day("2027-03-14"),
      EMPTY,
      at("2027-03-10T12:00:00Z"),
    );
    expect(clock(times)).not.toContain("2:00 AM");
    expect(clock(times)).not.toContain("2:30 AM");
    expect(clock(times).slice(0, 5)).toEqual([
      "12:00 AM",
      "12:30 AM",
      "1:00 AM",
      "1:30 AM",
      "3:00 AM",
    ]);
    expect(times.slice(1).every((each, index) => each.start > times[index]!.start)).toBe(true);
  });

  test("Berlin's autumn night offers 2:30 AM once", () => {
    const allNight = schedule(week("12:00 AM", "12:00 AM"), "Europe/Berlin");
    // Sunday, October 31, 2027: 3:00 AM becomes 2:00 AM again.
    const times = bookingTimes(
      allNight,
      rules({ lastSeatingMinutes: 0, noticeMinutes: 0 }),
      day("2027-10-31"),
      EMPTY,
      at("2027-10-20T12:00:00Z"),
    );
    expect(clock(times).filter((time) => time === "2:30 AM")).toHaveLength(1);
    expect(times.find((each) => each.time === "2:30 AM")!.start).toBe(ms("2027-10-31T00:30:00Z"));
    // The evening's times are where Berlin's clocks say, an hour later in UTC than in summer.
    expect(times.find((each) => each.time === "7:00 PM")!.start).toBe(ms("2027-10-31T18:00:00Z"));
  });

  test("a table's hold across the change is real time: 90 minutes from 1:30 AM in New York's spring", () => {
    const allNight = schedule(week("12:00 AM", "12:00 AM"));
    const now = at("2027-03-10T12:00:00Z");
    const noLimits = rules({ lastSeatingMinutes: 0, noticeMinutes: 0, capacity: 4 });
    const halfPastOne = ms("2027-03-14T06:30:00Z");
    const book: BookingBook = {
      held: [{ start: halfPastOne, end: halfPastOne + 90 * MINUTE, covers: 4 }],
      closures: [],
    };
    const times = bookingTimes(allNight, noLimits, day("2027-03-14"), book, now, { forParty: 2 });
    // That table is held until 4:00 AM by the clock (2:00 AM – 3:00 AM does not exist): the
    // 12:00 AM table ends as it begins, and 3:00 AM and 3:30 AM would overlap it.
    expect(clock(times).slice(0, 3)).toEqual(["12:00 AM", "4:00 AM", "4:30 AM"]);
  });
});

describe("capacity", () => {
  const friday = day("2026-12-11");
  const seven = ms("2026-12-12T00:00:00Z");
  const booking = (startMinutes: number, covers: number, hold = 90): HeldBooking => ({
    start: seven + startMinutes * MINUTE,
    end: seven + (startMinutes + hold) * MINUTE,
    covers,
  });

  test("overlapping tables share the covers; one that has ended frees them", () => {
    const held = [booking(0, 10), booking(60, 6)];
    expect(peakCovers(held, { start: seven, end: seven + 90 * MINUTE })).toBe(16);
    expect(peakCovers(held, { start: seven + 90 * MINUTE, end: seven + 180 * MINUTE })).toBe(6);
    expect(peakCovers(held, { start: seven - 90 * MINUTE, end: seven })).toBe(0);
    expect(peakCovers(held, { start: seven + 150 * MINUTE, end: seven + 240 * MINUTE })).toBe(0);
  });

  test("a time is offered only when the party fits at every moment of its table", () => {
    const book: BookingBook = { held: [booking(0, 10), booking(60, 6)], closures: [] };
    const forFour = bookingTimes(DINNER, rules(), friday, book, THURSDAY_MORNING, { forParty: 4 });
    expect(clock(forFour)).toContain("7:00 PM");
    const forFive = bookingTimes(DINNER, rules(), friday, book, THURSDAY_MORNING, { forParty: 5 });
    // The 6:00 PM and 6:30 PM tables meet the 7:00 PM table's ten (6:30 PM's ends as the 8:00
    // PM table begins); 7:00 PM to 8:00 PM meet sixteen; 8:30 PM meets the 8:00 PM table's six.
    expect(clock(forFive)).toEqual([
      "5:00 PM",
      "5:30 PM",
      "6:00 PM",
      "6:30 PM",
      "8:30 PM",
      "9:00 PM",
    ]);
    // The owner's view lists every time, with the covers its table would meet.
    const all = bookingTimes(DINNER, rules(), friday, book, THURSDAY_MORNING);
    expect(all.map((each) => each.peakCovers)).toEqual([0, 0, 10, 10, 16, 16, 16, 6, 6]);
  });

  test("a party larger than what is left, or than the site takes online, is refused", () => {
    const book: BookingBook = { held: [booking(0, 18)], closures: [] };
    expect(bookingRefusal(DINNER, rules(), friday, seven, 3, book, THURSDAY_MORNING)).toBe("full");
    expect(bookingRefusal(DINNER, rules(), friday, seven, 2, book, THURSDAY_MORNING)).toBeNull();
    expect(bookingRefusal(DINNER, rules(), friday, seven, 9, EMPTY, THURSDAY_MORNING)).toBe(
      "party-size",
    );
    expect(bookingRefusal(DINNER, rules(), friday, seven, 0, EMPTY, THURSDAY_MORNING)).toBe(
      "party-size",
    );
    expect(bookingRefusal(DINNER, rules(), friday, seven, 2.5, EMPTY, THURSDAY_MORNING)).toBe(
      "party-size",
    );
    expect(bookingTimes(DINNER, rules(), friday, EMPTY, THURSDAY_MORNING, { forParty: 9 })).toEqual(
      [],
    );
  });
});

describe("a chosen time", () => {
  const friday = day("2026-12-11");

  test("says why it may not be booked", () => {
    const now = THURSDAY_MORNING;
    expect(bookingRefusal(DINNER, rules(), friday, ms("2026-12-12T00:10:00Z"), 2, EMPTY, now)).toBe(
      "not-a-time",
    );
    // 9:30 PM is after the last seating; 4:30 PM before opening.
    expect(bookingRefusal(DINNER, rules(), friday, ms("2026-12-12T02:30:00Z"), 2, EMPTY, now)).toBe(
      "not-a-time",
    );
    expect(bookingRefusal(DINNER, rules(), friday, ms("2026-12-11T21:30:00Z"), 2, EMPTY, now)).toBe(
      "not-a-time",
    );
    // A time of another day than the one named is not one of that day's.
    expect(
      bookingRefusal(DINNER, rules(), day("2026-12-12"), ms("2026-12-12T00:00:00Z"), 2, EMPTY, now),
    ).toBe("not-a-time");
    expect(
      bookingRefusal(
        DINNER,
        rules(),
        day("2026-12-10"),
        ms("2026-12-10T22:30:00Z"),
        2,
        EMPTY,
        at("2026-12-10T21:00:00Z"),
      ),
    ).toBe("too-soon");
    expect(
      bookingRefusal(
        DINNER,
        rules({ daysAhead: 1 }),
        friday,
        ms("2026-12-12T00:00:00Z"),
        2,
        EMPTY,
        at("2026-12-09T14:00:00Z"),
      ),
    ).toBe("too-far");
    const closed: BookingBook = {
      held: [],
      closures: [{ start: ms("2026-12-12T01:00:00Z"), end: ms("2026-12-12T03:00:00Z") }],
    };
    expect(
      bookingRefusal(DINNER, rules(), friday, ms("2026-12-12T00:00:00Z"), 2, closed, now),
    ).toBe("closed");
  });

  test("is accepted exactly when it is offered (random days, rules, books and moments)", () => {
    // A seeded generator, so that a failure names a case that can be run again.
    let seed = 20261205;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const zones = ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney"];
    const hours = [
      ["11:00 AM", "3:00 PM"],
      ["5:00 PM", "10:00 PM"],
      ["6:00 PM", "2:00 AM"],
      ["12:00 AM", "12:00 AM"],
    ] as const;
    const seen = new Map<string, number>();
    for (let run = 0; run < 150; run++) {
      const [open, close] = pick(hours);
      const site = schedule(week(open, close), pick(zones));
      const given = rules({
        slotMinutes: pick([15, 30]),
        holdMinutes: pick([60, 90, 120]),
        lastSeatingMinutes: pick([0, 30, 60]),
        noticeMinutes: pick([0, 60, 120]),
        daysAhead: pick([0, 1, 3]),
        capacity: pick([4, 8, 20]),
      });
      // Around the spring change in New York and Berlin, and plain days.
      const now = ms(
        pick(["2027-03-13T10:00:00Z", "2027-03-27T16:00:00Z", "2026-12-10T14:00:00Z"]),
      );
      const date = new Date(now + Math.floor(random() * 5) * 86_400_000);
      const localDay = day(date.toISOString().slice(0, 10));
      const held: HeldBooking[] = Array.from({ length: Math.floor(random() * 6) }, () => {
        const start = now + Math.floor(random() * 5 * 96) * 15 * MINUTE;
        return {
          start,
          end: start + given.holdMinutes * MINUTE,
          covers: 1 + Math.floor(random() * 6),
        };
      });
      const book: BookingBook = { held, closures: [] };
      const party = 1 + Math.floor(random() * 8);
      const offered = new Set(
        bookingTimes(site, given, localDay, book, new Date(now), { forParty: party }).map(
          (each) => each.start,
        ),
      );
      const every = bookingTimes(
        site,
        { ...given, noticeMinutes: -1e6, daysAhead: 1e6, capacity: 1e6 },
        localDay,
        EMPTY,
        new Date(now),
      );
      for (const candidate of every) {
        const refusal = bookingRefusal(
          site,
          given,
          localDay,
          candidate.start,
          party,
          book,
          new Date(now),
        );
        seen.set(refusal ?? "accepted", (seen.get(refusal ?? "accepted") ?? 0) + 1);
        expect(refusal === null, `run ${run}, ${candidate.time}: ${refusal}`).toBe(
          offered.has(candidate.start),
        );
      }
    }
    // The cases reached every answer, not only the easy ones.
    expect([...seen.keys()].sort()).toEqual(["accepted", "full", "too-far", "too-soon"]);
  });
});
