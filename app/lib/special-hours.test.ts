import { describe, expect, it } from "vitest";
import { CLOSED } from "./hours";
import { SPECIAL_HOURS_MAX, SPECIAL_HOURS_MESSAGES, storedSpecialHours } from "./special-hours";
import { specialHoursField, toSpecialHours } from "./special-hours-schema";

type Row = Partial<Record<"from" | "to" | "open" | "close" | "note", string>>;

function issues(rows: Row[]) {
  const result = specialHoursField.safeParse(rows);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
}

describe("specialHoursField", () => {
  it("accepts a single day with hours, a closed period and a blank spare row", () => {
    expect(
      issues([
        { from: "2026-12-24", open: "11:00 AM", close: "3:00 PM" },
        { from: "2026-12-25", to: "2026-12-26", open: CLOSED, close: CLOSED, note: "Christmas" },
        { from: "", to: "", open: "", close: "", note: "" },
      ]),
    ).toEqual([]);
  });

  it("names the field and the row of each mistake", () => {
    expect(
      issues([
        { from: "2026-02-30", open: CLOSED, close: CLOSED },
        { from: "2026-12-24", to: "2026-12-20", open: CLOSED, close: CLOSED },
        { from: "2026-12-28", open: "11:00 AM", close: "" },
        { from: "2026-12-29", open: "", close: "" },
        { from: "2027-01-01", to: "2027-06-01", open: CLOSED, close: CLOSED },
        { note: "Christmas" },
      ]),
    ).toEqual([
      ["0.from", SPECIAL_HOURS_MESSAGES.dateRequired],
      ["1.to", SPECIAL_HOURS_MESSAGES.endBeforeStart],
      ["2.close", SPECIAL_HOURS_MESSAGES.hoursRequired],
      ["3.open", SPECIAL_HOURS_MESSAGES.hoursRequired],
      ["4.to", SPECIAL_HOURS_MESSAGES.periodTooLong],
      ["5.from", SPECIAL_HOURS_MESSAGES.dateRequired],
    ]);
  });

  it("refuses two special days that share a date", () => {
    expect(
      issues([
        { from: "2026-12-24", to: "2026-12-26", open: CLOSED, close: CLOSED },
        { from: "2026-12-26", open: "11:00 AM", close: "3:00 PM" },
      ]),
    ).toEqual([["1.from", SPECIAL_HOURS_MESSAGES.overlaps]]);
  });

  it("keeps at most the limit of special days", () => {
    const rows = Array.from({ length: SPECIAL_HOURS_MAX + 1 }, (_, i) => ({
      from: `2027-01-${String(i + 1).padStart(2, "0")}`,
      open: CLOSED,
      close: CLOSED,
    }));
    expect(issues(rows)).toEqual([["", SPECIAL_HOURS_MESSAGES.tooMany]]);
    expect(issues(rows.slice(1))).toEqual([]);
  });

  it("refuses a note that is too long", () => {
    expect(
      issues([{ from: "2026-12-24", open: CLOSED, close: CLOSED, note: "x".repeat(61) }]),
    ).toEqual([["0.note", SPECIAL_HOURS_MESSAGES.noteTooLong]]);
  });
});

describe("toSpecialHours", () => {
  const parse = (rows: Row[]) => specialHoursField.parse(rows);

  it("stores filled rows in date order, one day when no last day is given", () => {
    expect(
      toSpecialHours(
        parse([
          { from: "2026-12-31", open: "11:00 AM", close: "4:00 PM", note: " New Year's Eve " },
          {},
          { from: "2026-12-24", open: "11:00 AM", close: CLOSED },
        ]),
        null,
      ),
    ).toEqual([
      { from: "2026-12-24", to: "2026-12-24", open: CLOSED, close: CLOSED, note: "" },
      {
        from: "2026-12-31",
        to: "2026-12-31",
        open: "11:00 AM",
        close: "4:00 PM",
        note: "New Year's Eve",
      },
    ]);
  });

  it("drops days that ended before today, and keeps one still running", () => {
    const rows = parse([
      { from: "2026-11-01", to: "2026-11-20", open: CLOSED, close: CLOSED },
      { from: "2026-11-21", to: "2026-11-25", open: CLOSED, close: CLOSED },
      { from: "2026-12-24", open: CLOSED, close: CLOSED },
    ]);
    expect(toSpecialHours(rows, "2026-11-25").map((s) => s.from)).toEqual([
      "2026-11-21",
      "2026-12-24",
    ]);
  });
});

describe("storedSpecialHours", () => {
  it("keeps only well-formed stored rows", () => {
    const good = {
      from: "2026-12-24",
      to: "2026-12-24",
      open: "11:00 AM",
      close: "3:00 PM",
      note: "Eve",
    };
    expect(
      storedSpecialHours([
        good,
        { ...good, from: "yesterday" },
        { ...good, to: "2026-12-01" },
        { ...good, open: "<script>" },
        "2026-12-24",
        null,
        { ...good, note: 7 },
      ]),
    ).toEqual([good, { ...good, note: "" }]);
    expect(storedSpecialHours({ not: "a list" })).toEqual([]);
  });
});
