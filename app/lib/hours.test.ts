import { ENGLISH } from "~/lib/i18n/page-language";
import { describe, expect, it } from "vitest";
import {
  CLOSED,
  DAYS,
  HOUR_CHOICES,
  NOT_CHOSEN,
  TIME_CHOICES,
  applyHoursChange,
  applyHoursChoices,
  defaultHours,
  formatHoursRow,
  isHourChoice,
  normalizeHours,
  timeToMinutes,
  toIso24,
} from "./hours";
import type { HoursRow } from "./hours";

describe("choices", () => {
  it("has Closed plus 48 half-hour times", () => {
    expect(CLOSED).toBe("Closed");
    expect(HOUR_CHOICES).toHaveLength(49);
    expect(TIME_CHOICES).toHaveLength(48);
    expect(HOUR_CHOICES[0]).toBe("Closed");
    expect(HOUR_CHOICES.slice(1)).toEqual(TIME_CHOICES);
  });

  it("runs from 12:00 AM to 11:30 PM in 12-hour format without leading zeros", () => {
    expect(TIME_CHOICES.slice(0, 4)).toEqual(["12:00 AM", "12:30 AM", "1:00 AM", "1:30 AM"]);
    expect(TIME_CHOICES.slice(22, 26)).toEqual(["11:00 AM", "11:30 AM", "12:00 PM", "12:30 PM"]);
    expect(TIME_CHOICES.at(-1)).toBe("11:30 PM");
    for (const time of TIME_CHOICES) expect(time).toMatch(/^(1[0-2]|[1-9]):(00|30) (AM|PM)$/);
    expect(new Set(TIME_CHOICES).size).toBe(48);
  });

  it("is in chronological order, 30 minutes apart", () => {
    TIME_CHOICES.forEach((time, index) => expect(timeToMinutes(time)).toBe(index * 30));
  });

  it("is frozen", () => {
    expect(Object.isFrozen(HOUR_CHOICES)).toBe(true);
    expect(Object.isFrozen(TIME_CHOICES)).toBe(true);
    expect(Object.isFrozen(DAYS)).toBe(true);
  });

  it("lists the days from Monday to Sunday", () => {
    expect(DAYS).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
  });
});

describe("isHourChoice", () => {
  it("accepts Closed and every time choice", () => {
    for (const choice of HOUR_CHOICES) expect(isHourChoice(choice)).toBe(true);
  });

  it("rejects anything else", () => {
    for (const value of [
      "",
      " ",
      "closed",
      "CLOSED",
      "09:00 AM",
      "9:00 am",
      "9:00AM",
      " 9:00 AM",
      "9:15 AM",
      "13:00 PM",
      "0:00 AM",
      "9:00\u00a0AM",
      null,
      undefined,
      540,
      {},
    ]) {
      expect(isHourChoice(value)).toBe(false);
    }
  });
});

describe("defaultHours", () => {
  it("is seven Closed rows in day order", () => {
    expect(defaultHours()).toEqual(DAYS.map((day) => ({ day, open: "Closed", close: "Closed" })));
  });

  it("returns fresh rows each call", () => {
    const first = defaultHours();
    first[0]!.open = "9:00 AM";
    expect(defaultHours()[0]!.open).toBe("Closed");
  });
});

describe("applyHoursChange", () => {
  const open9to5: HoursRow = { day: "Monday", open: "9:00 AM", close: "5:00 PM" };
  const closed: HoursRow = { day: "Monday", open: CLOSED, close: CLOSED };

  it("sets both to Closed when either side is set to Closed", () => {
    expect(applyHoursChange(open9to5, "open", CLOSED)).toEqual(closed);
    expect(applyHoursChange(open9to5, "close", CLOSED)).toEqual(closed);
  });

  it("clears a Closed partner when a real time is chosen", () => {
    expect(applyHoursChange(closed, "open", "9:00 AM")).toEqual({
      day: "Monday",
      open: "9:00 AM",
      close: "",
    });
    expect(applyHoursChange(closed, "close", "5:00 PM")).toEqual({
      day: "Monday",
      open: "",
      close: "5:00 PM",
    });
  });

  it("keeps a real-time partner when a real time is chosen", () => {
    expect(applyHoursChange(open9to5, "open", "8:30 AM")).toEqual({ ...open9to5, open: "8:30 AM" });
    expect(applyHoursChange(open9to5, "close", "11:30 PM")).toEqual({
      ...open9to5,
      close: "11:30 PM",
    });
  });

  it("completes a half-chosen row", () => {
    const half = applyHoursChange(closed, "open", "9:00 AM");
    expect(applyHoursChange(half, "close", "5:00 PM")).toEqual(open9to5);
  });

  it("lets one side be cleared to NOT_CHOSEN without touching the other", () => {
    expect(NOT_CHOSEN).toBe("");
    expect(applyHoursChange(open9to5, "open", "")).toEqual({ ...open9to5, open: "" });
  });

  it("ignores values that are not choices", () => {
    for (const value of ["closed", "9:15 AM", "09:00 AM", "🍕", " ".repeat(10)]) {
      expect(applyHoursChange(open9to5, "open", value)).toEqual(open9to5);
    }
  });

  it("does not mutate the given row", () => {
    const row = { ...closed };
    const next = applyHoursChange(row, "open", "9:00 AM");
    expect(row).toEqual(closed);
    expect(next).not.toBe(row);
  });

  it("keeps extra row data such as the day", () => {
    expect(applyHoursChange({ day: "Sunday", open: "", close: "" }, "open", "10:00 AM").day).toBe(
      "Sunday",
    );
  });
});

describe("applyHoursChoices", () => {
  const closed: HoursRow = { day: "Monday", open: CLOSED, close: CLOSED };
  const open9to5: HoursRow = { day: "Monday", open: "9:00 AM", close: "5:00 PM" };
  const row = (open: string, close: string): HoursRow => ({ day: "Monday", open, close });

  it("keeps a time chosen beside the Closed the form showed, and clears the Closed", () => {
    expect(applyHoursChoices(closed, row("9:00 AM", CLOSED))).toEqual(row("9:00 AM", ""));
    expect(applyHoursChoices(closed, row(CLOSED, "5:30 PM"))).toEqual(row("", "5:30 PM"));
  });

  it("closes the day when Closed is chosen on either side", () => {
    expect(applyHoursChoices(open9to5, row(CLOSED, "5:00 PM"))).toEqual(closed);
    expect(applyHoursChoices(open9to5, row("9:00 AM", CLOSED))).toEqual(closed);
  });

  it("takes both sides when both were chosen, open first", () => {
    expect(applyHoursChoices(closed, row("9:00 AM", "5:30 PM"))).toEqual(row("9:00 AM", "5:30 PM"));
    expect(applyHoursChoices(open9to5, row(CLOSED, "6:00 PM"))).toEqual(row("", "6:00 PM"));
    expect(applyHoursChoices(open9to5, row("8:00 AM", CLOSED))).toEqual(closed);
  });

  it("returns a row that already keeps the rule as it is, whatever the form showed", () => {
    const kept = [closed, open9to5, row("9:00 AM", ""), row("", "5:30 PM"), row("", "")];
    for (const shown of [closed, open9to5, row("10:00 AM", ""), row("", "")]) {
      for (const chosen of kept) expect(applyHoursChoices(shown, chosen)).toEqual(chosen);
    }
  });

  it("takes the day of the row sent, and changes neither row", () => {
    const shown = { ...closed, day: "Sunday" };
    const chosen = row("9:00 AM", CLOSED);
    expect(applyHoursChoices(shown, chosen).day).toBe("Monday");
    expect(shown).toEqual({ day: "Sunday", open: CLOSED, close: CLOSED });
    expect(chosen).toEqual(row("9:00 AM", CLOSED));
  });
});

describe("normalizeHours", () => {
  it("returns all days Closed for missing or unusable input", () => {
    for (const input of [undefined, null, "", "Monday", 42, {}, [], [null, 1, "x"]]) {
      expect(normalizeHours(input)).toEqual(defaultHours());
    }
  });

  it("orders rows by DAYS and fills missing days with Closed", () => {
    const result = normalizeHours([
      { day: "Sunday", open: "10:00 AM", close: "2:00 PM" },
      { day: "Monday", open: "9:00 AM", close: "5:00 PM" },
    ]);
    expect(result.map((row) => row.day)).toEqual([...DAYS]);
    expect(result[0]).toEqual({ day: "Monday", open: "9:00 AM", close: "5:00 PM" });
    expect(result[6]).toEqual({ day: "Sunday", open: "10:00 AM", close: "2:00 PM" });
    for (const row of result.slice(1, 6))
      expect(row).toMatchObject({ open: CLOSED, close: CLOSED });
  });

  it("matches day names ignoring case and surrounding spaces; the first row wins", () => {
    const result = normalizeHours([
      { day: " tuesday ", open: "8:00 AM", close: "4:00 PM" },
      { day: "Tuesday", open: "1:00 AM", close: "2:00 AM" },
    ]);
    expect(result[1]).toEqual({ day: "Tuesday", open: "8:00 AM", close: "4:00 PM" });
  });

  it("ignores unknown days and extra fields", () => {
    const result = normalizeHours([
      { day: "Funday", open: "9:00 AM", close: "5:00 PM" },
      { day: "Lundi", open: "9:00 AM", close: "5:00 PM" },
      { day: "Monday", open: "9:00 AM", close: "5:00 PM", note: "<script>" },
    ]);
    expect(result[0]).toEqual({ day: "Monday", open: "9:00 AM", close: "5:00 PM" });
    expect(result).toHaveLength(7);
  });

  it("turns invalid values into NOT_CHOSEN", () => {
    const result = normalizeHours([
      { day: "Monday", open: "9:00 AM", close: "25:00" },
      { day: "Tuesday", open: 900, close: "5:00 PM" },
      { day: "Wednesday", open: "🍕", close: "5:00 PM" },
    ]);
    expect(result[0]).toEqual({ day: "Monday", open: "9:00 AM", close: "" });
    expect(result[1]).toEqual({ day: "Tuesday", open: "", close: "5:00 PM" });
    expect(result[2]).toEqual({ day: "Wednesday", open: "", close: "5:00 PM" });
  });

  it("enforces the Closed-partner rule", () => {
    const result = normalizeHours([
      { day: "Monday", open: "Closed", close: "5:00 PM" },
      { day: "Tuesday", open: "9:00 AM", close: "Closed" },
    ]);
    expect(result[0]).toEqual({ day: "Monday", open: CLOSED, close: CLOSED });
    expect(result[1]).toEqual({ day: "Tuesday", open: CLOSED, close: CLOSED });
  });

  it("treats a row with nothing chosen as Closed", () => {
    expect(normalizeHours([{ day: "Monday", open: "", close: "" }])[0]).toEqual({
      day: "Monday",
      open: CLOSED,
      close: CLOSED,
    });
    expect(normalizeHours([{ day: "Monday" }])[0]).toMatchObject({ open: CLOSED, close: CLOSED });
  });

  it("allows a close before open (past midnight)", () => {
    expect(normalizeHours([{ day: "Friday", open: "6:00 PM", close: "2:00 AM" }])[4]).toEqual({
      day: "Friday",
      open: "6:00 PM",
      close: "2:00 AM",
    });
  });

  it("is idempotent", () => {
    const once = normalizeHours([{ day: "Monday", open: "9:00 AM", close: "x" }]);
    expect(normalizeHours(once)).toEqual(once);
  });

  it("handles large and hostile input quickly", () => {
    const started = performance.now();
    const rows = Array.from({ length: 100_000 }, () => ({
      day: "Monday",
      open: "x".repeat(100),
      close: "",
    }));
    expect(normalizeHours(rows)).toHaveLength(7);
    const huge = [{ day: "M".repeat(1_000_000), open: "9:00 AM", close: "5:00 PM" }];
    expect(normalizeHours(huge)).toEqual(defaultHours());
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("timeToMinutes and toIso24", () => {
  it("converts 12-hour times", () => {
    expect(timeToMinutes("1:30 PM")).toBe(810);
    expect(timeToMinutes("12:00 AM")).toBe(0);
    expect(timeToMinutes("12:30 AM")).toBe(30);
    expect(timeToMinutes("12:00 PM")).toBe(720);
    expect(timeToMinutes("11:30 PM")).toBe(1410);
    expect(timeToMinutes("9:15 AM")).toBe(555);
    expect(timeToMinutes(" 1:30 PM ")).toBe(810);
  });

  it("formats for schema.org", () => {
    expect(toIso24("1:30 PM")).toBe("13:30");
    expect(toIso24("12:00 AM")).toBe("00:00");
    expect(toIso24("12:30 PM")).toBe("12:30");
    expect(toIso24("9:00 AM")).toBe("09:00");
    expect(toIso24("11:30 PM")).toBe("23:30");
  });

  it("round-trips every time choice", () => {
    for (const time of TIME_CHOICES) {
      const iso = toIso24(time)!;
      expect(iso).toMatch(/^([01][0-9]|2[0-3]):(00|30)$/);
      const [h, m] = iso.split(":").map(Number);
      expect(h! * 60 + m!).toBe(timeToMinutes(time));
    }
  });

  it("returns null for anything else", () => {
    for (const value of [
      "",
      "   ",
      "Closed",
      "13:00",
      "0:00 AM",
      "13:00 PM",
      "09:00 AM",
      "9:60 AM",
      "9:00 am",
      "9:00",
      "9 AM",
      "９:00 AM",
      "9:00 AM🍕",
      "x".repeat(1_000_000),
    ]) {
      expect(timeToMinutes(value)).toBeNull();
      expect(toIso24(value)).toBeNull();
    }
    expect(timeToMinutes(undefined as unknown as string)).toBeNull();
  });
});

describe("formatHoursRow", () => {
  it("shows Closed, a range, or the one chosen side", () => {
    expect(formatHoursRow({ day: "Monday", open: CLOSED, close: CLOSED }, ENGLISH)).toBe("Closed");
    expect(formatHoursRow({ day: "Monday", open: "9:00 AM", close: "5:00 PM" }, ENGLISH)).toBe(
      "9:00 AM \u2013 5:00 PM",
    );
    expect(formatHoursRow({ day: "Monday", open: "9:00 AM", close: "" }, ENGLISH)).toBe(
      "Opens 9:00 AM",
    );
    expect(formatHoursRow({ day: "Monday", open: "", close: "5:00 PM" }, ENGLISH)).toBe(
      "Closes 5:00 PM",
    );
    expect(formatHoursRow({ day: "Monday", open: "", close: "" }, ENGLISH)).toBe("Closed");
  });

  it("shows Closed when either side is Closed", () => {
    expect(formatHoursRow({ day: "Monday", open: CLOSED, close: "5:00 PM" }, ENGLISH)).toBe(
      "Closed",
    );
  });

  it("does not echo invalid values", () => {
    expect(formatHoursRow({ day: "Monday", open: "<b>9</b>", close: "5:00 PM" }, ENGLISH)).toBe(
      "Closes 5:00 PM",
    );
  });
});
