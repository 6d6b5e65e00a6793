/**
 * The owner's order inbox (/user/orders) and kitchen ticket: every order of the owner's
 * restaurants and shops, sorted into Today, Upcoming and Done, with its times in its site's
 * time zone and its amounts in its currency, ready to show; and the inbox's one-tap actions
 * (accept, reject, ready, completed, retry a card refund that failed; pause and resume a
 * site). Every order action begins
 * with `requireSiteOrder`, every pause with `requireSite`; an order that has moved
 * on answers 409 with ORDER_ACTION_MESSAGES.notAllowed.
 */
import { takesOrders } from "~/sites";
import { data, type RouterContextProvider } from "react-router";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { fill } from "~/lib/i18n/text";
import { DONE_DAYS, type InboxView } from "~/lib/order-inbox";
import { choicesText, type PricedLine } from "~/lib/order-cart";
import { pauseAt, PAUSE_CHOICES, type PauseChoice } from "~/lib/order-settings";
import {
  ACCEPT_DELAYS,
  isClosed,
  nextState,
  ORDER_ACTION_MESSAGES,
  REJECT_REASON_MAX_LENGTH,
  type OrderAction,
  type OrderState,
} from "~/lib/order-states";
import { formatPrice } from "~/lib/price";
import { publicPath } from "~/lib/slug";
import { roleMay, type SiteRole } from "~/lib/site-access";
import { staffWords } from "~/lib/i18n/portal/staff";
import { isKnownTimeZone } from "~/lib/time-zones";
import type { Database } from "../db/client.server";
import { requireSiteOrder, requireSite } from "../access/site-access.server";
import { retryRefund } from "../payments/card-refunds.server";
import { loadProductInfo } from "../repositories/products.server";
import { formText } from "../http/forms.server";
import { publicPagesNow } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";
import { changeOrder, type OrderChange } from "./order-changes.server";
import {
  dailyOrderTotals,
  inboxOrders,
  orderingSitesFor,
  type OrderRow,
} from "./order-queries.server";
import { loadOrderSettings, localMidnightAfter, pauseFor, setOrdersPause } from "./orders.server";

/** The line of orders and revenue covers this many days, today included. */
export const TOTALS_DAYS = 30;

const DAY = 24 * 60 * 60_000;

// Times -------------------------------------------------------------------------------

function zoneOf(timeZone: string): string {
  return isKnownTimeZone(timeZone) ? timeZone : "UTC";
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: "clock" | "date" | "day" | "iso"): Intl.DateTimeFormat {
  const key = `${timeZone}\u0000${kind}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === "clock"
        ? { hour: "numeric", minute: "2-digit" }
        : kind === "date"
          ? { weekday: "short", month: "short", day: "numeric" }
          : kind === "day"
            ? { month: "short", day: "numeric" }
            : {
                year: "numeric",
                month: "2-digit",
                day: "2-digit",
                hour: "2-digit",
                minute: "2-digit",
                hourCycle: "h23",
              };
    found = new Intl.DateTimeFormat(kind === "iso" ? "en-CA" : "en-US", { ...options, timeZone });
    if (formatters.size > 256) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

/** The site's calendar date of a moment, YYYY-MM-DD. */
export function localDate(at: number, timeZone: string): string {
  return localDateTime(at, timeZone).slice(0, 10);
}

/** "2026-03-14 18:15": the site's wall clock, for files. */
export function localDateTime(at: number, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(zoneOf(timeZone), "iso")
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** "6:15 PM" where the site is; spaces plain, so server and browser agree. */
export function clockAt(at: number, timeZone: string): string {
  return formatter(zoneOf(timeZone), "clock").format(new Date(at)).replace(/\s/g, " ");
}

/** "Today, 6:15 PM", "Tomorrow, 11:00 AM", "Yesterday, 9:00 PM" or "Sat, Nov 28, 11:00 AM". */
export function momentText(at: number, timeZone: string, now: number): string {
  const zone = zoneOf(timeZone);
  const day = localDate(at, zone);
  const today = localDate(now, zone);
  const clock = clockAt(at, zone);
  if (day === today) return fill(ordersWords.momentToday, { time: clock });
  if (day === localDate(now + DAY, zone)) return fill(ordersWords.momentTomorrow, { time: clock });
  if (day === localDate(now - DAY, zone)) return fill(ordersWords.momentYesterday, { time: clock });
  return fill(ordersWords.momentOnDate, {
    date: formatter(zone, "date").format(new Date(at)),
    time: clock,
  }).replace(/\s/g, " ");
}

/** "6:15 PM" when that is today where the site is, else as `momentText` says it. */
export function shortMomentText(at: number, timeZone: string, now: number): string {
  const zone = zoneOf(timeZone);
  return localDate(at, zone) === localDate(now, zone)
    ? clockAt(at, zone)
    : momentText(at, zone, now);
}

/** What the owner reads for an order's state. */
export const STATE_LABELS: Record<OrderState, string> = {
  "awaiting-payment": ordersWords.stateAwaitingPayment,
  new: ordersWords.stateNew,
  accepted: ordersWords.stateAccepted,
  ready: ordersWords.stateReady,
  completed: ordersWords.stateCompleted,
  rejected: ordersWords.stateRejected,
  cancelled: ordersWords.stateCancelled,
};

// The inbox's orders --------------------------------------------------------------------

export interface InboxLine {
  quantity: number;
  name: string;
  /** "Large · Extra cheese", or "". */
  choices: string;
}

/**
 * How an order is paid, as the owner reads it: at pickup or delivery (the order page may have
 * offered a PayPal or Venmo link), or by card, where its money stands. A card order still
 * awaiting its payment never reaches the owner (order-queries' `ownerKnowsOf`).
 */
export type PaymentLine =
  | "in-person"
  | "paid"
  | "refund-pending"
  | "refunded"
  | "refund-failed"
  | "amount-mismatch"
  | "awaiting";

export interface InboxPayment {
  line: PaymentLine;
  /** The provider's words for a refund it refused, or why a payment did not match; or "". */
  problem: string;
  /** An order paid in person whose site offers PayPal or Venmo links on its status page. */
  linksOffered: boolean;
}

export function paymentLineOf(order: Pick<OrderRow, "payment" | "paymentState">): PaymentLine {
  if (order.payment !== "card") return "in-person";
  switch (order.paymentState) {
    case "paid":
      return "paid";
    case "refunding":
      return "refund-pending";
    case "refunded":
      return "refunded";
    case "refund-failed":
      return "refund-failed";
    case "amount-mismatch":
      return "amount-mismatch";
    default:
      return "awaiting";
  }
}

export interface InboxOrder {
  id: string;
  number: number;
  siteId: string;
  siteName: string;
  state: OrderState;
  stateLabel: string;
  fulfilment: "pickup" | "delivery";
  /** "Today, 6:15 PM": the asked time, where the site is. */
  askedText: string;
  /** The time promised on accepting, when it differs from the asked one. */
  readyText: string | null;
  /** The same, without the day when that is today ("6:30 PM"). */
  readyShortText: string | null;
  /** When it is due, in ms: the time promised on accepting, else the asked one. */
  dueAt: number;
  placedText: string;
  customerName: string;
  customerPhone: string;
  deliveryAddress: string;
  note: string;
  lines: InboxLine[];
  subtotalText: string;
  deliveryFeeText: string | null;
  totalText: string;
  rejectReason: string;
  /** Who accepted, rejected or completed it, by name; null before anyone did in the portal. */
  handledBy: string | null;
  mailFailed: boolean;
  payment: InboxPayment;
  /** What the owner may do to it now. */
  can: Record<"accept" | "reject" | "ready" | "complete" | "retryRefund", boolean>;
}

export function linesOf(lines: readonly PricedLine[]): InboxLine[] {
  return lines.map((line) => ({
    quantity: line.quantity,
    name: line.name,
    choices: choicesText(line.choices),
  }));
}

export function inboxOrder(
  row: OrderRow,
  site: { name: string; timeZone: string; paypalUsername?: string; venmoUsername?: string },
  now: number,
  mailFailed = false,
): InboxOrder {
  const line = paymentLineOf(row);
  const can = (action: OrderAction) => nextState(row.state, action) !== null;
  const asked = row.slotAt.getTime();
  const ready = row.readyAt?.getTime() ?? null;
  const readyDiffers = ready !== null && Math.abs(ready - asked) >= 60_000;
  return {
    id: row.id,
    number: row.number,
    siteId: row.productId,
    siteName: site.name,
    state: row.state,
    stateLabel: STATE_LABELS[row.state],
    fulfilment: row.fulfilment,
    askedText: momentText(asked, site.timeZone, now),
    readyText: readyDiffers ? momentText(ready, site.timeZone, now) : null,
    readyShortText: readyDiffers ? shortMomentText(ready, site.timeZone, now) : null,
    dueAt: ready ?? asked,
    placedText: momentText(row.createdAt.getTime(), site.timeZone, now),
    customerName: row.customerName,
    customerPhone: row.customerPhone,
    deliveryAddress: row.deliveryAddress,
    note: row.note,
    lines: linesOf(row.lines),
    subtotalText: formatPrice(row.subtotalCents, row.currency),
    deliveryFeeText:
      row.fulfilment === "delivery" ? formatPrice(row.deliveryFeeCents, row.currency) : null,
    totalText: formatPrice(row.totalCents, row.currency),
    rejectReason: row.rejectReason,
    handledBy: handledByText(row.history),
    mailFailed,
    payment: {
      line,
      problem: line === "refund-failed" || line === "amount-mismatch" ? row.paymentProblem : "",
      linksOffered: line === "in-person" && Boolean(site.paypalUsername || site.venmoUsername),
    },
    can: {
      accept: can("accept"),
      reject: can("reject"),
      ready: can("ready"),
      complete: can("complete"),
      retryRefund: line === "refund-failed",
    },
  };
}

/** The moves that say who took charge of an order, as its history names them. */
const HANDLED_WORDS: Partial<Record<OrderState, string>> = {
  accepted: staffWords.acceptedBy,
  rejected: staffWords.rejectedBy,
  completed: staffWords.completedBy,
};

/** "Accepted by Ana · Completed by Sam": who moved the order, where its history says. */
function handledByText(history: OrderRow["history"]): string | null {
  const said = history.flatMap((entry) => {
    const words = HANDLED_WORDS[entry.state];
    return words && entry.by ? [fill(words, { name: entry.by.name })] : [];
  });
  return said.length > 0 ? said.join(" · ") : null;
}

export interface InboxSite {
  id: string;
  name: string;
  enabled: boolean;
  /** "Paused until 6:30 PM", "Paused until you resume", or null when not paused. */
  pausedText: string | null;
  orderPagePath: string;
  /** The signed-in person's role on the site: staff see it marked. */
  role: SiteRole;
  /** The site's Orders tab, for those whose role edits the site. */
  editorPath: string | null;
}

export interface InboxDay {
  day: string;
  label: string;
  orders: number;
  revenueCents: number;
}

const SORT_NEW_FIRST = (a: OrderRow, b: OrderRow) =>
  Number(b.state === "new") - Number(a.state === "new") ||
  a.slotAt.getTime() - b.slotAt.getTime() ||
  a.number - b.number;

/** Everything the inbox shows for `view`, at `now`. */
export async function loadInbox(
  db: Database,
  /** The person's sites that take orders (`orderingSitesFor`), read once by the page. */
  sites: Awaited<ReturnType<typeof orderingSitesFor>>,
  view: InboxView,
  now: number,
) {
  const byId = new Map(sites.map((site) => [site.id, site]));
  const ids = sites.map((site) => site.id);
  const [rows, totals, settings] = await Promise.all([
    inboxOrders(db, ids, new Date(now - DONE_DAYS * DAY)),
    dailyOrderTotals(db, ids, new Date(startOfUtcDay(now) - (TOTALS_DAYS - 1) * DAY)),
    Promise.all(sites.map((site) => loadOrderSettings(db, site.id))),
  ]);

  const endOfToday = new Map(
    sites.map((site) => [site.id, localMidnightAfter(now, zoneOf(site.timeZone))]),
  );
  const groups: Record<InboxView, Array<{ order: OrderRow; mailFailed: boolean }>> = {
    today: [],
    upcoming: [],
    done: [],
  };
  for (const row of rows) {
    const { order } = row;
    if (isClosed(order.state)) groups.done.push(row);
    else if (
      order.state === "new" ||
      order.slotAt.getTime() < (endOfToday.get(order.productId) ?? now)
    ) {
      groups.today.push(row);
    } else groups.upcoming.push(row);
  }
  groups.today.sort((a, b) => SORT_NEW_FIRST(a.order, b.order));
  groups.upcoming.sort((a, b) => SORT_NEW_FIRST(a.order, b.order));
  groups.done.sort(
    (a, b) => (b.order.closedAt?.getTime() ?? 0) - (a.order.closedAt?.getTime() ?? 0),
  );

  const days = totalsByDay(totals, now);
  // The line's amounts are in the owner's one currency; several: the most used one's.
  const currencies = rows.map((row) => row.order.currency).concat(sites.map((s) => s.currency));
  const currency = mostCommon(currencies) ?? "USD";

  return {
    view,
    sites: sites.map((site, index): InboxSite => ({
      id: site.id,
      name: site.name,
      enabled: settings[index]!.enabled,
      pausedText: pausedText(settings[index]!, site.timeZone, now),
      orderPagePath: `${publicPath(site.type, site.slug, site.id)}/order`,
      role: site.role,
      editorPath: roleMay(site.role, "site.edit")
        ? `/user/${site.type}/setup/${site.id}?tab=orders`
        : null,
    })),
    counts: {
      today: groups.today.length,
      upcoming: groups.upcoming.length,
      done: groups.done.length,
      new: rows.filter((row) => row.order.state === "new").length,
    },
    orders: groups[view].map(({ order, mailFailed }) =>
      inboxOrder(order, byId.get(order.productId)!, now, mailFailed),
    ),
    days,
    currency,
    totalOrders: days.reduce((sum, day) => sum + day.orders, 0),
    totalRevenueText: formatPrice(
      days.reduce((sum, day) => sum + day.revenueCents, 0),
      currency,
    ),
  };
}

function pausedText(
  settings: Parameters<typeof pauseAt>[0],
  timeZone: string,
  now: number,
): string | null {
  const pause = pauseAt(settings, now);
  if (!pause) return null;
  if (pause.indefinitely || pause.until === null) return ordersWords.pausedUntilResumed;
  const zone = zoneOf(timeZone);
  // The rest of today ends at the next midnight.
  const midnight =
    localDate(pause.until, zone) === localDate(now + DAY, zone) &&
    localDateTime(pause.until, zone).endsWith(" 00:00");
  return fill(ordersWords.pausedUntil, {
    time: midnight ? ordersWords.midnight : shortMomentText(pause.until, zone, now),
  });
}

function startOfUtcDay(now: number): number {
  return Math.floor(now / DAY) * DAY;
}

function totalsByDay(
  totals: Array<{ day: string; orders: number; revenueCents: number }>,
  now: number,
): InboxDay[] {
  const found = new Map(totals.map((row) => [row.day, row]));
  const first = startOfUtcDay(now) - (TOTALS_DAYS - 1) * DAY;
  return Array.from({ length: TOTALS_DAYS }, (_, index) => {
    const day = new Date(first + index * DAY).toISOString().slice(0, 10);
    const row = found.get(day);
    return {
      day,
      label: formatter("UTC", "day").format(new Date(`${day}T00:00:00Z`)),
      orders: row?.orders ?? 0,
      revenueCents: row?.revenueCents ?? 0,
    };
  });
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)!) best = value;
  return best;
}

// The inbox's actions ------------------------------------------------------------------

export type InboxIntent =
  "accept" | "reject" | "ready" | "complete" | "pause" | "resume" | "retry-refund";

export type InboxActionResult =
  | { ok: true; intent: InboxIntent; id: string; message: string }
  | { ok: false; intent: InboxIntent | null; id: string | null; error: string };

export const INBOX_MESSAGES = Object.freeze({
  unknownIntent: ordersWords.unknownIntent,
  chooseDelay: ordersWords.chooseDelay,
  choosePause: ordersWords.choosePause,
  notOrdering: ordersWords.notOrdering,
  noFailedRefund: ordersWords.noFailedRefund,
});

function refuse(intent: InboxIntent | null, id: string | null, error: string, status: number) {
  return data<InboxActionResult>({ ok: false, intent, id, error }, { status });
}

/** The reject reason a form gives: a listed one, or the owner's own words. */
export function rejectReasonOf(form: FormData): { reason: string } | { error: string } {
  const chosen = formText(form, "reason").trim();
  const reason =
    chosen === "other" || chosen === "" ? formText(form, "otherReason").trim() : chosen;
  if (reason === "") return { error: ORDER_ACTION_MESSAGES.reasonRequired };
  if (reason.length > REJECT_REASON_MAX_LENGTH)
    return { error: ORDER_ACTION_MESSAGES.reasonTooLong };
  return { reason };
}

const DONE_MESSAGES: Record<OrderAction, string> = {
  accept: ordersWords.orderAccepted,
  reject: ordersWords.orderRejected,
  ready: ordersWords.orderIsReady,
  complete: ordersWords.orderCompleted,
  cancel: ordersWords.orderCancelled,
};

/** Runs one of the inbox's intents for the signed-in owner. */
export async function runInboxIntent(
  context: Readonly<RouterContextProvider>,
  services: Pick<AppServices, "db" | "events" | "env" | "orderMail">,
  form: FormData,
) {
  const intent = formText(form, "intent") as InboxIntent;
  const now = publicPagesNow(services.env).getTime();

  if (intent === "pause" || intent === "resume") {
    const productId = formText(form, "productId");
    const { product } = await requireSite(context, productId, "orders");
    if (!takesOrders(product.type)) {
      return refuse(intent, productId, INBOX_MESSAGES.notOrdering, 400);
    }
    let pause: { pausedUntil: number | null; pausedIndefinitely: boolean };
    if (intent === "resume") {
      pause = { pausedUntil: null, pausedIndefinitely: false };
    } else {
      const choice = formText(form, "choice");
      if (!(PAUSE_CHOICES as readonly string[]).includes(choice)) {
        return refuse(intent, productId, INBOX_MESSAGES.choosePause, 400);
      }
      const info = await loadProductInfo(services.db, product.id);
      pause = pauseFor(choice as PauseChoice, now, zoneOf(info?.timeZone ?? ""));
    }
    await setOrdersPause(services.events, { id: product.ownerUid }, product.id, pause);
    return data<InboxActionResult>({
      ok: true,
      intent,
      id: product.id,
      message:
        intent === "resume"
          ? fill(ordersWords.takesOrdersAgain, { name: product.name })
          : ordersWords.ordersPaused,
    });
  }

  if (intent === "retry-refund") {
    const { order } = await requireSiteOrder(context, formText(form, "orderId"), "orders");
    if (!(await retryRefund(services.events, order.id, now))) {
      return refuse(intent, order.id, INBOX_MESSAGES.noFailedRefund, 409);
    }
    // The outbox asks the provider at once; the page hears the outcome live.
    services.orderMail.kick();
    return data<InboxActionResult>({
      ok: true,
      intent,
      id: order.id,
      message: fill(ordersWords.refundAskedAgain, { number: order.number }),
    });
  }

  if (intent !== "accept" && intent !== "reject" && intent !== "ready" && intent !== "complete") {
    return refuse(null, null, INBOX_MESSAGES.unknownIntent, 400);
  }
  const { order, user } = await requireSiteOrder(context, formText(form, "orderId"), "orders");
  let change: OrderChange;
  if (intent === "accept") {
    const delay = Number(formText(form, "delay") || "0");
    if (!(ACCEPT_DELAYS as readonly number[]).includes(delay)) {
      return refuse(intent, order.id, INBOX_MESSAGES.chooseDelay, 400);
    }
    change = { action: "accept", delayMinutes: delay };
  } else if (intent === "reject") {
    const reason = rejectReasonOf(form);
    if ("error" in reason) return refuse(intent, order.id, reason.error, 400);
    change = { action: "reject", reason: reason.reason };
  } else {
    change = { action: intent };
  }
  const result = await changeOrder(services.events, order.id, change, now, {
    by: { id: user.id, name: user.username },
  });
  if (!result.changed) {
    return refuse(intent, order.id, ORDER_ACTION_MESSAGES.notAllowed, 409);
  }
  services.orderMail.kick();
  return data<InboxActionResult>({
    ok: true,
    intent,
    id: order.id,
    message: fill(DONE_MESSAGES[change.action], { number: order.number }),
  });
}
