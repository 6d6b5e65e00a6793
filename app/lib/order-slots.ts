/**
 * Pickup and delivery times: the slots a customer may choose for an order, whether a chosen
 * moment is one of them, and what the public page says about ordering (and until when).
 *
 * Slots are wall-clock times where the site is, on a grid that starts at each day's opening
 * time: a day open 11:00 AM – 10:00 PM with 15-minute slots offers 11:00 AM, 11:15 AM, …,
 * 9:45 PM (a slot may start at opening and must start before closing). Hours past midnight
 * stay with the day they opened on: 6:00 PM – 2:00 AM offers slots up to 1:45 AM, all of them
 * that day's (`date`), and yesterday's late hours still offer slots after today's midnight.
 *
 * Each day keeps its own grid. When a day's hours begin while the previous day's late hours
 * still run (Friday 6:00 PM – 2:30 AM, Saturday 1:00 AM – 11:00 PM), Friday's grid goes on
 * until Friday's close and Saturday's grid takes over at its first time at or after that
 * close; hours that meet (Friday to 12:00 AM, Saturday from 12:00 AM) simply follow on.
 *
 * Daylight saving: a wall-clock slot time that does not exist (2:30 AM the night clocks go
 * forward) is skipped, and one that happens twice (1:30 AM the night clocks go back) is
 * offered once, at its first occurrence, so that no two slots share a label and the list is
 * strictly in time order. The hours of the week are walked in local minutes, as in
 * opening-status.ts; the zone's UTC offsets are read once for the stretch of time needed
 * (a sample every 12 hours, each change pinned to the minute), so that turning hundreds of
 * slot times into moments is arithmetic, whatever the server's own zone.
 */
import { tzOffset } from "@date-fns/tz";
import { clockText, shortDateText } from "./i18n/formats";
import { ENGLISH, fill, type PageLanguage } from "./i18n/page-language";
import {
  dayInterval,
  hoursOn,
  isoDate,
  keepsNoHours,
  type LocalDate,
  type OpeningSchedule,
} from "./opening-status";
import { MAX_DAYS_AHEAD, MAX_LEAD_MINUTES, SLOT_LENGTHS } from "./order-settings";
import { isKnownTimeZone } from "./time-zones";

export interface SlotRules {
  /** 0–240: the earliest slot starts at least this long after now. */
  leadMinutes: number;
  /** One of SLOT_LENGTHS: 5, 10, 15, 20, 30 or 60. */
  slotMinutes: number;
  /** 0 (today only) … 7: how many days after today's the customer may choose from. */
  daysAhead: number;
}

export interface OrderSlot {
  /** The moment the slot starts, ms since the epoch. */
  start: number;
  /**
   * The site's date (YYYY-MM-DD) of the opening hours the slot belongs to: a 1:00 AM slot of
   * Friday night's hours is Friday's.
   */
  date: string;
  /** "6:15 PM", the wall clock where the site is. */
  time: string;
  /** "Today, 6:15 PM", "Tomorrow, 11:00 AM", "Sat, Nov 28, 11:00 AM": the day it starts on. */
  label: string;
}

/** Why a moment is not a slot a customer may choose. */
export type SlotRefusal = "not-a-slot" | "too-soon" | "too-far" | "closed";

/** Orders paused by the owner: until a moment (ms), or until they resume. */
export interface OrderingPause {
  until: number | null;
  indefinitely: boolean;
}

/** What the public page says about ordering, and until when that stays true. */
export interface OrderingStatus {
  accepting: boolean;
  /**
   * "Ordering open · pickup from 6:15 PM" (or "… from 11:00 AM tomorrow", "… from Sat, Nov 28
   * at 11:00 AM") when accepting; else "Not taking orders until 6:30 PM" (paused; "until
   * 9:00 AM tomorrow", "until Sat, Nov 28 at 9:00 AM"), "Orders open tomorrow · pickup from
   * 11:00 AM" or "Orders open Thu, Nov 26 · pickup from Sat, Nov 28 at 11:00 AM" (the days
   * ahead reach the next slot only at a later midnight), or "Not taking orders" (paused
   * indefinitely, no hours, or no slot within the look-ahead).
   */
  text: string;
  /** The first slot a customer could pick now (ms), or null. */
  firstSlot: number | null;
  /**
   * The moment (ms) this status may next change, so a page cache entry must expire then;
   * null if never (until the site's settings change).
   */
  changesAt: number | null;
}

/** How many slots `orderSlots` lists unless told otherwise. */
export const ORDER_SLOTS_LIMIT = 500;
/** How far ahead (days from today) the moment orders open is looked for. */
export const ORDERS_LOOKAHEAD_DAYS = 31;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MINUTES_PER_DAY = 24 * 60;
/** Further than any zone's offset from UTC (−12 to +14 hours). */
const ZONE_REACH = 15 * HOUR;
/** The zone's offset is read this often; a change between two readings is found by halving. */
const SAMPLE = 12 * HOUR;
/** The latest moment handled, well inside what a Date can hold. */
const LAST_MOMENT = 8e15;
const FALLBACK_SLOT_MINUTES = 15;

function isMoment(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= LAST_MOMENT;
}

/** The rules as given when they are in range; out-of-range numbers are brought into it. */
function rulesOf(rules: SlotRules): SlotRules {
  const whole = (value: unknown, max: number) =>
    typeof value === "number" && Number.isFinite(value)
      ? Math.min(max, Math.max(0, Math.round(value)))
      : 0;
  const slotMinutes = (SLOT_LENGTHS as readonly number[]).includes(rules.slotMinutes)
    ? rules.slotMinutes
    : FALLBACK_SLOT_MINUTES;
  return {
    leadMinutes: whole(rules.leadMinutes, MAX_LEAD_MINUTES),
    slotMinutes,
    daysAhead: whole(rules.daysAhead, MAX_DAYS_AHEAD),
  };
}

/**
 * A zone's UTC offsets over the stretch of time asked about, read lazily. Readings are taken
 * at fixed multiples of SAMPLE since the epoch, so two clocks of one zone always agree.
 * "Wall" times are the site's wall clock written as if it were UTC (ms).
 */
class ZoneClock {
  /** `offsets[i]` (ms) holds from `starts[i]` to `starts[i + 1]` (the first also before). */
  private starts: number[];
  private offsets: number[];
  /** Read up to here (a sample point). */
  private end: number;

  constructor(
    private readonly zone: string,
    around: number,
  ) {
    const first = Math.floor(around / SAMPLE) * SAMPLE;
    this.starts = [first];
    this.offsets = [this.read(first)];
    this.end = first;
  }

  private read(at: number): number {
    return Math.round(tzOffset(this.zone, new Date(at)) * MINUTE);
  }

  /** The offset changes in (from, to], two sample points, given the offset at `from`. */
  private changesBetween(from: number, offset: number, to: number): Array<[number, number]> {
    const changes: Array<[number, number]> = [];
    const last = this.read(to);
    let at = from;
    let current = offset;
    while (current !== last && changes.length < 4) {
      let low = at;
      let high = to;
      while (high - low > MINUTE) {
        const middle = low + Math.floor((high - low) / MINUTE / 2) * MINUTE;
        if (this.read(middle) === current) low = middle;
        else high = middle;
      }
      current = this.read(high);
      changes.push([high, current]);
      at = high;
    }
    if (current !== last) changes.push([to, last]);
    return changes;
  }

  private cover(from: number, to: number): void {
    while (this.starts[0]! > from) {
      const begin = this.starts[0]! - SAMPLE;
      const offset = this.read(begin);
      const changes = this.changesBetween(begin, offset, this.starts[0]!);
      this.starts = [begin, ...changes.map(([at]) => at), ...this.starts.slice(1)];
      this.offsets = [offset, ...changes.map(([, value]) => value), ...this.offsets.slice(1)];
    }
    while (this.end < to) {
      const next = this.end + SAMPLE;
      for (const [at, value] of this.changesBetween(this.end, this.offsets.at(-1)!, next)) {
        this.starts.push(at);
        this.offsets.push(value);
      }
      this.end = next;
    }
  }

  /** The wall clock at a moment. */
  wallAt(moment: number): number {
    this.cover(moment, moment);
    let index = this.starts.length - 1;
    while (index > 0 && this.starts[index]! > moment) index--;
    return moment + this.offsets[index]!;
  }

  /** The first moment the wall clock shows `wall`; null if it never does (skipped in spring). */
  momentOf(wall: number): number | null {
    this.cover(wall - ZONE_REACH, wall + ZONE_REACH);
    const count = this.starts.length;
    for (let index = 0; index < count; index++) {
      const moment = wall - this.offsets[index]!;
      if (index > 0 && moment < this.starts[index]!) continue;
      if (index < count - 1 && moment >= this.starts[index + 1]!) continue;
      return moment;
    }
    return null;
  }

  /** The first moment the wall clock shows `wall` or later: when a day starts, midnight or not. */
  firstMomentFrom(wall: number): number {
    this.cover(wall - ZONE_REACH, wall + ZONE_REACH);
    const count = this.starts.length;
    for (let index = 0; index < count; index++) {
      const moment =
        index === 0
          ? wall - this.offsets[0]!
          : Math.max(this.starts[index]!, wall - this.offsets[index]!);
      if (index === count - 1 || moment < this.starts[index + 1]!) return moment;
    }
    return wall - this.offsets.at(-1)!;
  }
}

/** The site as seen at one moment: its schedule, its clock, and today's midnight (wall). */
interface Site {
  schedule: OpeningSchedule;
  clock: ZoneClock;
  todayWall: number;
}

function siteAt(schedule: OpeningSchedule, now: number): Site | null {
  if (!isMoment(now) || !isKnownTimeZone(schedule.timeZone) || keepsNoHours(schedule)) return null;
  const clock = new ZoneClock(schedule.timeZone, now);
  return { schedule, clock, todayWall: Math.floor(clock.wallAt(now) / DAY) * DAY };
}

function dateOfWall(wall: number): LocalDate {
  const date = new Date(wall);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Days from today to the calendar day a wall time falls on. */
function dayOf(site: Site, wall: number): number {
  return Math.floor((wall - site.todayWall) / DAY);
}

/**
 * One day's opening hours, in minutes after its midnight (close may pass the next midnight),
 * `from` being where its slots may begin: its opening, or the previous day's close when that
 * day's late hours run into these.
 */
interface Window {
  /** Days after today. */
  day: number;
  /** Its midnight, wall time. */
  wall: number;
  date: LocalDate;
  /** `date` as YYYY-MM-DD. */
  iso: string;
  open: number;
  from: number;
  close: number;
}

function windowOn(site: Site, day: number): Window | null {
  const wall = site.todayWall + day * DAY;
  const date = dateOfWall(wall);
  const hours = dayInterval(hoursOn(site.schedule, date));
  if (!hours) return null;
  const [open, close] = hours;
  const before = dayInterval(hoursOn(site.schedule, dateOfWall(wall - DAY)));
  const from = before ? Math.max(open, before[1] - MINUTES_PER_DAY) : open;
  return from < close ? { day, wall, date, iso: isoDate(date), open, from, close } : null;
}

/** The window whose slots a wall time falls among, if any (late hours of the day before first). */
function windowAround(site: Site, wall: number): Window | null {
  const day = dayOf(site, wall);
  const before = windowOn(site, day - 1);
  if (before && wall < before.wall + before.close * MINUTE) return before;
  const own = windowOn(site, day);
  if (own && wall >= own.wall + own.from * MINUTE && wall < own.wall + own.close * MINUTE) {
    return own;
  }
  return null;
}

interface Slot {
  start: number;
  wall: number;
  /** Minutes after the window's midnight. */
  minute: number;
  window: Window;
}

/** The slots of days `firstDay`…`lastDay` from `earliest` on, in time order, at most `limit`. */
function slotsBetween(
  site: Site,
  rules: SlotRules,
  earliest: number,
  firstDay: number,
  lastDay: number,
  limit: number,
): Slot[] {
  const slots: Slot[] = [];
  const step = rules.slotMinutes;
  for (let day = firstDay; day <= lastDay && slots.length < limit; day++) {
    const window = windowOn(site, day);
    if (!window) continue;
    let minute = window.open + Math.ceil((window.from - window.open) / step) * step;
    for (; minute < window.close && slots.length < limit; minute += step) {
      const wall = window.wall + minute * MINUTE;
      const start = site.clock.momentOf(wall);
      if (start !== null && start >= earliest) slots.push({ start, wall, minute, window });
    }
  }
  return slots;
}

/** "Sat, Nov 28" for a day counted from today, in the page's language. */
function dateText(site: Site, day: number, page: PageLanguage = ENGLISH): string {
  return shortDateText(dateOfWall(site.todayWall + day * DAY), page);
}

/** "6:15 PM" (today), "11:00 AM tomorrow", "Sat, Nov 28 at 11:00 AM", in the page's language. */
function momentText(site: Site, day: number, minute: number, page: PageLanguage): string {
  const time = clockText(minute, page);
  if (day === 0) return time;
  if (day === 1) return fill(page.words.timeTomorrow, { time });
  return fill(page.words.timeOnDate, { date: dateText(site, day, page), time });
}

function minuteOfWall(wall: number): number {
  return Math.floor((((wall % DAY) + DAY) % DAY) / MINUTE);
}

/** The slots as a customer sees them, in the page's language; each day's date is worked out once. */
function toOrderSlots(site: Site, slots: readonly Slot[], page: PageLanguage): OrderSlot[] {
  const { words } = page;
  const dates = new Map<number, string>();
  return slots.map((slot) => {
    const day = dayOf(site, slot.wall);
    const time = clockText(slot.minute, page);
    let label: string;
    if (day === 0) label = fill(words.slotToday, { time });
    else if (day === 1) label = fill(words.slotTomorrow, { time });
    else {
      let date = dates.get(day);
      if (date === undefined) {
        date = dateText(site, day, page);
        dates.set(day, date);
      }
      label = fill(words.slotOnDate, { date, time });
    }
    return { start: slot.start, date: slot.window.iso, time, label };
  });
}

/** Every slot a customer may choose at `now`, in time order, at most `limit`. */
export function orderSlots(
  schedule: OpeningSchedule,
  rules: SlotRules,
  now: Date,
  limit: number = ORDER_SLOTS_LIMIT,
  /** The order page's language; English when left out. */
  page: PageLanguage = ENGLISH,
): OrderSlot[] {
  const site = siteAt(schedule, now.getTime());
  if (!site) return [];
  const checked = rulesOf(rules);
  const most = Number.isNaN(limit) ? ORDER_SLOTS_LIMIT : Math.max(0, Math.floor(limit));
  const earliest = now.getTime() + checked.leadMinutes * MINUTE;
  return toOrderSlots(
    site,
    slotsBetween(site, checked, earliest, -1, checked.daysAhead, most),
    page,
  );
}

/** A slot time of one day: its moment, its wall-clock label, and its day counted from today. */
export interface DaySlot {
  /** ms since the epoch. */
  start: number;
  /** "7:00 PM", the wall clock where the site is. */
  time: string;
  /** Days after the site's today (0 today, −1 yesterday). */
  day: number;
}

/**
 * The slot times of the hours that open on `date` (the site's calendar day), on the grid of
 * `slotMinutes` from that day's opening (5 to 60), up to `lastStartBeforeClose` minutes before
 * it closes (0: any time before closing), with late hours and daylight saving handled as for
 * orders. No lead and no days ahead apply: a table booking sets its own. `now` anchors the
 * site's "today"; empty when the day keeps no hours or the zone is unknown.
 */
export function slotTimesOn(
  schedule: OpeningSchedule,
  date: LocalDate,
  slotMinutes: number,
  lastStartBeforeClose: number,
  now: Date,
  page: PageLanguage = ENGLISH,
): DaySlot[] {
  const site = siteAt(schedule, now.getTime());
  if (!site || !Number.isInteger(slotMinutes) || slotMinutes < 5 || slotMinutes > 60) return [];
  const dateWall = Date.UTC(date.year, date.month - 1, date.day);
  if (!isMoment(dateWall)) return [];
  const window = windowOn(site, dayOf(site, dateWall));
  if (!window) return [];
  const latest = window.close - Math.max(0, lastStartBeforeClose);
  const slots: DaySlot[] = [];
  let minute = window.open + Math.ceil((window.from - window.open) / slotMinutes) * slotMinutes;
  for (; minute < window.close && minute <= latest; minute += slotMinutes) {
    const start = site.clock.momentOf(window.wall + minute * MINUTE);
    if (start !== null) slots.push({ start, time: clockText(minute, page), day: window.day });
  }
  return slots;
}

/**
 * Whether `start` (ms) is a slot a customer may choose at `now`: null when it is (exactly when
 * `orderSlots` would list it, whatever its limit), else why not. "closed": outside the hours;
 * "not-a-slot": within them but not one of their slot times (or the second 1:30 AM of the
 * night clocks go back); "too-soon": before now plus the lead time (the past included);
 * "too-far": after the days ahead.
 */
export function slotRefusal(
  schedule: OpeningSchedule,
  rules: SlotRules,
  start: number,
  now: Date,
): SlotRefusal | null {
  if (!isMoment(start)) return "not-a-slot";
  const nowMs = now.getTime();
  const site = siteAt(schedule, nowMs);
  if (!site) return "closed";
  const { leadMinutes, slotMinutes, daysAhead } = rulesOf(rules);
  // A moment far from now gets a clock of its own rather than reading the zone all the way there.
  const clock =
    Math.abs(start - nowMs) <= 10 * DAY ? site.clock : new ZoneClock(schedule.timeZone, start);
  const wall = clock.wallAt(start);
  const window = windowAround(site, wall);
  if (!window) return "closed";
  const sinceOpening = wall - window.wall - window.open * MINUTE;
  if (sinceOpening % (slotMinutes * MINUTE) !== 0 || clock.momentOf(wall) !== start) {
    return "not-a-slot";
  }
  if (start < nowMs + leadMinutes * MINUTE) return "too-soon";
  if (window.day > daysAhead) return "too-far";
  return null;
}

/**
 * When orders open, at `from` or later (a moment no earlier than now), and the first slot
 * then; null when not within the look-ahead. Slots only become choosable when a day's
 * midnight brings another day within the days ahead (the lead only ever takes slots away),
 * so after `from` only the days' beginnings need looking at, each adding one day.
 */
function ordersOpen(site: Site, rules: SlotRules, from: number): { at: number; slot: Slot } | null {
  const lead = rules.leadMinutes * MINUTE;
  const fromDay = dayOf(site, site.clock.wallAt(from));
  if (fromDay > ORDERS_LOOKAHEAD_DAYS) return null;
  const [first] = slotsBetween(site, rules, from + lead, fromDay - 1, fromDay + rules.daysAhead, 1);
  if (first) return { at: from, slot: first };
  for (let day = fromDay + 1; day <= ORDERS_LOOKAHEAD_DAYS; day++) {
    const at = site.clock.firstMomentFrom(site.todayWall + day * DAY);
    const last = day + rules.daysAhead;
    const [slot] = slotsBetween(site, rules, at + lead, last, last, 1);
    if (slot) return { at, slot };
  }
  return null;
}

/**
 * What the public page says about ordering at `now`, given the owner's pause (null when not
 * paused; a pause whose end has passed counts as none), and the moment that may change:
 * - accepting: when the first slot stops being choosable (its start less the lead; the status
 *   holds at that very moment and may differ right after), or the next midnight if the text
 *   names a day that will then be called otherwise;
 * - paused until a moment when orders open: that moment (or the next midnight, if sooner and
 *   the text says "tomorrow" or a date);
 * - orders opening with a later day: the next midnight (when the days ahead move on);
 * - nothing within the look-ahead: the next midnight; paused indefinitely, or no time zone
 *   or no hours: null.
 */
export function orderingStatus(
  schedule: OpeningSchedule,
  rules: SlotRules,
  pause: OrderingPause | null,
  now: Date,
  /** The public page's language; English when left out. */
  page: PageLanguage = ENGLISH,
): OrderingStatus {
  const { words } = page;
  const nowMs = now.getTime();
  const site = siteAt(schedule, nowMs);
  const idle = { accepting: false, text: words.notTakingOrders, firstSlot: null };
  if (!site || pause?.indefinitely) return { ...idle, changesAt: null };
  const checked = rulesOf(rules);
  const lead = checked.leadMinutes * MINUTE;
  const nextMidnight = site.clock.firstMomentFrom(site.todayWall + DAY);
  const until = pause && isMoment(pause.until) && pause.until > nowMs ? pause.until : null;

  if (until === null) {
    const [first] = slotsBetween(site, checked, nowMs + lead, -1, checked.daysAhead, 1);
    if (first) {
      const day = dayOf(site, first.wall);
      const stopsAt = first.start - lead;
      return {
        accepting: true,
        text: fill(words.orderingOpenPickupFrom, {
          time: momentText(site, day, first.minute, page),
        }),
        firstSlot: first.start,
        changesAt: day === 0 ? stopsAt : Math.min(stopsAt, nextMidnight),
      };
    }
  }

  const opening = ordersOpen(site, checked, until ?? nowMs);
  if (!opening) return { ...idle, changesAt: nextMidnight };
  if (opening.at === until) {
    // Rounded up to the minute, so that the time named is never one when orders are paused.
    const wall = Math.ceil(site.clock.wallAt(until) / MINUTE) * MINUTE;
    const day = dayOf(site, wall);
    return {
      ...idle,
      text: fill(words.notTakingOrdersUntil, {
        time: momentText(site, day, minuteOfWall(wall), page),
      }),
      changesAt: day === 0 ? until : Math.min(until, nextMidnight),
    };
  }
  const openDay = dayOf(site, site.clock.wallAt(opening.at));
  const slotDay = dayOf(site, opening.slot.wall);
  const time = clockText(opening.slot.minute, page);
  const pickup =
    slotDay === openDay
      ? time
      : fill(words.timeOnDate, { date: dateText(site, slotDay, page), time });
  const opens = openDay === 1 ? words.tomorrow : dateText(site, openDay, page);
  return {
    ...idle,
    text: fill(words.ordersOpenPickupFrom, { day: opens, time: pickup }),
    changesAt: Math.min(opening.at, nextMidnight),
  };
}
