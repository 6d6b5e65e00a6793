import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, icsCalendar, icsUtcTime, type IcsEvent } from "./ics";

const octets = (text: string) => new TextEncoder().encode(text).length;

/** The calendar's logical lines: folded lines joined again, as a reader unfolds them. */
const unfolded = (text: string) => text.replace(/\r\n /g, "").split("\r\n");

const DINNER: IcsEvent = {
  uid: "booking-abc@portal.example",
  stamp: Date.UTC(2026, 11, 2, 17, 0, 0),
  start: Date.UTC(2026, 11, 4, 0, 0, 0),
  end: Date.UTC(2026, 11, 4, 1, 30, 0),
  summary: "Table at Tom's; Bar, Grill",
  location: "18 Wharf Street, Springfield",
  description: "4 guests\n+1 555 0100",
  url: "https://portal.example/b/abc",
  status: "CONFIRMED",
};

describe("iCalendar text", () => {
  it("writes a calendar of events with CRLF line ends, UTC times and escaped texts", () => {
    const text = icsCalendar([DINNER]);
    expect(text.endsWith("\r\n")).toBe(true);
    // Every line break is a CRLF: no bare LF or CR.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfolded(text);
    expect(lines.slice(0, 3)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      expect.stringMatching(/^PRODID:/),
    ]);
    expect(lines).toContain("BEGIN:VEVENT");
    expect(lines).toContain("UID:booking-abc@portal.example");
    expect(lines).toContain("DTSTAMP:20261202T170000Z");
    expect(lines).toContain("DTSTART:20261204T000000Z");
    expect(lines).toContain("DTEND:20261204T013000Z");
    expect(lines).toContain("SUMMARY:Table at Tom's\\; Bar\\, Grill");
    expect(lines).toContain("LOCATION:18 Wharf Street\\, Springfield");
    expect(lines).toContain("DESCRIPTION:4 guests\\n+1 555 0100");
    expect(lines).toContain("URL:https://portal.example/b/abc");
    expect(lines).toContain("STATUS:CONFIRMED");
    expect(lines.filter((line) => line !== "").at(-1)).toBe("END:VCALENDAR");
  });

  it("takes a list: none, one or many events, and a feed's name", () => {
    const empty = unfolded(icsCalendar([]));
    expect(empty).not.toContain("BEGIN:VEVENT");
    const two = icsCalendar([DINNER, { ...DINNER, uid: "booking-def@portal.example" }], {
      name: "Tom's bookings",
    });
    expect(two.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded(two)).toContain("X-WR-CALNAME:Tom's bookings");
  });

  it("leaves out what an event does not have", () => {
    const lines = unfolded(
      icsCalendar([{ uid: "u1", stamp: 0, start: 0, end: 60_000, summary: "S" }]),
    );
    expect(lines.some((line) => /^(LOCATION|DESCRIPTION|URL|STATUS):/.test(line))).toBe(false);
  });

  it("escapes backslashes, semicolons, commas and every kind of line break", () => {
    expect(escapeIcsText("a\\b;c,d\r\ne\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("writes moments in UTC without separators or milliseconds", () => {
    expect(icsUtcTime(Date.UTC(2026, 0, 5, 9, 7, 3, 450))).toBe("20260105T090703Z");
  });

  it("folds long lines at 75 octets, never inside a character", () => {
    const short = "SUMMARY:" + "x".repeat(67);
    expect(foldIcsLine(short)).toBe(short);

    const long = "DESCRIPTION:" + "a".repeat(200);
    const folded = foldIcsLine(long);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of physical.slice(1)) expect(line.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);

    // Three-octet characters (CJK) and a four-octet one (an emoji) are never split.
    const wide = "SUMMARY:" + "予約".repeat(40) + "🍽️".repeat(5);
    const wideFolded = foldIcsLine(wide);
    for (const line of wideFolded.split("\r\n")) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(wideFolded.replace(/\r\n /g, "")).toBe(wide);
  });

  it("folds the calendar's own long lines", () => {
    const text = icsCalendar([{ ...DINNER, description: "Allergies: ".repeat(30) }]);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });
});
