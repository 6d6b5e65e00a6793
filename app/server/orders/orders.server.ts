/**
 * The orders/ folder owns ordering: a site's order settings and pause (here), the Orders
 * tab's save (order-settings-action), placing an order with every rule checked in one
 * transaction (place-order), the customer's order page (order-page) and what the public pages
 * say about ordering (public-ordering), what owners and customers do to an order afterwards
 * (order-changes), the owner's inbox and its actions (order-inbox), the queries behind the
 * inbox, the status page and the 30-day line (order-queries), the CSV export (order-export),
 * the mail about orders and its retries (order-mail, order-mail-templates), reminding owners
 * of orders nobody answered and turning those down (order-escalation), and removing
 * customers' personal data once it has been kept long enough (order-retention). The rules
 * shared with the browser are in app/lib/order-*.ts; decision 22 says how it fits together.
 */
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { DEFAULT_ORDER_SETTINGS, type OrderSettings, type PauseChoice } from "~/lib/order-settings";
import type { Database } from "../db/client.server";
import { orderSettings, productInfo } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";

/** What a site's order settings are made from: its row, less its key and time of change. */
export type OrderSettingsRow = Omit<typeof orderSettings.$inferSelect, "productId" | "updatedAt">;

/** A site's order settings from its row; the defaults (ordering off) when it has none. */
export function orderSettingsFromRow(row: OrderSettingsRow | undefined): OrderSettings {
  if (!row) return { ...DEFAULT_ORDER_SETTINGS };
  return {
    enabled: row.enabled,
    pickup: row.pickup,
    delivery: row.delivery,
    deliveryFeeCents: row.deliveryFeeCents,
    deliveryMinimumCents: row.deliveryMinimumCents,
    deliveryNote: row.deliveryNote,
    leadMinutes: row.leadMinutes,
    slotMinutes: row.slotMinutes,
    daysAhead: row.daysAhead,
    minimumCents: row.minimumCents,
    slotCap: row.slotCap,
    email: row.email,
    pausedUntil: row.pausedUntil ? row.pausedUntil.getTime() : null,
    pausedIndefinitely: row.pausedIndefinitely,
    remindMinutes: row.remindMinutes,
    giveUpMinutes: row.giveUpMinutes,
  };
}

/** A site's order settings; the defaults (ordering off) when its owner never saved any. */
export async function loadOrderSettings(
  db: Database | Transaction,
  productId: string,
  options: { forUpdate?: boolean } = {},
): Promise<OrderSettings> {
  const query = db.select().from(orderSettings).where(eq(orderSettings.productId, productId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return orderSettingsFromRow(row);
}

function toRow(settings: OrderSettings) {
  return {
    ...settings,
    pausedUntil: settings.pausedUntil === null ? null : new Date(settings.pausedUntil),
  };
}

/**
 * Saves the Orders tab (and, for a restaurant, its payment handles on the Info row); a site's
 * pause stays as stored (setOrdersPause changes it). The public pages say whether the site
 * takes orders, so they are dropped.
 */
export async function saveOrderSettings(
  events: Events,
  productId: string,
  settings: OrderSettings,
  paymentHandles?: { paypalUsername: string; venmoUsername: string },
): Promise<void> {
  await events.transaction(async (tx, changes) => {
    const row = toRow(settings);
    // The pause is the inbox's: a save from the Orders tab leaves the stored one as it is,
    // even when the owner paused in another tab after this form was opened.
    const { pausedUntil: _pausedUntil, pausedIndefinitely: _pausedIndefinitely, ...unpaused } = row;
    await tx
      .insert(orderSettings)
      .values({ productId, ...row })
      .onConflictDoUpdate({ target: orderSettings.productId, set: unpaused });
    if (paymentHandles) {
      await tx.update(productInfo).set(paymentHandles).where(eq(productInfo.productId, productId));
    }
    changes.product(productId);
  });
}

/** The next midnight where the site is (in UTC without a zone). */
export function localMidnightAfter(now: number, timeZone: string): number {
  const local = new TZDate(now, timeZone || "UTC");
  return new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + 1,
    timeZone || "UTC",
  ).getTime();
}

/** How long a pause lasts, from `now`, in the site's time zone ("the rest of today"). */
export function pauseFor(
  choice: PauseChoice,
  now: number,
  timeZone: string,
): Pick<OrderSettings, "pausedUntil" | "pausedIndefinitely"> {
  switch (choice) {
    case "30m":
      return { pausedUntil: now + 30 * 60_000, pausedIndefinitely: false };
    case "1h":
      return { pausedUntil: now + 60 * 60_000, pausedIndefinitely: false };
    case "today":
      return { pausedUntil: localMidnightAfter(now, timeZone), pausedIndefinitely: false };
    case "resume":
      return { pausedUntil: null, pausedIndefinitely: true };
  }
}

/** Pauses or resumes a site's orders; its public pages say so at once. */
export async function setOrdersPause(
  events: Events,
  owner: { id: string },
  productId: string,
  pause: Pick<OrderSettings, "pausedUntil" | "pausedIndefinitely">,
): Promise<void> {
  await events.transaction(async (tx, changes) => {
    const row = toRow({
      ...(await loadOrderSettings(tx, productId, { forUpdate: true })),
      ...pause,
    });
    await tx
      .insert(orderSettings)
      .values({ productId, ...row })
      .onConflictDoUpdate({ target: orderSettings.productId, set: row });
    changes.product(productId);
    changes.owner(owner.id);
  });
}
