/**
 * How a restaurant or a shop takes orders: on or off, pickup and delivery, when customers
 * may pick up, the minimums, and where the owner is told. The Orders tab's form is checked
 * by ./order-settings-schema.ts; every setting is enforced when an order is placed
 * (app/server/orders/).
 */
import { orderSettingsWords } from "~/lib/i18n/portal/order-settings";
import { fill } from "~/lib/i18n/text";

export const SLOT_LENGTHS = [5, 10, 15, 20, 30, 60] as const;
export const MAX_LEAD_MINUTES = 240;
export const MAX_DAYS_AHEAD = 7;
export const MAX_SLOT_CAP = 500;
export const DELIVERY_NOTE_MAX_LENGTH = 80;
/** A new order left unanswered: the owner is reminded after 1–60 minutes… */
export const MIN_REMIND_MINUTES = 1;
export const MAX_REMIND_MINUTES = 60;
/** …and the order is turned down after 5–240 minutes (later than the reminder), or never. */
export const MIN_GIVE_UP_MINUTES = 5;
export const MAX_GIVE_UP_MINUTES = 240;

export interface OrderSettings {
  enabled: boolean;
  pickup: boolean;
  delivery: boolean;
  deliveryFeeCents: number;
  /** The smallest subtotal taken for delivery; 0 for none. */
  deliveryMinimumCents: number;
  /** "We deliver within 3 km". */
  deliveryNote: string;
  leadMinutes: number;
  slotMinutes: number;
  /** 0 = today only. */
  daysAhead: number;
  /** The smallest subtotal taken at all; 0 for none. */
  minimumCents: number;
  /** Orders per slot at most, or null for no cap. */
  slotCap: number | null;
  /** Where new orders are mailed; "" means the account's address. */
  email: string;
  /** Orders paused until this moment (ms), or indefinitely; null when not paused. */
  pausedUntil: number | null;
  pausedIndefinitely: boolean;
  /** A new order still unanswered this many minutes after it arrived: the owner is mailed again. */
  remindMinutes: number;
  /** …and this many minutes after, it is turned down; null: never. */
  giveUpMinutes: number | null;
}

/** A site's settings before its owner has opened the Orders tab: ordering off. */
export const DEFAULT_ORDER_SETTINGS: Readonly<OrderSettings> = Object.freeze({
  enabled: false,
  pickup: true,
  delivery: false,
  deliveryFeeCents: 0,
  deliveryMinimumCents: 0,
  deliveryNote: "",
  leadMinutes: 20,
  slotMinutes: 15,
  daysAhead: 0,
  minimumCents: 0,
  slotCap: null,
  email: "",
  pausedUntil: null,
  pausedIndefinitely: false,
  remindMinutes: 3,
  giveUpMinutes: 15,
});

// Filling is pure: a module that only needs the limits leaves these words out.
export const ORDER_SETTINGS_MESSAGES = Object.freeze({
  chooseAWay: orderSettingsWords.chooseAWay,
  leadMinutes: /* @__PURE__ */ fill(orderSettingsWords.leadMinutesRange, { max: MAX_LEAD_MINUTES }),
  slotMinutes: /* @__PURE__ */ fill(orderSettingsWords.slotMinutesChoice, {
    lengths: SLOT_LENGTHS.join(", "),
  }),
  daysAhead: /* @__PURE__ */ fill(orderSettingsWords.daysAheadRange, { max: MAX_DAYS_AHEAD }),
  slotCap: /* @__PURE__ */ fill(orderSettingsWords.slotCapRange, { max: MAX_SLOT_CAP }),
  email: orderSettingsWords.emailInvalid,
  deliveryNote: /* @__PURE__ */ fill(orderSettingsWords.deliveryNoteTooLong, {
    max: DELIVERY_NOTE_MAX_LENGTH,
  }),
  remindMinutes: /* @__PURE__ */ fill(orderSettingsWords.remindMinutesRange, {
    min: MIN_REMIND_MINUTES,
    max: MAX_REMIND_MINUTES,
  }),
  giveUpMinutes: /* @__PURE__ */ fill(orderSettingsWords.giveUpMinutesRange, {
    min: MIN_GIVE_UP_MINUTES,
    max: MAX_GIVE_UP_MINUTES,
  }),
  giveUpAfterRemind: orderSettingsWords.giveUpAfterRemind,
  saved: orderSettingsWords.saved,
  failed: orderSettingsWords.failed,
});

/** The settings the slot arithmetic reads (app/lib/order-slots.ts's SlotRules). */
export function slotRules(
  settings: Pick<OrderSettings, "leadMinutes" | "slotMinutes" | "daysAhead">,
): Pick<OrderSettings, "leadMinutes" | "slotMinutes" | "daysAhead"> {
  return {
    leadMinutes: settings.leadMinutes,
    slotMinutes: settings.slotMinutes,
    daysAhead: settings.daysAhead,
  };
}

/** The pause in force at `now`, as the slot rules read it; null when orders are not paused. */
export function pauseAt(
  settings: Pick<OrderSettings, "pausedUntil" | "pausedIndefinitely">,
  now: number,
): { until: number | null; indefinitely: boolean } | null {
  if (settings.pausedIndefinitely) return { until: null, indefinitely: true };
  if (settings.pausedUntil !== null && settings.pausedUntil > now) {
    return { until: settings.pausedUntil, indefinitely: false };
  }
  return null;
}

/** How long "Pause orders" lasts: the inbox's choices (their labels are the inbox's). */
export const PAUSE_CHOICES = ["30m", "1h", "today", "resume"] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];
