/**
 * Sold out ("86"): marking an item of a restaurant or a shop, or one choice of its options,
 * sold out for today (back at the site's next opening, `soldOutTodayUntil`) or until the owner
 * turns it back, and putting it back on sale. One write (`changeSoldOut`) serves the editor's
 * row (item-actions.server.ts, behind the editor route's ownership check) and the inbox's
 * "Sold out today" list (`runSoldOutIntent`, which checks ownership itself, in one call at its
 * top). The write names the product, so its cached public pages are dropped at once; a page
 * showing something sold out for today expires by itself when it comes back (the loaders'
 * `freshUntil`, app/lib/sold-out.ts `soldOutChangesAt`).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { normalizeHours } from "~/lib/hours";
import { fill } from "~/lib/i18n/text";
import { soldOutWords } from "~/lib/i18n/portal/sold-out";
import { storedOptions } from "~/lib/item-options";
import { ITEM_ID_PATTERN } from "~/lib/items";
import { OPTION_ID_PATTERN } from "~/lib/option-groups";
import { soldOutTodayUntil } from "~/lib/opening-status";
import { backAt, isSoldOutAt, isSoldOutSpan, type SoldOutSpan } from "~/lib/sold-out";
import { storedSpecialHours } from "~/lib/special-hours";
import { siteOf, type ProductType } from "~/sites";
import type { Database } from "../db/client.server";
import { items, productInfo } from "../db/schema";
import type { Events } from "../events/events.server";
import { momentText } from "../orders/order-inbox.server";
import { lockProduct, productChanged } from "../repositories/items.server";
import { publicPagesNow } from "../runtime/env.server";
import type { AppServices } from "../runtime/services.server";
import { requireSite } from "../access/site-access.server";
import { formText } from "../http/forms.server";

/** What is marked: an item, or one choice of it. */
export interface SoldOutTarget {
  itemId: string;
  choiceId: string | null;
}

/** Sold out for today or until turned back, or back on sale. */
export type SoldOutChange = SoldOutSpan | "back";

export type SoldOutResult =
  | {
      ok: true;
      /** "Margherita", or "Margherita · Large" for a choice. */
      name: string;
      /** When it is back by itself (sold out for today); else null. */
      backAt: number | null;
      /** The site's zone, for saying that moment. */
      timeZone: string;
    }
  | { ok: false };

/**
 * Marks the item (or its choice) under the product's lock, reading the site's hours in the
 * same transaction, so "for today" is computed from the hours as they are. False when the
 * product has no such item or the item no such choice; nothing is written then.
 */
export async function changeSoldOut(
  events: Events,
  product: { id: string; ownerUid: string },
  target: SoldOutTarget,
  change: SoldOutChange,
  now: number,
): Promise<SoldOutResult> {
  return events.transaction(async (tx, changes) => {
    if (!(await lockProduct(tx, product))) return { ok: false } as const;
    const [item] = await tx
      .select({ id: items.id, name: items.name, options: items.options })
      .from(items)
      .where(and(eq(items.id, target.itemId), eq(items.productId, product.id)))
      .for("update");
    if (!item) return { ok: false } as const;
    const [info] = await tx
      .select({
        hours: productInfo.hours,
        specialHours: productInfo.specialHours,
        timeZone: productInfo.timeZone,
      })
      .from(productInfo)
      .where(eq(productInfo.productId, product.id));
    const timeZone = info?.timeZone ?? "";
    const until =
      change === "today"
        ? soldOutTodayUntil(
            {
              hours: normalizeHours(info?.hours),
              specialHours: storedSpecialHours(info?.specialHours),
              timeZone,
            },
            new Date(now),
          )
        : null;
    const soldOut = change === "until-back";
    let name = item.name;
    if (target.choiceId === null) {
      await tx
        .update(items)
        .set({ soldOut, soldOutUntil: until === null ? null : new Date(until) })
        .where(eq(items.id, item.id));
    } else {
      // The stored JSON is changed in place, choice by id, so nothing else of it is touched.
      const options = structuredClone(item.options) as unknown;
      const choice = findChoice(options, target.choiceId);
      if (!choice) return { ok: false } as const;
      choice["soldOut"] = soldOut;
      if (until === null) delete choice["soldOutUntil"];
      else choice["soldOutUntil"] = new Date(until).toISOString();
      await tx
        .update(items)
        .set({ options: options as typeof item.options })
        .where(eq(items.id, item.id));
      name = fill(soldOutWords.choiceOf, { item: item.name, choice: String(choice["name"]) });
    }
    await productChanged(tx, changes, product);
    return { ok: true, name, backAt: until, timeZone } as const;
  });
}

/** The stored choice of this id, as a plain object that may be changed; null when none. */
function findChoice(options: unknown, choiceId: string): Record<string, unknown> | null {
  if (!Array.isArray(options)) return null;
  for (const group of options) {
    const choices = (group as { choices?: unknown } | null)?.choices;
    if (!Array.isArray(choices)) continue;
    for (const choice of choices as unknown[]) {
      if (typeof choice !== "object" || choice === null) continue;
      const fields = choice as Record<string, unknown>;
      if (fields["id"] === choiceId) return fields;
    }
  }
  return null;
}

/** What the owner reads once it is done: "Margherita is sold out until Tomorrow, 11:00 AM." */
export function soldOutMessage(
  result: Extract<SoldOutResult, { ok: true }>,
  change: SoldOutChange,
  now: number,
): string {
  if (change === "back") return fill(soldOutWords.nowBackOnSale, { name: result.name });
  if (result.backAt === null) return fill(soldOutWords.nowSoldOut, { name: result.name });
  return fill(soldOutWords.nowSoldOutToday, {
    name: result.name,
    moment: momentText(result.backAt, result.timeZone, now),
  });
}

// The inbox's list ---------------------------------------------------------------------

/** One line of a site's list: a dish, or one of its choices. */
export interface SoldOutLine {
  itemId: string;
  choiceId: string | null;
  /** "Margherita" or "Margherita · Large". */
  name: string;
  soldOut: boolean;
  /** "Back Tomorrow, 11:00 AM" while sold out for today; null otherwise. */
  backText: string | null;
}

export interface SoldOutList {
  siteId: string;
  siteName: string;
  /** A menu names its items dishes; a shop, items. */
  itemsAreDishes: boolean;
  /** Every item, each followed by its choices, in the editor's order (by name). */
  lines: SoldOutLine[];
}

/**
 * The "Sold out today" list of each of these sites whose items can be sold out: what is sold
 * out now (and until when), and everything that could be.
 */
export async function loadSoldOutLists(
  db: Database,
  sites: ReadonlyArray<{ id: string; name: string; type: ProductType; timeZone: string }>,
  now: number,
): Promise<SoldOutList[]> {
  const selling = sites.filter((site) => siteOf(site.type).items?.sellsOut);
  if (selling.length === 0) return [];
  const rows = await db
    .select({
      id: items.id,
      productId: items.productId,
      name: items.name,
      soldOut: items.soldOut,
      soldOutUntil: items.soldOutUntil,
      options: items.options,
    })
    .from(items)
    .where(
      inArray(
        items.productId,
        selling.map((site) => site.id),
      ),
    )
    .orderBy(asc(items.name), asc(items.id));
  return selling.map((site) => {
    const line = (
      itemId: string,
      choiceId: string | null,
      name: string,
      fields: { soldOut: boolean; soldOutUntil?: Date | string | null },
    ): SoldOutLine => {
      const back = backAt(fields, now);
      return {
        itemId,
        choiceId,
        name,
        soldOut: isSoldOutAt(fields, now),
        backText:
          back === null
            ? null
            : fill(soldOutWords.backAt, { moment: momentText(back, site.timeZone, now) }),
      };
    };
    return {
      siteId: site.id,
      siteName: site.name,
      itemsAreDishes: siteOf(site.type).items?.categories ?? false,
      lines: rows
        .filter((row) => row.productId === site.id)
        .flatMap((row) => [
          line(row.id, null, row.name, row),
          ...storedOptions(row.options).flatMap((group) =>
            group.choices.map((choice) =>
              line(
                row.id,
                choice.id,
                fill(soldOutWords.choiceOf, { item: row.name, choice: choice.name }),
                choice,
              ),
            ),
          ),
        ]),
    };
  });
}

// The inbox's actions ------------------------------------------------------------------

export const SOLD_OUT_INTENTS = ["sell-out", "back-on-sale"] as const;
export type SoldOutIntent = (typeof SOLD_OUT_INTENTS)[number];

export function isSoldOutIntent(value: unknown): value is SoldOutIntent {
  return (SOLD_OUT_INTENTS as readonly unknown[]).includes(value);
}

export type SoldOutActionResult =
  | { ok: true; intent: SoldOutIntent; id: string; message: string }
  | { ok: false; intent: SoldOutIntent; id: string | null; error: string };

/**
 * The inbox's "sell-out" (`span`: today or until-back) and "back-on-sale" of an item or a
 * choice (`productId`, `itemId`, optional `choiceId`). The site is checked first, in one
 * call, for its owner and its staff; anyone else gets its 404.
 */
export async function runSoldOutIntent(
  context: Readonly<RouterContextProvider>,
  services: Pick<AppServices, "events" | "env">,
  intent: SoldOutIntent,
  form: FormData,
) {
  // Sold out today is part of taking orders (app/lib/site-access.ts).
  const { product } = await requireSite(context, formText(form, "productId"), "orders");
  const refuse = (error: string, status: number) =>
    data<SoldOutActionResult>({ ok: false, intent, id: product.id, error }, { status });
  if (!siteOf(product.type).items?.sellsOut) return refuse(soldOutWords.cannotSellOut, 400);
  const itemId = formText(form, "itemId");
  const choiceId = formText(form, "choiceId");
  if (!ITEM_ID_PATTERN.test(itemId) || (choiceId !== "" && !OPTION_ID_PATTERN.test(choiceId))) {
    return refuse(soldOutWords.notFound, 404);
  }
  let change: SoldOutChange = "back";
  if (intent === "sell-out") {
    const span = formText(form, "span");
    if (!isSoldOutSpan(span)) return refuse(soldOutWords.chooseSpan, 400);
    change = span;
  }
  const now = publicPagesNow(services.env).getTime();
  const target = { itemId, choiceId: choiceId === "" ? null : choiceId };
  const result = await changeSoldOut(services.events, product, target, change, now);
  if (!result.ok) return refuse(soldOutWords.notFound, 404);
  return data<SoldOutActionResult>({
    ok: true,
    intent,
    id: product.id,
    message: soldOutMessage(result, change, now),
  });
}
