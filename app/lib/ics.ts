/**
 * iCalendar text (RFC 5545) for calendar apps: a guest's "Add to calendar" of one booking,
 * and an owner's feed of their bookings. Written by hand, as the format is small: lines end
 * in CRLF, lines longer than 75 octets are folded (a CRLF and a space, never inside a UTF-8
 * character), texts escape `\`, `;`, `,` and newlines, and every time is UTC.
 */

export interface IcsEvent {
  /** Unique for ever: calendar apps replace the event of the same UID when it is sent again. */
  uid: string;
  /** ms since the epoch. */
  start: number;
  end: number;
  summary: string;
  location?: string;
  description?: string;
  /** An http(s) address about the event (the booking's page). */
  url?: string;
  /** When this version of the event was made, ms since the epoch (DTSTAMP). */
  stamp: number;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
}

export interface IcsCalendarOptions {
  /** Who made the calendar (PRODID). */
  productId?: string;
  /** The calendar's name, for a feed (X-WR-CALNAME). */
  name?: string;
}

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value: backslash, semicolon and comma escaped, every kind of line break as `\n`. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A moment as a UTC DATE-TIME: 20261203T000000Z. */
export function icsUtcTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * One content line folded to at most 75 octets per physical line: each continuation begins
 * with a space, which counts towards its 75. Splits fall between characters, never inside one.
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      // The continuation's leading space takes one of its octets.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtcTime(event.stamp)}`,
    `DTSTART:${icsUtcTime(event.start)}`,
    `DTEND:${icsUtcTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  // A URI value is not TEXT: it is written as it is, without escapes.
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole calendar of `events`, ready to send as `text/calendar`. */
export function icsCalendar(
  events: readonly IcsEvent[],
  { productId = "-//Site Builder//Bookings//EN", name }: IcsCalendarOptions = {},
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`X-WR-CALNAME:${escapeIcsText(name)}`] : []),
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
