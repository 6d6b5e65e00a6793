import { ENGLISH, fill } from "~/lib/i18n/page-language";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { describe, expect, test } from "vitest";
import { schedule, week, withDays } from "../../tests/support/schedules";
import { CLOSED, DAYS, TIME_CHOICES, type SpecialHours } from "./hours";
import { shortDateText } from "./i18n/formats";
import { openingFacts, parseIsoDate } from "./opening-status";
import {
  orderSlots,
  orderingStatus,
  slotRefusal,
  type OrderSlot,
  type OrderingPause,
  type SlotRules,
} from "./order-slots";
import { SLOT_LENGTHS } from "./order-settings";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const special = (from: string, to: string, open: string, close: string): SpecialHours => ({
  from,
  to,
  open,
  close,
  note: "",
});

const rules = (given: Partial<SlotRules> = {}): SlotRules => ({
  leadMinutes: 0,
  slotMinutes: 15,
  daysAhead: 0,
  ...given,
});

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);
const isoOf = (moment: number | null) => (moment === null ? null : new Date(moment).toISOString());
const times = (slots: readonly OrderSlot[]) => slots.map((slot) => slot.time);
/** Real minutes between one slot and the next. */
const gaps = (slots: readonly OrderSlot[]) =>
  slots.slice(1).map((slot, index) => (slot.start - slots[index]!.start) / MINUTE);
const increasing = (slots: readonly OrderSlot[]) => gaps(slots).every((gap) => gap > 0);

/** The wall clock at a moment in a zone, read independently through Intl. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallClock(moment: number, timeZone: string): { date: string; time: string } {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    wallFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(moment)).map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
  };
}

/** A small seeded generator, so a failing case can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

// Wednesday 25 November 2026; New York is on EST (UTC-5).
const lunchToLate = schedule(week("11:00 AM", "10:00 PM"));
const nights = schedule(
  withDays(week(CLOSED, CLOSED), {
    Friday: ["6:00 PM", "2:00 AM"],
    Saturday: ["6:00 PM", "2:00 AM"],
  }),
);

describe("orderSlots: the grid", () => {
  test("starts at opening and keeps to the slot length until the last slot before closing", () => {
    const slots = orderSlots(lunchToLate, rules(), at("2026-11-25T13:00:00Z")); // 8:00 AM
    expect(slots[0]).toEqual({
      start: ms("2026-11-25T16:00:00Z"),
      date: "2026-11-25",
      time: "11:00 AM",
      label: "Today, 11:00 AM",
    });
    expect(slots.at(-1)).toEqual({
      start: ms("2026-11-26T02:45:00Z"),
      date: "2026-11-25",
      time: "9:45 PM",
      label: "Today, 9:45 PM",
    });
    expect(slots).toHaveLength(44);
    expect(new Set(gaps(slots))).toEqual(new Set([15]));
  });

  test("offers a slot starting at 9:45 PM for a 10:00 PM close, and none at 10:00 PM", () => {
    const now = at("2026-11-25T13:00:00Z");
    expect(slotRefusal(lunchToLate, rules(), ms("2026-11-26T02:45:00Z"), now)).toBeNull();
    expect(slotRefusal(lunchToLate, rules(), ms("2026-11-26T03:00:00Z"), now)).toBe("closed");
  });

  test("starts at the first grid time at least the lead time away: 5:50 PM plus 20 minutes gives 6:15 PM", () => {
    const slots = orderSlots(lunchToLate, rules({ leadMinutes: 20 }), at("2026-11-25T22:50:00Z"));
    expect(slots[0]).toMatchObject({ time: "6:15 PM", label: "Today, 6:15 PM" });
    expect(isoOf(slots[0]!.start)).toBe("2026-11-25T23:15:00.000Z");
  });

  test("keeps a slot exactly the lead time away, and drops it a millisecond later", () => {
    const lead = rules({ leadMinutes: 20 });
    expect(orderSlots(lunchToLate, lead, at("2026-11-25T22:55:00.000Z"))[0]?.time).toBe("6:15 PM");
    expect(orderSlots(lunchToLate, lead, at("2026-11-25T22:55:00.001Z"))[0]?.time).toBe("6:30 PM");
  });

  test("with no lead time offers the slot starting now, and not one begun seconds ago", () => {
    expect(orderSlots(lunchToLate, rules(), at("2026-11-25T23:15:00Z"))[0]?.time).toBe("6:15 PM");
    expect(orderSlots(lunchToLate, rules(), at("2026-11-25T23:15:30Z"))[0]?.time).toBe("6:30 PM");
  });

  test("before opening offers the opening itself, unless the lead time reaches past it", () => {
    const thirty = rules({ leadMinutes: 30 });
    expect(orderSlots(lunchToLate, thirty, at("2026-11-25T14:00:00Z"))[0]?.time).toBe("11:00 AM");
    const twenty = rules({ leadMinutes: 20 });
    expect(orderSlots(lunchToLate, twenty, at("2026-11-25T15:50:00Z"))[0]?.time).toBe("11:15 AM");
  });

  test("lays longer slots from the opening time, not from the hour", () => {
    const lunch = schedule(week("11:30 AM", "2:00 PM"));
    const now = at("2026-11-25T13:00:00Z");
    expect(times(orderSlots(lunch, rules({ slotMinutes: 60 }), now))).toEqual([
      "11:30 AM",
      "12:30 PM",
      "1:30 PM",
    ]);
    const twenty = orderSlots(
      schedule(week("11:00 AM", "2:30 PM")),
      rules({ slotMinutes: 20 }),
      now,
    );
    expect(times(twenty).slice(-3)).toEqual(["1:40 PM", "2:00 PM", "2:20 PM"]);
    expect(twenty).toHaveLength(11);
  });

  test("offers one slot when the hours are shorter than a slot", () => {
    const short = schedule(week("11:00 AM", "11:30 AM"));
    const slots = orderSlots(short, rules({ slotMinutes: 60 }), at("2026-11-25T13:00:00Z"));
    expect(times(slots)).toEqual(["11:00 AM"]);
  });

  test("offers nothing after closing when only today may be chosen", () => {
    expect(orderSlots(lunchToLate, rules(), at("2026-11-26T04:00:00Z"))).toEqual([]); // 11 PM
  });

  test("adds tomorrow's slots with one day ahead, named Tomorrow", () => {
    const slots = orderSlots(lunchToLate, rules({ daysAhead: 1 }), at("2026-11-25T13:00:00Z"));
    expect(slots).toHaveLength(88);
    expect(slots[44]).toEqual({
      start: ms("2026-11-26T16:00:00Z"),
      date: "2026-11-26",
      time: "11:00 AM",
      label: "Tomorrow, 11:00 AM",
    });
  });

  test("names later days by date, up to seven days ahead", () => {
    const slots = orderSlots(lunchToLate, rules({ daysAhead: 7 }), at("2026-11-25T13:00:00Z"));
    expect(slots).toHaveLength(8 * 44);
    expect([...new Set(slots.map((slot) => slot.date))]).toEqual([
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
    ]);
    expect(slots.find((slot) => slot.date === "2026-11-28")?.label).toBe("Sat, Nov 28, 11:00 AM");
    expect(slots.at(-1)?.label).toBe("Wed, Dec 2, 9:45 PM");
  });

  test("lists at most 500 slots, or the limit given", () => {
    const always = schedule(week("12:00 AM", "12:00 AM"));
    const five = rules({ slotMinutes: 5, daysAhead: 7 });
    const now = at("2026-11-25T13:00:00Z");
    const slots = orderSlots(always, five, now);
    expect(slots).toHaveLength(500);
    expect(new Set(gaps(slots))).toEqual(new Set([5]));
    expect(orderSlots(always, five, now, Infinity)).toHaveLength(2304 - 8 * 12);
    expect(orderSlots(always, five, now, 3)).toEqual(slots.slice(0, 3));
    expect(orderSlots(always, five, now, 0)).toEqual([]);
  });

  test("skips the days the site is closed", () => {
    const weekdays = schedule(
      withDays(week("9:00 AM", "5:00 PM"), {
        Saturday: [CLOSED, CLOSED],
        Sunday: [CLOSED, CLOSED],
      }),
    );
    // Friday 27 November, 6:00 PM, three days ahead: only Monday is open.
    const slots = orderSlots(weekdays, rules({ daysAhead: 3 }), at("2026-11-27T23:00:00Z"));
    expect(slots[0]?.label).toBe("Mon, Nov 30, 9:00 AM");
    expect(new Set(slots.map((slot) => slot.date))).toEqual(new Set(["2026-11-30"]));
  });

  test("brings rules out of range back into it", () => {
    const now = at("2026-11-25T13:00:00Z");
    const odd = orderSlots(lunchToLate, rules({ slotMinutes: 7 }), now);
    expect(times(odd).slice(0, 2)).toEqual(["11:00 AM", "11:15 AM"]);
    const farLead = orderSlots(lunchToLate, rules({ leadMinutes: 1000 }), now);
    expect(farLead[0]?.time).toBe("12:00 PM"); // 8:00 AM plus 240 minutes
    expect(orderSlots(lunchToLate, rules({ daysAhead: 30 }), now)).toHaveLength(8 * 44);
    expect(orderSlots(lunchToLate, rules({ daysAhead: -2 }), now)).toHaveLength(44);
  });
});

describe("orderSlots: hours past midnight", () => {
  test("runs Friday night's grid to 1:45 AM, all of it Friday's", () => {
    const slots = orderSlots(nights, rules(), at("2026-11-27T22:00:00Z")); // Fri 5:00 PM
    expect(slots).toHaveLength(32);
    expect(new Set(slots.map((slot) => slot.date))).toEqual(new Set(["2026-11-27"]));
    expect(slots[0]?.label).toBe("Today, 6:00 PM");
    expect(slots.at(-1)).toEqual({
      start: ms("2026-11-28T06:45:00Z"),
      date: "2026-11-27",
      time: "1:45 AM",
      label: "Tomorrow, 1:45 AM",
    });
  });

  test("still offers last night's slots after midnight, with today's only today", () => {
    const slots = orderSlots(nights, rules(), at("2026-11-28T05:30:00Z")); // Sat 12:30 AM
    expect(slots[0]).toEqual({
      start: ms("2026-11-28T05:30:00Z"),
      date: "2026-11-27",
      time: "12:30 AM",
      label: "Today, 12:30 AM",
    });
    expect(slots.filter((slot) => slot.date === "2026-11-27")).toHaveLength(6);
    expect(slots.filter((slot) => slot.date === "2026-11-28")).toHaveLength(32);
    expect(slots[6]?.label).toBe("Today, 6:00 PM");
  });

  test("after last night's close with only today allowed, offers tonight and no more", () => {
    const slots = orderSlots(nights, rules(), at("2026-11-28T08:00:00Z")); // Sat 3:00 AM
    expect(slots[0]?.label).toBe("Today, 6:00 PM");
    expect(slots.at(-1)?.label).toBe("Tomorrow, 1:45 AM");
    // Sunday 1:00 AM: the end of Saturday night; Sunday itself is closed.
    const late = orderSlots(nights, rules({ daysAhead: 7 }), at("2026-11-29T06:00:00Z"));
    expect(times(late.slice(0, 4))).toEqual(["1:00 AM", "1:15 AM", "1:30 AM", "1:45 AM"]);
    expect(late[4]?.label).toBe("Fri, Dec 4, 6:00 PM");
  });

  test("runs a night that closes at midnight into a day that opens at midnight", () => {
    const joined = schedule(
      withDays(week(CLOSED, CLOSED), {
        Friday: ["8:00 PM", "12:00 AM"],
        Saturday: ["12:00 AM", "3:00 AM"],
      }),
    );
    const now = at("2026-11-28T04:30:00Z"); // Fri 11:30 PM
    expect(times(orderSlots(joined, rules(), now))).toEqual(["11:30 PM", "11:45 PM"]);
    const slots = orderSlots(joined, rules({ daysAhead: 1 }), now);
    expect(times(slots).slice(0, 4)).toEqual(["11:30 PM", "11:45 PM", "12:00 AM", "12:15 AM"]);
    expect(slots.map((slot) => slot.date).slice(1, 3)).toEqual(["2026-11-27", "2026-11-28"]);
    expect(new Set(gaps(slots))).toEqual(new Set([15]));
    expect(slots).toHaveLength(2 + 12);
  });

  test("where a day opens before last night closes, keeps last night's grid to its close, then the day's own", () => {
    const overlapping = schedule(
      withDays(week(CLOSED, CLOSED), {
        Friday: ["6:00 PM", "2:30 AM"],
        Saturday: ["1:00 AM", "11:00 PM"],
      }),
    );
    const now = at("2026-11-27T22:00:00Z"); // Fri 5:00 PM
    const hourly = orderSlots(overlapping, rules({ slotMinutes: 60, daysAhead: 1 }), now);
    const friday = hourly.filter((slot) => slot.date === "2026-11-27");
    const saturday = hourly.filter((slot) => slot.date === "2026-11-28");
    expect(times(friday)).toEqual([
      "6:00 PM",
      "7:00 PM",
      "8:00 PM",
      "9:00 PM",
      "10:00 PM",
      "11:00 PM",
      "12:00 AM",
      "1:00 AM",
      "2:00 AM",
    ]);
    expect(times(saturday).slice(0, 2)).toEqual(["3:00 AM", "4:00 AM"]);
    expect(saturday.at(-1)?.time).toBe("10:00 PM");
    expect(increasing(hourly)).toBe(true);

    const quarter = orderSlots(overlapping, rules({ daysAhead: 1 }), now);
    const handover = quarter.findIndex((slot) => slot.date === "2026-11-28");
    expect(times(quarter.slice(handover - 1, handover + 1))).toEqual(["2:15 AM", "2:30 AM"]);
    expect(new Set(gaps(quarter))).toEqual(new Set([15]));
  });

  test("treats close equal to open as a full day", () => {
    const always = schedule(week("12:00 AM", "12:00 AM"));
    const hourly = orderSlots(always, rules({ slotMinutes: 60 }), at("2026-11-25T05:00:00Z"));
    expect(hourly).toHaveLength(24);
    expect([hourly[0]?.time, hourly.at(-1)?.time]).toEqual(["12:00 AM", "11:00 PM"]);

    const nineToNine = schedule(week("9:00 AM", "9:00 AM"));
    const slots = orderSlots(nineToNine, rules({ slotMinutes: 60 }), at("2026-11-26T01:00:00Z"));
    expect(slots).toHaveLength(13); // Wed 8:00 PM – Thu 8:00 AM
    expect(slots[0]).toMatchObject({ label: "Today, 8:00 PM", date: "2026-11-25" });
    expect(slots.at(-1)).toMatchObject({ label: "Tomorrow, 8:00 AM", date: "2026-11-25" });
  });
});

describe("orderSlots: special days", () => {
  const christmas = [
    special("2026-12-24", "2026-12-24", "11:00 AM", "3:00 PM"),
    special("2026-12-25", "2026-12-26", CLOSED, CLOSED),
  ];
  const site = schedule(week("11:00 AM", "10:00 PM"), "America/New_York", christmas);

  test("keeps a special day's hours instead of the week's", () => {
    const slots = orderSlots(site, rules({ slotMinutes: 30 }), at("2026-12-24T14:00:00Z"));
    expect(times(slots)).toEqual([
      "11:00 AM",
      "11:30 AM",
      "12:00 PM",
      "12:30 PM",
      "1:00 PM",
      "1:30 PM",
      "2:00 PM",
      "2:30 PM",
    ]);
  });

  test("offers nothing on a special day that is closed", () => {
    const slots = orderSlots(site, rules({ daysAhead: 3 }), at("2026-12-24T14:00:00Z"));
    expect([...new Set(slots.map((slot) => slot.date))]).toEqual(["2026-12-24", "2026-12-27"]);
    expect(
      slotRefusal(
        site,
        rules({ daysAhead: 3 }),
        ms("2026-12-25T17:00:00Z"),
        at("2026-12-24T14:00:00Z"),
      ),
    ).toBe("closed");
  });

  test("opens a day the week keeps closed", () => {
    const closedMondays = schedule(
      withDays(week("11:00 AM", "10:00 PM"), { Monday: [CLOSED, CLOSED] }),
      "America/New_York",
      [special("2026-11-30", "2026-11-30", "5:00 PM", "7:00 PM")],
    );
    const slots = orderSlots(closedMondays, rules({ slotMinutes: 30 }), at("2026-11-30T15:00:00Z"));
    expect(times(slots)).toEqual(["5:00 PM", "5:30 PM", "6:00 PM", "6:30 PM"]);
  });

  test("keeps last night's late hours when the next day is a closed special day, as the open status does", () => {
    const closedSaturday = schedule(nights.hours, "America/New_York", [
      special("2026-11-28", "2026-11-28", CLOSED, CLOSED),
    ]);
    const slots = orderSlots(closedSaturday, rules({ daysAhead: 1 }), at("2026-11-28T04:00:00Z")); // Fri 11 PM
    expect(slots.at(-1)?.label).toBe("Tomorrow, 1:45 AM");
    expect(slots.every((slot) => slot.date === "2026-11-27")).toBe(true);
    expect(openingFacts(closedSaturday, at("2026-11-28T06:00:00Z"), ENGLISH).status?.text).toBe(
      "Closing soon · until 2:00 AM",
    );
  });
});

describe("orderSlots: time zones", () => {
  test("reads a Tokyo site's hours in Tokyo", () => {
    const tokyo = schedule(week("11:00 AM", "10:00 PM"), "Asia/Tokyo");
    const slots = orderSlots(tokyo, rules(), at("2026-11-25T10:00:00Z")); // 7:00 PM there
    expect(slots[0]).toEqual({
      start: ms("2026-11-25T10:00:00Z"),
      date: "2026-11-25",
      time: "7:00 PM",
      label: "Today, 7:00 PM",
    });
    expect(isoOf(slots.at(-1)!.start)).toBe("2026-11-25T12:45:00.000Z");
  });

  test("takes today from the site's zone: Auckland is already on Thursday", () => {
    const auckland = schedule(week("11:00 AM", "10:00 PM"), "Pacific/Auckland");
    const slots = orderSlots(auckland, rules(), at("2026-11-25T20:00:00Z")); // Thu 9:00 AM NZDT
    expect(slots[0]).toEqual({
      start: ms("2026-11-25T22:00:00Z"),
      date: "2026-11-26",
      time: "11:00 AM",
      label: "Today, 11:00 AM",
    });
  });

  test("keeps zones half an hour off the hour on the local grid", () => {
    const kolkata = schedule(week("9:00 AM", "5:00 PM"), "Asia/Kolkata");
    const slots = orderSlots(kolkata, rules(), at("2026-11-25T00:00:00Z"));
    expect(isoOf(slots[0]!.start)).toBe("2026-11-25T03:30:00.000Z");
    expect(slots[0]?.time).toBe("9:00 AM");
  });

  test("gives the same answers whatever the server's own zone", () => {
    const auckland = schedule(week("11:00 AM", "10:00 PM"), "Pacific/Auckland");
    const now = at("2026-11-25T20:00:00Z");
    const answers = () => ({
      slots: orderSlots(auckland, rules({ daysAhead: 2 }), now),
      status: orderingStatus(auckland, rules({ leadMinutes: 20 }), null, now),
      refusal: slotRefusal(auckland, rules(), ms("2026-11-25T22:00:00Z"), now),
    });
    const saved = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Kiritimati";
      const first = answers();
      const firstOffset = new Date(0).getTimezoneOffset();
      process.env.TZ = "America/Los_Angeles";
      const second = answers();
      expect(new Date(0).getTimezoneOffset()).not.toBe(firstOffset);
      expect(second).toEqual(first);
      expect(first.slots[0]?.label).toBe("Today, 11:00 AM");
      expect(first.refusal).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  test("offers nothing and takes no orders without a known zone", () => {
    for (const zone of ["", "Mars/Olympus_Mons"]) {
      const site = schedule(week("11:00 AM", "10:00 PM"), zone);
      const now = at("2026-11-25T13:00:00Z");
      expect(orderSlots(site, rules({ daysAhead: 7 }), now)).toEqual([]);
      expect(orderingStatus(site, rules(), null, now)).toEqual({
        accepting: false,
        text: "Not taking orders",
        firstSlot: null,
        changesAt: null,
      });
      expect(slotRefusal(site, rules(), ms("2026-11-25T16:00:00Z"), now)).toBe("closed");
    }
  });

  test("offers nothing and takes no orders for a site that keeps no hours", () => {
    const none = schedule(week(CLOSED, CLOSED));
    const now = at("2026-11-25T13:00:00Z");
    expect(orderSlots(none, rules({ daysAhead: 7 }), now)).toEqual([]);
    expect(orderingStatus(none, rules(), null, now)).toEqual({
      accepting: false,
      text: "Not taking orders",
      firstSlot: null,
      changesAt: null,
    });
  });
});

describe("orderSlots: daylight saving", () => {
  const overnight = schedule(withDays(week(CLOSED, CLOSED), { Saturday: ["8:00 PM", "4:00 AM"] }));
  const always = (zone: string) => schedule(week("12:00 AM", "12:00 AM"), zone);

  test("skips the wall-clock times lost in spring, without a short or doubled slot (New York)", () => {
    // New York springs forward at 2:00 AM on Sunday 8 March 2026.
    const slots = orderSlots(overnight, rules(), at("2026-03-08T00:00:00Z")); // Sat 7:00 PM
    expect(slots).toHaveLength(28);
    expect(times(slots).filter((time) => time.startsWith("2:"))).toEqual([]);
    const last = slots.findIndex((slot) => slot.time === "1:45 AM");
    expect(slots.slice(last, last + 2).map((slot) => [slot.time, isoOf(slot.start)])).toEqual([
      ["1:45 AM", "2026-03-08T06:45:00.000Z"],
      ["3:00 AM", "2026-03-08T07:00:00.000Z"],
    ]);
    expect(new Set(gaps(slots))).toEqual(new Set([15]));
    expect(new Set(slots.map((slot) => slot.date))).toEqual(new Set(["2026-03-07"]));
  });

  test("gives the spring-forward day 23 hours of slots (New York)", () => {
    const slots = orderSlots(
      always("America/New_York"),
      rules({ daysAhead: 1 }),
      at("2026-03-08T04:00:00Z"),
    );
    const sunday = slots.filter((slot) => slot.date === "2026-03-08");
    expect(sunday).toHaveLength(92);
    expect(new Set(gaps(sunday))).toEqual(new Set([15]));
    expect(sunday.every((slot) => slot.label.startsWith("Tomorrow, "))).toBe(true);
  });

  test("offers the hour repeated in autumn once, in time order, labelled as the clock reads (New York)", () => {
    // New York falls back at 2:00 AM on Sunday 1 November 2026: 1:00–1:59 AM happens twice.
    const slots = orderSlots(overnight, rules(), at("2026-10-31T23:00:00Z")); // Sat 7:00 PM
    expect(slots).toHaveLength(32);
    expect(new Set(times(slots)).size).toBe(32);
    expect(increasing(slots)).toBe(true);
    const around = slots.filter((slot) => /^(12:45|1:\d\d|2:00) AM$/.test(slot.time));
    expect(around.map((slot) => [slot.time, isoOf(slot.start)])).toEqual([
      ["12:45 AM", "2026-11-01T04:45:00.000Z"],
      ["1:00 AM", "2026-11-01T05:00:00.000Z"],
      ["1:15 AM", "2026-11-01T05:15:00.000Z"],
      ["1:30 AM", "2026-11-01T05:30:00.000Z"],
      ["1:45 AM", "2026-11-01T05:45:00.000Z"],
      ["2:00 AM", "2026-11-01T07:00:00.000Z"],
    ]);
    expect(gaps(slots).filter((gap) => gap !== 15)).toEqual([75]);
    for (const slot of slots) {
      const wall = wallClock(slot.start, "America/New_York");
      expect(slot.time).toBe(wall.time);
    }
  });

  test("refuses the second 1:15 AM of the night clocks go back, and takes the first", () => {
    const now = at("2026-10-31T23:00:00Z");
    expect(slotRefusal(overnight, rules(), ms("2026-11-01T05:15:00Z"), now)).toBeNull();
    expect(slotRefusal(overnight, rules(), ms("2026-11-01T06:15:00Z"), now)).toBe("not-a-slot");
  });

  test("skips 2:00 and 2:30 AM on the day Berlin springs forward", () => {
    // Berlin goes from 2:00 CET to 3:00 CEST on Sunday 29 March 2026 (01:00 UTC).
    const slots = orderSlots(
      always("Europe/Berlin"),
      rules({ slotMinutes: 30, daysAhead: 1 }),
      at("2026-03-28T11:00:00Z"),
    );
    const sunday = slots.filter((slot) => slot.date === "2026-03-29");
    expect(sunday).toHaveLength(46);
    expect(times(sunday).slice(2, 5)).toEqual(["1:00 AM", "1:30 AM", "3:00 AM"]);
    expect(isoOf(sunday[4]!.start)).toBe("2026-03-29T01:00:00.000Z");
    expect(new Set(gaps(slots))).toEqual(new Set([30]));
  });

  test("offers 2:00 and 2:30 AM once on the day Berlin falls back", () => {
    // Berlin goes from 3:00 CEST back to 2:00 CET on Sunday 25 October 2026 (01:00 UTC).
    const slots = orderSlots(
      always("Europe/Berlin"),
      rules({ slotMinutes: 30, daysAhead: 1 }),
      at("2026-10-24T11:00:00Z"),
    );
    const sunday = slots.filter((slot) => slot.date === "2026-10-25");
    expect(sunday).toHaveLength(48);
    expect(sunday.slice(4, 7).map((slot) => [slot.time, isoOf(slot.start)])).toEqual([
      ["2:00 AM", "2026-10-25T00:00:00.000Z"],
      ["2:30 AM", "2026-10-25T00:30:00.000Z"],
      ["3:00 AM", "2026-10-25T02:00:00.000Z"],
    ]);
    expect(gaps(slots).filter((gap) => gap !== 30)).toEqual([90]);
  });

  test("follows Lord Howe Island's half-hour change both ways", () => {
    const lordHowe = always("Australia/Lord_Howe");
    // 2:00 AM becomes 2:30 AM on Sunday 4 October 2026.
    const spring = orderSlots(lordHowe, rules({ daysAhead: 1 }), at("2026-10-03T03:00:00Z"));
    const springDay = spring.filter((slot) => slot.date === "2026-10-04");
    expect(springDay).toHaveLength(94);
    expect(times(springDay).slice(7, 9)).toEqual(["1:45 AM", "2:30 AM"]);
    expect(new Set(gaps(spring))).toEqual(new Set([15]));
    // 2:00 AM becomes 1:30 AM again on Sunday 5 April 2026.
    const autumn = orderSlots(lordHowe, rules({ daysAhead: 1 }), at("2026-04-04T03:00:00Z"));
    const autumnDay = autumn.filter((slot) => slot.date === "2026-04-05");
    expect(autumnDay).toHaveLength(96);
    expect(new Set(times(autumnDay)).size).toBe(96);
    expect(gaps(autumn).filter((gap) => gap !== 15)).toEqual([45]);
    for (const slot of [...spring, ...autumn]) {
      expect(slot.time).toBe(wallClock(slot.start, "Australia/Lord_Howe").time);
    }
  });

  test("starts Santiago's day at 1:00 AM when its midnight is skipped", () => {
    // Chile's clocks go from Saturday 5 September 2026, 24:00 to Sunday 1:00 AM.
    const santiago = always("America/Santiago");
    const slots = orderSlots(
      santiago,
      rules({ slotMinutes: 60, daysAhead: 1 }),
      at("2026-09-05T12:00:00Z"),
    );
    const sunday = slots.filter((slot) => slot.date === "2026-09-06");
    expect(sunday).toHaveLength(23);
    expect(sunday[0]).toMatchObject({ time: "1:00 AM", label: "Tomorrow, 1:00 AM" });
    expect(isoOf(sunday[0]!.start)).toBe("2026-09-06T04:00:00.000Z");
    expect(new Set(gaps(slots))).toEqual(new Set([60]));
  });

  test("keeps each slot's label and spacing right across the clock changes of several zones", () => {
    // Two days before a change, three days ahead, a slot every five minutes round the clock.
    const cases: Array<[string, string]> = [
      ["America/New_York", "2026-03-06T12:00:00Z"],
      ["America/New_York", "2026-10-30T12:00:00Z"],
      ["Europe/Berlin", "2026-03-27T12:00:00Z"],
      ["Europe/Berlin", "2026-10-23T12:00:00Z"],
      ["America/Santiago", "2026-04-03T12:00:00Z"],
      ["America/Santiago", "2026-09-04T12:00:00Z"],
      ["Pacific/Auckland", "2026-09-25T12:00:00Z"],
      ["America/St_Johns", "2026-10-30T12:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-03T12:00:00Z"],
    ];
    for (const [zone, now] of cases) {
      const slots = orderSlots(
        always(zone),
        rules({ slotMinutes: 5, daysAhead: 3 }),
        at(now),
        Infinity,
      );
      expect(slots.length, zone).toBeGreaterThan(3 * 280);
      expect(new Set(slots.map((slot) => `${slot.date} ${slot.time}`)).size, zone).toBe(
        slots.length,
      );
      const wrong: string[] = [];
      let previous: { start: number; offset: number } | null = null;
      for (const slot of slots) {
        const wall = wallClock(slot.start, zone);
        // Round the clock from midnight, each slot is its own calendar day's.
        if (slot.time !== wall.time || slot.date !== wall.date) {
          wrong.push(
            `${isoOf(slot.start)} is ${wall.date} ${wall.time}, not ${slot.date} ${slot.time}`,
          );
        }
        const offset = ms(`${wall.date}T00:00:00Z`) + wallMinutes(wall.time) * MINUTE - slot.start;
        // Five real minutes apart, and more only by as much as the clocks went back.
        const expected = previous && 5 * MINUTE + Math.max(0, previous.offset - offset);
        if (previous && slot.start - previous.start !== expected) {
          wrong.push(
            `${isoOf(slot.start)} comes ${(slot.start - previous.start) / MINUTE} minutes after the last`,
          );
        }
        previous = { start: slot.start, offset };
      }
      expect(wrong, zone).toEqual([]);
    }
  });
});

/** Minutes after midnight of "6:15 PM". */
function wallMinutes(time: string): number {
  const [clock, half] = time.split(" ");
  const [hours, minutes] = clock!.split(":").map(Number);
  return ((hours! % 12) + (half === "PM" ? 12 : 0)) * 60 + minutes!;
}

describe("slotRefusal", () => {
  const now = at("2026-11-25T22:50:00Z"); // Wed 5:50 PM
  const lead = rules({ leadMinutes: 20 });

  test("accepts every slot listed", () => {
    const slots = orderSlots(lunchToLate, rules({ leadMinutes: 20, daysAhead: 2 }), now);
    for (const slot of slots) {
      expect(
        slotRefusal(lunchToLate, rules({ leadMinutes: 20, daysAhead: 2 }), slot.start, now),
      ).toBeNull();
    }
  });

  test("refuses a moment within the hours but off the grid", () => {
    for (const moment of [
      "2026-11-25T23:22:00Z", // 6:22 PM
      "2026-11-25T23:15:30Z",
      "2026-11-25T23:15:00.001Z",
    ]) {
      expect(slotRefusal(lunchToLate, lead, ms(moment), now)).toBe("not-a-slot");
    }
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-25T23:15:00Z") + 0.5, now)).toBe(
      "not-a-slot",
    );
    expect(slotRefusal(lunchToLate, lead, Number.NaN, now)).toBe("not-a-slot");
    expect(slotRefusal(lunchToLate, lead, Infinity, now)).toBe("not-a-slot");
  });

  test("refuses slots within the lead time and slots gone by", () => {
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-25T23:00:00Z"), now)).toBe("too-soon"); // 6:00 PM
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-25T23:15:00Z"), now)).toBeNull(); // 6:15 PM
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-24T23:00:00Z"), now)).toBe("too-soon"); // yesterday
  });

  test("refuses slots beyond the days ahead", () => {
    const tomorrow = ms("2026-11-26T16:00:00Z");
    expect(slotRefusal(lunchToLate, lead, tomorrow, now)).toBe("too-far");
    expect(slotRefusal(lunchToLate, rules({ daysAhead: 1 }), tomorrow, now)).toBeNull();
    expect(slotRefusal(lunchToLate, rules({ daysAhead: 1 }), tomorrow + DAY, now)).toBe("too-far");
    // Thursday 25 November 2027, 11:00 AM; 3:00 AM that day is closed.
    expect(slotRefusal(lunchToLate, lead, ms("2027-11-25T16:00:00Z"), now)).toBe("too-far");
    expect(slotRefusal(lunchToLate, lead, ms("2027-11-25T08:00:00Z"), now)).toBe("closed");
  });

  test("refuses moments outside the hours", () => {
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-26T15:00:00Z"), now)).toBe("closed"); // 10 AM
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-26T03:00:00Z"), now)).toBe("closed"); // 10 PM
    expect(slotRefusal(lunchToLate, lead, ms("2026-11-26T03:07:00Z"), now)).toBe("closed");
  });

  test("says too soon rather than too far for a slot that is both", () => {
    const always = schedule(week("12:00 AM", "12:00 AM"));
    const late = at("2026-11-26T04:50:00Z"); // Wed 11:50 PM
    const midnight = ms("2026-11-26T05:00:00Z");
    expect(slotRefusal(always, rules({ leadMinutes: 60 }), midnight, late)).toBe("too-soon");
    expect(slotRefusal(always, rules(), midnight, late)).toBe("too-far");
  });

  test("accepts last night's slots after midnight with only today allowed", () => {
    const saturday = at("2026-11-28T05:30:00Z"); // Sat 12:30 AM
    expect(slotRefusal(nights, rules(), ms("2026-11-28T06:45:00Z"), saturday)).toBeNull();
    expect(slotRefusal(nights, rules(), ms("2026-11-28T07:00:00Z"), saturday)).toBe("closed");
  });
});

describe("orderingStatus", () => {
  const lead = rules({ leadMinutes: 20 });
  const fiveFifty = at("2026-11-25T22:50:00Z"); // Wed 5:50 PM
  const pausedUntil = (iso: string): OrderingPause => ({ until: ms(iso), indefinitely: false });

  test("takes orders, names the first pickup time, and changes when that time is no longer reachable", () => {
    const status = orderingStatus(lunchToLate, lead, null, fiveFifty);
    expect(status).toEqual({
      accepting: true,
      text: "Ordering open · pickup from 6:15 PM",
      firstSlot: ms("2026-11-25T23:15:00Z"),
      changesAt: ms("2026-11-25T22:55:00Z"),
    });
    expect(orderingStatus(lunchToLate, lead, null, at("2026-11-25T22:55:00Z")).text).toBe(
      "Ordering open · pickup from 6:15 PM",
    );
    expect(orderingStatus(lunchToLate, lead, null, at("2026-11-25T22:55:00.001Z")).text).toBe(
      "Ordering open · pickup from 6:30 PM",
    );
  });

  test("speaks the page's language, its times as the language writes them", () => {
    const spanish = pageLanguage("es");
    const status = orderingStatus(lunchToLate, lead, null, fiveFifty, spanish);
    expect(status.text).toBe(fill(spanish.words.orderingOpenPickupFrom, { time: "18:15" }));
    const tomorrow = orderingStatus(
      lunchToLate,
      rules({ leadMinutes: 20, daysAhead: 1 }),
      null,
      at("2026-11-26T04:00:00Z"),
      spanish,
    );
    const time = fill(spanish.words.timeTomorrow, { time: "11:00" });
    expect(tomorrow.text).toBe(fill(spanish.words.orderingOpenPickupFrom, { time }));
    const paused = orderingStatus(
      lunchToLate,
      lead,
      { until: null, indefinitely: true },
      fiveFifty,
      spanish,
    );
    expect(paused.text).toBe(spanish.words.notTakingOrders);
  });

  test("names tomorrow's first pickup, and changes at midnight when tomorrow becomes today", () => {
    const status = orderingStatus(
      lunchToLate,
      rules({ leadMinutes: 20, daysAhead: 1 }),
      null,
      at("2026-11-26T04:00:00Z"), // Wed 11:00 PM
    );
    expect(status).toEqual({
      accepting: true,
      text: "Ordering open · pickup from 11:00 AM tomorrow",
      firstSlot: ms("2026-11-26T16:00:00Z"),
      changesAt: ms("2026-11-26T05:00:00Z"),
    });
  });

  test("names a later first pickup by its date", () => {
    const away = schedule(week("11:00 AM", "10:00 PM"), "America/New_York", [
      special("2026-11-26", "2026-11-27", CLOSED, CLOSED),
    ]);
    const status = orderingStatus(away, rules({ daysAhead: 3 }), null, at("2026-11-26T04:00:00Z"));
    expect(status.text).toBe("Ordering open · pickup from Sat, Nov 28 at 11:00 AM");
    expect(isoOf(status.changesAt)).toBe("2026-11-26T05:00:00.000Z");
  });

  test("after the last slot of today, says orders open tomorrow and changes at midnight", () => {
    for (const now of ["2026-11-26T04:00:00Z", "2026-11-26T02:50:00Z"]) {
      // 11:00 PM, and 9:50 PM with only the 9:45 PM slot left, too soon.
      expect(orderingStatus(lunchToLate, lead, null, at(now))).toEqual({
        accepting: false,
        text: "Orders open tomorrow · pickup from 11:00 AM",
        firstSlot: null,
        changesAt: ms("2026-11-26T05:00:00Z"),
      });
    }
  });

  test("through a long closure, names the day the days ahead reach the reopening", () => {
    const away = schedule(week("11:00 AM", "10:00 PM"), "America/New_York", [
      special("2026-11-26", "2026-12-01", CLOSED, CLOSED),
    ]);
    const status = orderingStatus(away, rules({ daysAhead: 2 }), null, at("2026-11-26T04:00:00Z"));
    expect(status).toEqual({
      accepting: false,
      text: "Orders open Mon, Nov 30 · pickup from Wed, Dec 2 at 11:00 AM",
      firstSlot: null,
      changesAt: ms("2026-11-26T05:00:00Z"),
    });
  });

  test("says not taking orders when nothing opens within a month, and looks again at midnight", () => {
    const away = schedule(week("11:00 AM", "10:00 PM"), "America/New_York", [
      special("2026-11-20", "2027-02-10", CLOSED, CLOSED),
    ]);
    expect(orderingStatus(away, rules({ daysAhead: 7 }), null, fiveFifty)).toEqual({
      accepting: false,
      text: "Not taking orders",
      firstSlot: null,
      changesAt: ms("2026-11-26T05:00:00Z"),
    });
  });

  test("when paused until later today, says until when and changes then", () => {
    const status = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-25T23:30:00Z"),
      fiveFifty,
    );
    expect(status).toEqual({
      accepting: false,
      text: "Not taking orders until 6:30 PM",
      firstSlot: null,
      changesAt: ms("2026-11-25T23:30:00Z"),
    });
    const resumed = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-25T23:30:00Z"),
      at("2026-11-25T23:30:00Z"),
    );
    expect(resumed).toMatchObject({ accepting: true, text: "Ordering open · pickup from 7:00 PM" });
  });

  test("rounds a pause's end up to the minute it names", () => {
    const status = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-25T23:29:30Z"),
      fiveFifty,
    );
    expect(status.text).toBe("Not taking orders until 6:30 PM");
    expect(isoOf(status.changesAt)).toBe("2026-11-25T23:29:30.000Z");
  });

  test("when paused until tomorrow, says so and changes at midnight", () => {
    const status = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-26T14:00:00Z"),
      fiveFifty,
    );
    expect(status.text).toBe("Not taking orders until 9:00 AM tomorrow");
    expect(isoOf(status.changesAt)).toBe("2026-11-26T05:00:00.000Z");
    const later = orderingStatus(lunchToLate, lead, pausedUntil("2026-11-28T14:00:00Z"), fiveFifty);
    expect(later.text).toBe("Not taking orders until Sat, Nov 28 at 9:00 AM");
  });

  test("when a pause ends after the last slot, says when orders open instead", () => {
    const status = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-26T02:55:00Z"),
      fiveFifty,
    );
    expect(status).toEqual({
      accepting: false,
      text: "Orders open tomorrow · pickup from 11:00 AM",
      firstSlot: null,
      changesAt: ms("2026-11-26T05:00:00Z"),
    });
  });

  test("ignores a pause that has ended", () => {
    const status = orderingStatus(
      lunchToLate,
      lead,
      pausedUntil("2026-11-25T22:00:00Z"),
      fiveFifty,
    );
    expect(status.accepting).toBe(true);
    expect(
      orderingStatus(lunchToLate, lead, { until: null, indefinitely: false }, fiveFifty),
    ).toEqual(orderingStatus(lunchToLate, lead, null, fiveFifty));
  });

  test("when paused indefinitely, says not taking orders with nothing to wait for", () => {
    for (const until of [null, ms("2026-11-25T23:30:00Z")]) {
      expect(orderingStatus(lunchToLate, lead, { until, indefinitely: true }, fiveFifty)).toEqual({
        accepting: false,
        text: "Not taking orders",
        firstSlot: null,
        changesAt: null,
      });
    }
  });

  test("changes at the first moment of the next day even when its midnight is skipped (Santiago)", () => {
    const santiago = schedule(week("11:00 AM", "10:00 PM"), "America/Santiago");
    // Saturday 5 September 2026, 11:00 PM; Sunday begins at 1:00 AM.
    const status = orderingStatus(santiago, rules(), null, at("2026-09-06T03:00:00Z"));
    expect(status.text).toBe("Orders open tomorrow · pickup from 11:00 AM");
    expect(isoOf(status.changesAt)).toBe("2026-09-06T04:00:00.000Z");
  });
});

describe("properties over random sites, rules and moments", () => {
  const zones = [
    "America/New_York",
    "Europe/Berlin",
    "Australia/Lord_Howe",
    "America/Santiago",
    "Pacific/Auckland",
    "America/St_Johns",
    "Asia/Tokyo",
    "Asia/Kathmandu",
  ];
  /** Clock changes of 2026 and the moments around them are where slots go wrong. */
  const changes = [
    "2026-03-08T07:00:00Z",
    "2026-11-01T06:00:00Z",
    "2026-03-29T01:00:00Z",
    "2026-10-25T01:00:00Z",
    "2026-04-04T15:00:00Z",
    "2026-10-03T15:30:00Z",
    "2026-04-05T03:00:00Z",
    "2026-09-06T04:00:00Z",
    "2026-04-04T14:00:00Z",
    "2026-09-27T14:00:00Z",
    "2026-03-08T05:30:00Z",
    "2026-11-01T04:30:00Z",
  ].map(ms);
  const leads = [0, 5, 20, 45, 90, 240];

  function randomCase(seed: number) {
    const random = randomFrom(seed);
    const timeZone = random.pick(zones);
    const base =
      random.next() < 0.75
        ? random.pick(changes)
        : ms("2026-01-01T00:00:00Z") + random.int(365) * DAY;
    const now = new Date(
      base -
        4 * DAY +
        random.int(5 * 24 * 60) * MINUTE +
        (random.next() < 0.3 ? random.int(60_000) : 0),
    );
    const hours = DAYS.map((day) =>
      random.next() < 0.2
        ? { day, open: CLOSED, close: CLOSED }
        : { day, open: random.pick(TIME_CHOICES), close: random.pick(TIME_CHOICES) },
    );
    const specialHours: SpecialHours[] = [];
    if (random.next() < 0.4) {
      const from = new Date(now.getTime() + (random.int(7) - 2) * DAY).toISOString().slice(0, 10);
      const closed = random.next() < 0.5;
      specialHours.push(
        special(
          from,
          from,
          closed ? CLOSED : random.pick(TIME_CHOICES),
          closed ? CLOSED : random.pick(TIME_CHOICES),
        ),
      );
    }
    const slotRules: SlotRules = {
      leadMinutes: random.pick(leads),
      slotMinutes: random.pick(SLOT_LENGTHS),
      daysAhead: random.next() < 0.7 ? random.int(3) : random.int(8),
    };
    return { random, site: schedule(hours, timeZone, specialHours), rules: slotRules, now };
  }

  test("slotRefusal accepts exactly the slots orderSlots lists", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { random, site, rules: slotRules, now } = randomCase(seed);
      const slots = orderSlots(site, slotRules, now, Infinity);
      const starts = new Set(slots.map((slot) => slot.start));
      expect(increasing(slots), `seed ${seed}`).toBe(true);
      for (let check = 0; check < Math.min(40, slots.length); check++) {
        const slot = random.pick(slots);
        expect(slotRefusal(site, slotRules, slot.start, now), `seed ${seed}`).toBeNull();
      }
      // Every grid time of every zone here lies on a five-minute mark in UTC.
      const first = Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE - DAY;
      const marks = ((slotRules.daysAhead + 3) * DAY) / (5 * MINUTE);
      for (let check = 0; check < 120; check++) {
        const moment = first + random.int(marks) * 5 * MINUTE;
        const refusal = slotRefusal(site, slotRules, moment, now);
        expect(refusal === null, `seed ${seed} at ${isoOf(moment)}: ${refusal}`).toBe(
          starts.has(moment),
        );
      }
    }
  });

  test("every slot is labelled with the wall clock where the site is, within the days ahead", () => {
    for (let seed = 101; seed <= 130; seed++) {
      const { site, rules: slotRules, now } = randomCase(seed);
      const today = wallClock(now.getTime(), site.timeZone).date;
      const lastDate = new Date(ms(today) + slotRules.daysAhead * DAY).toISOString().slice(0, 10);
      const yesterday = new Date(ms(today) - DAY).toISOString().slice(0, 10);
      const earliest = now.getTime() + slotRules.leadMinutes * MINUTE;
      const wrong: string[] = [];
      for (const slot of orderSlots(site, slotRules, now)) {
        const wall = wallClock(slot.start, site.timeZone);
        const days = (ms(wall.date) - ms(today)) / DAY;
        const on =
          days === 0 ? "Today" : days === 1 ? "Tomorrow" : shortDateText(parseIsoDate(wall.date)!);
        const opened = (ms(wall.date) - ms(slot.date)) / DAY;
        if (slot.time !== wall.time || slot.label !== `${on}, ${wall.time}`) {
          wrong.push(`${isoOf(slot.start)} is ${on}, ${wall.time}, not ${slot.label}`);
        }
        // A slot belongs to the hours that opened that day or, past midnight, the day before.
        if (slot.date < yesterday || slot.date > lastDate || (opened !== 0 && opened !== 1)) {
          wrong.push(`${isoOf(slot.start)} has the date ${slot.date}`);
        }
        if (slot.start < earliest) wrong.push(`${isoOf(slot.start)} is too soon`);
      }
      expect(wrong, `seed ${seed}`).toEqual([]);
    }
  });

  test("every slot falls in hours the open status calls open", () => {
    for (let seed = 201; seed <= 230; seed++) {
      const { random, site, rules: slotRules, now } = randomCase(seed);
      const slots = orderSlots(site, slotRules, now);
      for (let check = 0; check < Math.min(12, slots.length); check++) {
        const slot = random.pick(slots);
        const tone = openingFacts(site, new Date(slot.start), ENGLISH).status?.tone;
        expect(tone, `seed ${seed} at ${isoOf(slot.start)}`).not.toBe("closed");
      }
    }
  });

  test("the ordering status agrees with the slots, and stays as it is until changesAt", () => {
    for (let seed = 301; seed <= 340; seed++) {
      const { random, site, rules: slotRules, now } = randomCase(seed);
      const roll = random.next();
      const pause: OrderingPause | null =
        roll < 0.6
          ? null
          : roll < 0.9
            ? { until: now.getTime() + random.int(36 * 60) * MINUTE, indefinitely: false }
            : { until: null, indefinitely: true };
      const status = orderingStatus(site, slotRules, pause, now);
      const slots = orderSlots(site, slotRules, now, 1);
      if (!pause || (pause.until !== null && pause.until <= now.getTime() && !pause.indefinitely)) {
        expect(status.accepting, `seed ${seed}`).toBe(slots.length > 0);
        expect(status.firstSlot, `seed ${seed}`).toBe(slots[0]?.start ?? null);
      } else {
        expect(status.accepting, `seed ${seed}`).toBe(false);
      }
      if (status.changesAt === null) {
        for (const days of [1, 9, 40]) {
          expect(
            orderingStatus(site, slotRules, pause, new Date(now.getTime() + days * DAY)),
          ).toEqual(status);
        }
        continue;
      }
      expect(status.changesAt, `seed ${seed}`).toBeGreaterThanOrEqual(now.getTime());
      const span = status.changesAt - now.getTime();
      const moments = [
        status.changesAt - 1,
        ...Array.from({ length: 6 }, () => now.getTime() + Math.floor(random.next() * span)),
      ];
      for (const moment of moments.filter((value) => value >= now.getTime())) {
        expect(
          orderingStatus(site, slotRules, pause, new Date(moment)),
          `seed ${seed} at ${isoOf(moment)}`,
        ).toEqual(status);
      }
    }
  });
});
