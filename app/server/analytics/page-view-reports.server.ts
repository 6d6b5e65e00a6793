/**
 * The counted views as the owner's screens show them: per day for a few sites, per day
 * by source for one, and one site's totals over a period. A period is `days` UTC days
 * ending with today's; days without a row count zero. Views still held in a server's
 * memory (at most its last flush interval) are not in these figures yet.
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { pageViewsDaily } from "../db/schema";
import type { SourceViewsOfDay } from "~/lib/page-views";

export type { SourceViewsOfDay };

export interface ViewTotals {
  views: number;
  qr: number;
  social: number;
  search: number;
  direct: number;
  phone: number;
  desktop: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` UTC days (YYYY-MM-DD) ending with `today`'s, oldest first. */
export function lastDays(days: number, today: Date = new Date()): string[] {
  if (!Number.isInteger(days) || days < 1) {
    throw new RangeError(`A report covers a whole number of days, at least 1 (not ${days}).`);
  }
  const todayStart = today.getTime() - (today.getTime() % DAY_MS);
  return Array.from({ length: days }, (_, index) =>
    new Date(todayStart - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

function inPeriod(period: string[]) {
  return and(gte(pageViewsDaily.day, period[0]!), lte(pageViewsDaily.day, period.at(-1)!));
}

/** For each of `productIds`, its views on each day of the period, oldest first. */
export async function dailyViews(
  db: Database,
  productIds: string[],
  days: number,
  today?: Date,
): Promise<Map<string, number[]>> {
  const period = lastDays(days, today);
  const dayIndex = new Map(period.map((day, index) => [day, index]));
  const result = new Map(productIds.map((id) => [id, period.map(() => 0)]));
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: pageViewsDaily.productId,
      day: pageViewsDaily.day,
      views: pageViewsDaily.views,
    })
    .from(pageViewsDaily)
    .where(and(inArray(pageViewsDaily.productId, [...result.keys()]), inPeriod(period)));
  for (const row of rows) {
    const index = dayIndex.get(row.day);
    const series = result.get(row.productId);
    if (index !== undefined && series) series[index] = row.views;
  }
  return result;
}

/** One site's views on each day of the period by where visitors came from, oldest first. */
export async function viewsBySource(
  db: Database,
  productId: string,
  days: number,
  today?: Date,
): Promise<SourceViewsOfDay[]> {
  const period = lastDays(days, today);
  const rows = await db
    .select({
      day: pageViewsDaily.day,
      qr: pageViewsDaily.qr,
      social: pageViewsDaily.social,
      search: pageViewsDaily.search,
      direct: pageViewsDaily.direct,
    })
    .from(pageViewsDaily)
    .where(and(eq(pageViewsDaily.productId, productId), inPeriod(period)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return period.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      qr: row?.qr ?? 0,
      social: row?.social ?? 0,
      search: row?.search ?? 0,
      direct: row?.direct ?? 0,
    };
  });
}

/** A sum over the period's rows; a bigint in SQL, a number here. */
const total = (column: (typeof pageViewsDaily)[keyof ViewTotals]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** One site's views over the period: in all, by source and by device. */
export async function viewTotals(
  db: Database,
  productId: string,
  days: number,
  today?: Date,
): Promise<ViewTotals> {
  const period = lastDays(days, today);
  const [totals] = await db
    .select({
      views: total(pageViewsDaily.views),
      qr: total(pageViewsDaily.qr),
      social: total(pageViewsDaily.social),
      search: total(pageViewsDaily.search),
      direct: total(pageViewsDaily.direct),
      phone: total(pageViewsDaily.phone),
      desktop: total(pageViewsDaily.desktop),
    })
    .from(pageViewsDaily)
    .where(and(eq(pageViewsDaily.productId, productId), inPeriod(period)));
  return totals ?? { views: 0, qr: 0, social: 0, search: 0, direct: 0, phone: 0, desktop: 0 };
}
