/**
 * Placing an order: every rule checked against the site as it is now, in one transaction that
 * holds the site's row locked, so a slot's cap and the site's orders per 10 minutes hold
 * however many customers press "Place order" at once, and the same form sent twice gives the
 * one order. A refused order writes nothing, and counts towards no limit of the site. The order's mail to the owner is queued in the same transaction and sent after
 * the commit (order-mail.server.ts): a slow or failing mail server cannot lose or delay it.
 */
import { ORDERING_TYPES } from "~/sites";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, max, sql } from "drizzle-orm";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { translateItem } from "~/lib/i18n/translatable-texts";
import type { PageLanguage } from "~/lib/i18n/page-language";
import { fill, pluralText } from "~/lib/i18n/text";
import { storedOptions } from "~/lib/item-options";
import { isSoldOutAt, optionsSoldOutAt } from "~/lib/sold-out";
import { pagePrice } from "~/lib/item-options-display";
import { normalizeHours } from "~/lib/hours";
import { storedSpecialHours } from "~/lib/special-hours";
import {
  formatCart,
  priceCart,
  type CartLine,
  type LineProblem,
  type OrderableItem,
  type PricedLine,
} from "~/lib/order-cart";
import type { PlaceOrderInput } from "~/lib/order-form-schema";
import type { OrderPayment } from "~/lib/card-payments";
import { pauseAt, slotRules, type OrderSettings } from "~/lib/order-settings";
import { slotRefusal, type SlotRefusal } from "~/lib/order-slots";
import { holdsItsSlot, ORDER_STATES } from "~/lib/order-states";
import { siteCurrency } from "~/lib/currency";
import { createId } from "../db/ids.server";
import { items, orderMail, orders, productInfo, products } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";
import { retryAfterMinutes, siteLimitWait } from "../http/write-limits.server";
import { loadTranslations } from "../repositories/translations.server";
import { siteCardPayments } from "../payments/payment-accounts.server";
import { PUSH_NEW_ORDER_KIND, queueOrderPush } from "../push/order-push.server";
import { loadOrderSettings } from "./orders.server";

/** Why an order was refused; also the label `/metrics` counts refusals by. */
export type RefusalReason =
  | "not-taking-orders"
  | "paused"
  | "fulfilment"
  | "slot"
  | "slot-full"
  | "items"
  | "minimum"
  | "delivery-minimum"
  | "site-limit"
  | "payment";

export type PlaceOrderResult =
  | {
      placed: true;
      token: string;
      orderId: string;
      existing: boolean;
      /** Paid by card: the customer goes to its checkout (payments/card-checkout.server.ts). */
      byCard: boolean;
    }
  | {
      placed: false;
      reason: RefusalReason;
      message: string;
      /** For "items": each line that cannot be ordered and why. */
      problems?: LineProblem[];
      /** The field the message belongs to, where there is one. */
      field?: "slot" | "fulfilment";
    };

/** The site as an order needs it, read inside the placing transaction. */
interface OrderingSite {
  id: string;
  ownerUid: string;
  hours: ReturnType<typeof normalizeHours>;
  specialHours: ReturnType<typeof storedSpecialHours>;
  timeZone: string;
  currency: string;
}

async function lockOrderingSite(tx: Transaction, productId: string): Promise<OrderingSite | null> {
  const [row] = await tx
    .select({
      id: products.id,
      ownerUid: products.ownerUid,
      hours: productInfo.hours,
      specialHours: productInfo.specialHours,
      timeZone: productInfo.timeZone,
      currency: productInfo.currency,
    })
    .from(products)
    .innerJoin(productInfo, eq(productInfo.productId, products.id))
    .where(
      and(
        eq(products.id, productId),
        eq(products.exists, true),
        inArray(products.type, [...ORDERING_TYPES]),
      ),
    )
    .for("update", { of: products });
  if (!row) return null;
  return {
    ...row,
    hours: normalizeHours(row.hours),
    specialHours: storedSpecialHours(row.specialHours),
    currency: siteCurrency(row.currency),
  };
}

/** A site's items as an order prices them at `now` (sold out for today or not), by id. */
export async function orderableItems(
  db: Pick<Transaction, "select">,
  productId: string,
  now: number,
): Promise<Map<string, OrderableItem>> {
  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      priceCents: items.priceCents,
      soldOut: items.soldOut,
      soldOutUntil: items.soldOutUntil,
      options: items.options,
    })
    .from(items)
    .where(eq(items.productId, productId));
  return new Map(
    rows.map(({ soldOutUntil, ...row }) => [
      row.id,
      {
        ...row,
        soldOut: isSoldOutAt({ soldOut: row.soldOut, soldOutUntil }, now),
        options: optionsSoldOutAt(storedOptions(row.options), now),
      },
    ]),
  );
}

/**
 * What the site's rules say of an order that has priced lines: refused with a reason and a
 * message in the page's language, or its delivery fee and total. Used by the review step
 * too, so a customer learns before placing.
 */
export function checkOrderRules(
  settings: OrderSettings,
  site: Pick<OrderingSite, "hours" | "specialHours" | "timeZone" | "currency">,
  order: { fulfilment: "pickup" | "delivery"; slot: number | null; subtotalCents: number },
  now: number,
  page: PageLanguage,
):
  | { ok: true; deliveryFeeCents: number; totalCents: number }
  | { ok: false; reason: RefusalReason; message: string; field?: "slot" | "fulfilment" } {
  const { words } = page;
  if (!settings.enabled) {
    return { ok: false, reason: "not-taking-orders", message: words.noOrdersOnline };
  }
  if (pauseAt(settings, now)) return { ok: false, reason: "paused", message: words.ordersPaused };
  if (order.fulfilment === "pickup" && !settings.pickup) {
    return { ok: false, reason: "fulfilment", message: words.noPickup, field: "fulfilment" };
  }
  if (order.fulfilment === "delivery" && !settings.delivery) {
    return { ok: false, reason: "fulfilment", message: words.noDelivery, field: "fulfilment" };
  }
  if (order.slot !== null) {
    const refusal = slotRefusal(
      { hours: site.hours, specialHours: site.specialHours, timeZone: site.timeZone },
      slotRules(settings),
      order.slot,
      new Date(now),
    );
    if (refusal) {
      return { ok: false, reason: "slot", message: SLOT_REFUSALS[refusal](words), field: "slot" };
    }
  }
  const amount = (cents: number) => pagePrice(cents, site.currency, page);
  if (order.subtotalCents < settings.minimumCents) {
    return {
      ok: false,
      reason: "minimum",
      message: fill(words.minimumOrderIs, { price: amount(settings.minimumCents) }),
    };
  }
  const delivering = order.fulfilment === "delivery";
  if (delivering && order.subtotalCents < settings.deliveryMinimumCents) {
    return {
      ok: false,
      reason: "delivery-minimum",
      message: fill(words.deliveryMinimumIs, { price: amount(settings.deliveryMinimumCents) }),
      field: "fulfilment",
    };
  }
  const deliveryFeeCents = delivering ? settings.deliveryFeeCents : 0;
  return { ok: true, deliveryFeeCents, totalCents: order.subtotalCents + deliveryFeeCents };
}

/** Why a time cannot be ordered for, in the page's words. */
const SLOT_REFUSALS: Record<SlotRefusal, (words: PageLanguage["words"]) => string> = {
  "not-a-slot": (words) => words.slotNotListed,
  "too-soon": (words) => words.slotTooSoon,
  "too-far": (words) => words.slotTooFar,
  closed: (words) => words.slotClosed,
};

/** 32 letters and digits from 24 random bytes: about 190 bits, far past guessing. */
export function newOrderToken(): string {
  return randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);
}

/** The cart priced again with the items' names in the page's language, to say what is wrong. */
async function inCustomersNames(
  tx: Transaction,
  productId: string,
  input: { cartLines: CartLine[]; language: string },
  orderable: Map<string, OrderableItem>,
  priced: ReturnType<typeof priceCart>,
  page: PageLanguage,
) {
  // The main language has no translations: its names are the items' own.
  const translations = await loadTranslations(tx, productId, input.language);
  if (translations.size === 0) return priced;
  const named = new Map(
    [...orderable].map(([id, item]) => [id, translateItem(item, translations)] as const),
  );
  return priceCart(named, input.cartLines, page);
}

export interface PlaceOrderOptions {
  /** The operator set a card payment provider (STRIPE_SECRET_KEY): cards may be offered. */
  cardsConfigured?: boolean;
  /**
   * Orders the site may take in 10 minutes (ORDERS_PER_10_MINUTES_PER_SITE); none when absent.
   * Only orders placed count: a flood of refused attempts cannot close a site's ordering.
   */
  perSite?: number;
}

/**
 * Places an order for the site `productId` at `now`. The cart, time and customer come from
 * the review form, checked by `placeOrderSchema`; everything about prices, items and rules is
 * read again here. An order that would be placed is refused ("site-limit") when the site has
 * taken `limits.perSite` orders in the last 10 minutes; the same form sent again is answered
 * with its order before that, and so never counts twice.
 */
export async function placeOrder(
  events: Events,
  productId: string,
  input: Omit<PlaceOrderInput, "website" | "cart" | "payment"> & {
    cartLines: CartLine[];
    /** At pickup or delivery unless given. */
    payment?: OrderPayment;
    /**
     * The order page's language (a code): its refusals are in it, and so are the status
     * page and the customer's mails.
     */
    language: string;
  },
  now: number,
  limits: PlaceOrderOptions = {},
): Promise<PlaceOrderResult> {
  const page = pageLanguage(input.language);
  return events.transaction(async (tx, changes) => {
    const site = await lockOrderingSite(tx, productId);
    const settings = await loadOrderSettings(tx, productId);
    if (!site) {
      return { placed: false, reason: "not-taking-orders", message: page.words.noOrdersOnline };
    }
    // The same form sent again (a double click, a resend after a lost answer): its order.
    const [already] = await tx
      .select({ id: orders.id, token: orders.token, payment: orders.payment })
      .from(orders)
      .where(and(eq(orders.productId, productId), eq(orders.placeKey, input.placeKey)));
    if (already) {
      return {
        placed: true,
        token: already.token,
        orderId: already.id,
        existing: true,
        byCard: already.payment === "card",
      };
    }

    // Priced from the main language's items, which the order keeps.
    const orderable = await orderableItems(tx, productId, now);
    const priced = priceCart(orderable, input.cartLines, page);
    if (priced.problems.length > 0 || priced.lines.length === 0) {
      // The refusal names the items as the customer's page does: an edit the owner made
      // since the page was read is met here, in a further language's names where it has them.
      const { problems } = await inCustomersNames(tx, productId, input, orderable, priced, page);
      return {
        placed: false,
        reason: "items",
        message: problems[0]?.message ?? page.words.orderIsEmpty,
        problems,
      };
    }
    const rules = checkOrderRules(
      settings,
      site,
      { fulfilment: input.fulfilment, slot: input.slot, subtotalCents: priced.subtotalCents },
      now,
      page,
    );
    if (!rules.ok) return { placed: false, ...rules };

    if (settings.slotCap !== null) {
      const [taken] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          and(
            eq(orders.productId, productId),
            eq(orders.slotAt, new Date(input.slot)),
            inArray(orders.state, ORDER_STATES.filter(holdsItsSlot)),
          ),
        );
      if ((taken?.count ?? 0) >= settings.slotCap) {
        return {
          placed: false,
          reason: "slot-full",
          message: page.words.slotFull,
          field: "slot",
        };
      }
    }

    if (limits.perSite !== undefined) {
      const wait = await siteLimitWait(
        tx,
        { table: orders, productId: orders.productId, createdAt: orders.createdAt },
        productId,
        limits.perSite,
        now,
      );
      if (wait !== null) {
        const minutes = retryAfterMinutes(wait);
        return {
          placed: false,
          reason: "site-limit",
          message: pluralText(page.words.tooManyOrders, page.language.tag, minutes),
        };
      }
    }

    // Cards as the site takes them now: a card order needs them offered, and "required"
    // leaves no other way.
    const cards = await siteCardPayments(tx, productId, limits.cardsConfigured ?? false);
    const byCard = input.payment === "card";
    if (byCard ? cards.choice === "off" : cards.choice === "required") {
      return {
        placed: false,
        reason: "payment",
        // Said above the form: the choice it concerns may be gone from the page by now.
        message: page.words.paymentChoiceInvalid,
      };
    }

    const [last] = await tx
      .select({ number: max(orders.number) })
      .from(orders)
      .where(eq(orders.productId, productId));
    const id = createId();
    const token = newOrderToken();
    const placedAt = new Date(now);
    const firstState = byCard ? "awaiting-payment" : "new";
    await tx.insert(orders).values({
      id,
      productId,
      token,
      number: (last?.number ?? 0) + 1,
      state: firstState,
      placeKey: input.placeKey,
      fulfilment: input.fulfilment,
      slotAt: new Date(input.slot),
      customerName: input.name,
      customerPhone: input.phone,
      customerEmail: input.email,
      deliveryAddress: input.fulfilment === "delivery" ? input.address : "",
      note: input.note,
      lines: priced.lines satisfies PricedLine[],
      subtotalCents: priced.subtotalCents,
      deliveryFeeCents: rules.deliveryFeeCents,
      totalCents: rules.totalCents,
      currency: site.currency,
      language: input.language,
      history: [{ state: firstState, at: placedAt.toISOString() }],
      createdAt: placedAt,
      cart: formatCart(input.cartLines),
      payment: byCard ? "card" : "in-person",
      ...(byCard ? { paymentState: "awaiting", paymentAccountId: cards.accountId } : {}),
    });
    // An order paid by card reaches the owner once paid (payments/card-checkout.server.ts).
    if (!byCard) {
      await tx.insert(orderMail).values({ id: createId(), orderId: id, kind: "owner-new" });
      await queueOrderPush(tx, { orderId: id, productId }, PUSH_NEW_ORDER_KIND);
      // The owner's inbox, wherever it is open, hears of it.
      changes.owner(site.ownerUid);
    }
    return { placed: true, token, orderId: id, existing: false, byCard };
  });
}
