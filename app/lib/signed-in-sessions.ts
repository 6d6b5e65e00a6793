/**
 * The places an owner is signed in, as User Info lists them.
 */
import { accountWords } from "~/lib/i18n/portal/account";
import { fill } from "~/lib/i18n/text";

export interface SignedInSession {
  id: string;
  /** "Chrome on Android" */
  device: string;
  /** ISO time of the session's last refresh (at most a day apart while it is in use). */
  lastUsed: string;
  /** "Active now" for this browser's session, else what `lastActive` says. */
  activity: string;
  current: boolean;
}

/**
 * When a session was last active, in words ("Active today", "Last active 3 days
 * ago"). A session's record is only
 * refreshed once a day (better-auth's `updateAge`), so days are as precise as it can
 * honestly say. Worked out on the server once per page, so the browser shows the
 * words it was sent.
 */
const DAY_SECONDS = 24 * 3600;

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * DAY_SECONDS],
  ["month", 30 * DAY_SECONDS],
  ["week", 7 * DAY_SECONDS],
  ["day", DAY_SECONDS],
];

const RELATIVE = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

export function lastActive(refreshedAt: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - refreshedAt.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      const when = RELATIVE.format(-Math.floor(seconds / size), unit);
      return fill(accountWords.sessionLastActive, { when });
    }
  }
  return accountWords.sessionActiveToday;
}
