import { describe, expect, it } from "vitest";
import { schedule } from "../../tests/support/schedules";
import { CLOSED, DAYS, defaultHours, type HoursRow } from "./hours";
import type { OptionGroup } from "./item-options";
import { soldOutTodayUntil } from "./opening-status";
import { isSoldOutAt, optionsSoldOutAt, soldOutChangesAt } from "./sold-out";

const NEW_YORK = "America/New_York";

function everyDay(open: string, close: string): HoursRow[] {
  return DAYS.map((day) => ({ day, open, close }));
}

const at = (iso: string) => new Date(iso);
const iso = (moment: number) => new Date(moment).toISOString();

describe("soldOutTodayUntil: back at the site's next opening", () => {
  const lunchToLate = schedule(everyDay("11:00 AM", "10:00 PM"));

  it("tapped during the evening, is back at tomorrow's opening, across midnight", () => {
    // Monday 30 November 2026, 9:30 PM in New York (EST, UTC−5).
    const until = soldOutTodayUntil(lunchToLate, at("2026-12-01T02:30:00Z"));
    expect(iso(until)).toBe("2026-12-01T16:00:00.000Z"); // Tuesday 11:00 AM
  });

  it("tapped before today's opening, lasts through today's service", () => {
    // Tuesday 1 December, 9:00 AM: today's 11:00 AM opening is the service it is sold out for.
    const until = soldOutTodayUntil(lunchToLate, at("2026-12-01T14:00:00Z"));
    expect(iso(until)).toBe("2026-12-02T16:00:00.000Z"); // Wednesday 11:00 AM
  });

  it("tapped in the afternoon, is back tomorrow whether today's service is over or to come", () => {
    // Tuesday 1 December, 3:00 PM.
    const tapped = at("2026-12-01T20:00:00Z");
    const lunchOnly = schedule(everyDay("11:00 AM", "2:00 PM"));
    expect(iso(soldOutTodayUntil(lunchOnly, tapped))).toBe("2026-12-02T16:00:00.000Z");
    // Opening at 5:00 PM today: not back for tonight, but at Wednesday's 5:00 PM.
    const dinnerOnly = schedule(everyDay("5:00 PM", "10:00 PM"));
    expect(iso(soldOutTodayUntil(dinnerOnly, tapped))).toBe("2026-12-02T22:00:00.000Z");
  });

  it("for a bar open past midnight, tapped at 1:00 AM, is back at the same evening's opening", () => {
    const bar = schedule(everyDay("6:00 PM", "2:00 AM"));
    // Tuesday 1 December, 1:00 AM: still Monday night's service.
    expect(iso(soldOutTodayUntil(bar, at("2026-12-01T06:00:00Z")))).toBe(
      "2026-12-01T23:00:00.000Z", // Tuesday 6:00 PM
    );
    // Tuesday 3:00 AM, closed: today's service is the one coming, so back on Wednesday.
    expect(iso(soldOutTodayUntil(bar, at("2026-12-01T08:00:00Z")))).toBe(
      "2026-12-02T23:00:00.000Z",
    );
  });

  it("skips days the site is closed, weekly or by a special day", () => {
    const hours = everyDay("11:00 AM", "10:00 PM");
    hours[1] = { day: "Tuesday", open: CLOSED, close: CLOSED };
    const closedTuesday = schedule(hours, NEW_YORK, [
      { from: "2026-12-02", to: "2026-12-02", open: CLOSED, close: CLOSED, note: "Staff day" },
    ]);
    // Monday evening: Tuesday closed, Wednesday a closed special day: back Thursday.
    expect(iso(soldOutTodayUntil(closedTuesday, at("2026-12-01T02:30:00Z")))).toBe(
      "2026-12-03T16:00:00.000Z",
    );
  });

  it("is back at the wall-clock opening when the clocks go forward overnight", () => {
    // Saturday 7 March 2026, 9:00 PM EST; clocks go forward at 2:00 AM on Sunday 8 March.
    const until = soldOutTodayUntil(lunchToLate, at("2026-03-08T02:00:00Z"));
    expect(iso(until)).toBe("2026-03-08T15:00:00.000Z"); // Sunday 11:00 AM EDT (UTC−4)
  });

  it("is back at the wall-clock opening when the clocks go back overnight", () => {
    // Saturday 31 October 2026, 9:00 PM EDT; clocks go back at 2:00 AM on Sunday 1 November.
    const until = soldOutTodayUntil(lunchToLate, at("2026-11-01T01:00:00Z"));
    expect(iso(until)).toBe("2026-11-01T16:00:00.000Z"); // Sunday 11:00 AM EST (UTC−5)
  });

  it("keeps to the site's zone across a change in another hemisphere", () => {
    // Sydney's clocks go forward at 2:00 AM on Sunday 4 October 2026 (AEST+10 to AEDT+11).
    const sydney = schedule(everyDay("7:00 AM", "3:00 PM"), "Australia/Sydney");
    // Saturday 3 October, 2:00 PM AEST.
    expect(iso(soldOutTodayUntil(sydney, at("2026-10-03T04:00:00Z")))).toBe(
      "2026-10-03T20:00:00.000Z", // Sunday 7:00 AM AEDT
    );
  });

  it("without hours, or open around the clock, is back at the next local midnight", () => {
    const noHours = schedule(defaultHours());
    expect(iso(soldOutTodayUntil(noHours, at("2026-12-01T20:00:00Z")))).toBe(
      "2026-12-02T05:00:00.000Z",
    );
    const always = schedule(everyDay("12:00 AM", "12:00 AM"));
    expect(iso(soldOutTodayUntil(always, at("2026-12-01T20:00:00Z")))).toBe(
      "2026-12-02T05:00:00.000Z",
    );
  });

  it("reads a site without a known zone in UTC", () => {
    const unzoned = schedule(everyDay("11:00 AM", "10:00 PM"), "");
    expect(iso(soldOutTodayUntil(unzoned, at("2026-12-01T20:00:00Z")))).toBe(
      "2026-12-02T11:00:00.000Z",
    );
  });
});

describe("isSoldOutAt", () => {
  const now = Date.parse("2026-12-01T20:00:00Z");

  it("is sold out until turned back, or for today until the moment passes", () => {
    expect(isSoldOutAt({ soldOut: true }, now)).toBe(true);
    expect(isSoldOutAt({ soldOut: false }, now)).toBe(false);
    expect(isSoldOutAt({ soldOut: false, soldOutUntil: null }, now)).toBe(false);
    expect(isSoldOutAt({ soldOut: false, soldOutUntil: "2026-12-02T16:00:00.000Z" }, now)).toBe(
      true,
    );
    expect(isSoldOutAt({ soldOut: false, soldOutUntil: new Date(now + 1) }, now)).toBe(true);
    // Reached: back on sale, with nothing written.
    expect(isSoldOutAt({ soldOut: false, soldOutUntil: new Date(now) }, now)).toBe(false);
    expect(isSoldOutAt({ soldOut: false, soldOutUntil: "not a date" }, now)).toBe(false);
  });
});

describe("sold-out choices and the page's lifetime", () => {
  const now = Date.parse("2026-12-01T20:00:00Z");
  const sizes: OptionGroup = {
    id: "Sz",
    name: "Size",
    min: 1,
    max: 1,
    choices: [
      { id: "S", name: "Small", priceChangeCents: 0, soldOut: false },
      {
        id: "L",
        name: "Large",
        priceChangeCents: 300,
        soldOut: false,
        soldOutUntil: "2026-12-02T16:00:00.000Z",
      },
      {
        id: "XL",
        name: "Extra large",
        priceChangeCents: 500,
        soldOut: false,
        soldOutUntil: "2026-12-01T19:00:00.000Z",
      },
    ],
  };

  it("shows each choice as it is now, without its moment", () => {
    const [shown] = optionsSoldOutAt([sizes], now);
    expect(shown!.choices).toEqual([
      { id: "S", name: "Small", priceChangeCents: 0, soldOut: false },
      { id: "L", name: "Large", priceChangeCents: 300, soldOut: true },
      { id: "XL", name: "Extra large", priceChangeCents: 500, soldOut: false },
    ]);
  });

  it("bounds a page's lifetime by the first item or choice to come back", () => {
    expect(soldOutChangesAt([{ soldOut: false, options: [sizes] }], now)).toBe(
      Date.parse("2026-12-02T16:00:00.000Z"),
    );
    const sooner = new Date("2026-12-01T23:00:00Z");
    expect(
      soldOutChangesAt(
        [
          { soldOut: false, options: [sizes] },
          { soldOut: false, soldOutUntil: sooner },
          // Sold out until turned back: it never comes back by itself.
          { soldOut: true, soldOutUntil: new Date(now + 60_000) },
        ],
        now,
      ),
    ).toBe(sooner.getTime());
    expect(soldOutChangesAt([{ soldOut: true }, { soldOut: false }], now)).toBeNull();
  });
});
