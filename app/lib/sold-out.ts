/**
 * Sold out ("86"): an item, or one choice of its options, can be sold out until the owner
 * turns it back (`soldOut`), or for today (`soldOutUntil`: back on sale at the site's next
 * opening, computed when the owner taps, see `soldOutTodayUntil` in ./opening-status.ts).
 * Whether it is sold out depends on the time, so every reader passes its `now` in.
 */
import type { OptionChoice, OptionGroup } from "./option-groups";

/** How the owner marks it: for today, or until they turn it back. */
export const SOLD_OUT_SPANS = ["today", "until-back"] as const;
export type SoldOutSpan = (typeof SOLD_OUT_SPANS)[number];

export function isSoldOutSpan(value: unknown): value is SoldOutSpan {
  return (SOLD_OUT_SPANS as readonly unknown[]).includes(value);
}

/** An item's or a choice's two fields, as stored. */
export interface SoldOutFields {
  soldOut: boolean;
  /** The moment it is back (ms since the epoch, an ISO text or a Date); null or absent: not for today. */
  soldOutUntil?: number | string | Date | null;
}

/** The moment of a stored `soldOutUntil`, or null when there is none (or it is unreadable). */
export function untilMoment(value: SoldOutFields["soldOutUntil"]): number | null {
  if (value === null || value === undefined) return null;
  const moment =
    typeof value === "number" ? value : value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(moment) ? moment : null;
}

/** Whether it is sold out at `now`: until turned back, or for today and today is not over. */
export function isSoldOutAt(fields: SoldOutFields, now: number): boolean {
  if (fields.soldOut) return true;
  const until = untilMoment(fields.soldOutUntil);
  return until !== null && until > now;
}

/** The moment it comes back by itself, when that is still ahead of `now`; else null. */
export function backAt(fields: SoldOutFields, now: number): number | null {
  if (fields.soldOut) return null;
  const until = untilMoment(fields.soldOutUntil);
  return until !== null && until > now ? until : null;
}

/**
 * The options as a page shows them at `now`: each choice's `soldOut` says whether it is sold
 * out now, for whichever reason, and its `soldOutUntil` is left out (a page has no use for it).
 */
export function optionsSoldOutAt(options: readonly OptionGroup[], now: number): OptionGroup[] {
  return options.map((group) => ({
    ...group,
    // Each field named rather than the rest copied: every choice of a page passes here on
    // every uncached view, and three groups of three take 0.25 µs this way, 1.1 with a rest.
    choices: group.choices.map((choice): Omit<OptionChoice, "soldOutUntil"> => ({
      id: choice.id,
      name: choice.name,
      priceChangeCents: choice.priceChangeCents,
      soldOut: isSoldOutAt(choice, now),
    })),
  }));
}

/**
 * The first moment after `now` at which any item or choice comes back by itself: a page that
 * shows them sold out is right only until then (its cache entry expires there); null if none.
 */
export function soldOutChangesAt(
  items: ReadonlyArray<SoldOutFields & { options?: readonly OptionGroup[] }>,
  now: number,
): number | null {
  let soonest: number | null = null;
  const consider = (fields: SoldOutFields) => {
    const at = backAt(fields, now);
    if (at !== null && (soonest === null || at < soonest)) soonest = at;
  };
  for (const item of items) {
    consider(item);
    for (const group of item.options ?? []) for (const choice of group.choices) consider(choice);
  }
  return soonest;
}
