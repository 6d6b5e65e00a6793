/**
 * The analytics/ folder owns page views: counting them (here), classifying one view, and
 * the owner's reports.
 *
 * Views of the public pages, counted in memory and added to `page_views_daily` every few
 * seconds: one upsert row per site and UTC day, whatever the number of views. A view
 * costs a map look-up and a few additions, never a query; the price is that a process
 * killed outright loses the views of its last interval. A graceful stop (`close`) writes
 * everything first.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { databaseErrorOf, isForeignKeyViolation } from "../db/database-errors.server";
import { pageViewsDaily } from "../db/schema";
import { VIEW_DEVICES, VIEW_SOURCES, type ViewDevice, type ViewSource } from "~/lib/page-views";
import { logger } from "../http/log.server";

export interface PageViews {
  /** False with ANALYTICS=off: `record` then counts nothing. */
  readonly enabled: boolean;
  /** Counts one view of a site's public page, in today's (UTC) counters. */
  record(productId: string, source: ViewSource, device: ViewDevice): void;
  /**
   * Adds the counts held in memory to the database. Counts that could not be written
   * are kept for the next flush (those of a site deleted meanwhile are dropped).
   */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left; later views are not counted. */
  close(): Promise<void>;
}

/** At most this much of counting is lost when the process is killed outright. */
export const PAGE_VIEWS_FLUSH_INTERVAL_MS = 10_000;

const COUNTERS = ["views", ...VIEW_SOURCES, ...VIEW_DEVICES] as const;
type Counter = (typeof COUNTERS)[number];
type Counts = Record<Counter, number>;

interface PendingRow extends Counts {
  productId: string;
  day: string;
}

/** 9 parameters a row: well under PostgreSQL's 65,535 a statement. */
const ROWS_PER_STATEMENT = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PageViewsOptions {
  enabled: boolean;
  flushIntervalMs?: number;
  /** The clock the day of a view is read from (tests move it). */
  now?: () => number;
}

export function createPageViews(db: Database, options: PageViewsOptions): PageViews {
  const { enabled, flushIntervalMs = PAGE_VIEWS_FLUSH_INTERVAL_MS, now = Date.now } = options;
  /** Counts not yet written: UTC day → product id → counts. */
  let pending = new Map<string, Map<string, Counts>>();
  let closed = false;
  // Flushes run one after the other, so two never write the same counts.
  let flushing: Promise<void> = Promise.resolve();

  // The day's name is worked out once a day, not once a view.
  let day = "";
  let dayStart = 0;
  let dayEnd = 0;
  const countersOfToday = (): Map<string, Counts> => {
    const time = now();
    if (time >= dayEnd || time < dayStart) {
      dayStart = time - (time % DAY_MS);
      dayEnd = dayStart + DAY_MS;
      day = new Date(dayStart).toISOString().slice(0, 10);
    }
    let byProduct = pending.get(day);
    if (!byProduct) pending.set(day, (byProduct = new Map<string, Counts>()));
    return byProduct;
  };

  const record = (productId: string, source: ViewSource, device: ViewDevice): void => {
    if (!enabled || closed) return;
    const byProduct = countersOfToday();
    let counts = byProduct.get(productId);
    if (!counts) byProduct.set(productId, (counts = zeroCounts()));
    counts.views += 1;
    counts[source] += 1;
    counts[device] += 1;
  };

  /** Puts counts that could not be written back, beside any counted since. */
  const keepForLater = (rows: PendingRow[]) => {
    for (const { productId, day: rowDay, ...counts } of rows) {
      let byProduct = pending.get(rowDay);
      if (!byProduct) pending.set(rowDay, (byProduct = new Map<string, Counts>()));
      const current = byProduct.get(productId);
      if (!current) byProduct.set(productId, counts);
      else for (const counter of COUNTERS) current[counter] += counts[counter];
    }
  };

  const writePending = async (): Promise<void> => {
    if (pending.size === 0) return;
    const rows = rowsOf(pending);
    pending = new Map();
    let kept = 0;
    let lastError: unknown;
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      try {
        await addCounts(db, chunk);
      } catch (error) {
        // One deleted site fails the whole statement: write its rows one by one to find it.
        const unsaved = isForeignKeyViolation(error)
          ? await addEachRow(db, chunk)
          : { rows: chunk, error };
        if (unsaved.rows.length > 0) {
          keepForLater(unsaved.rows);
          kept += unsaved.rows.length;
          lastError = unsaved.error;
        }
      }
    }
    if (kept > 0) {
      logger.error(
        // The database's own error: Drizzle's quotes the whole statement and its values.
        { err: databaseErrorOf(lastError), kept },
        `Page views: could not save ${kept} site-day counts; they are kept for the next try`,
      );
    }
  };

  const flush = (): Promise<void> => {
    flushing = flushing.then(writePending).catch((error: unknown) => {
      logger.error({ err: databaseErrorOf(error) }, "Page views: could not save the counts");
    });
    return flushing;
  };

  const timer = enabled ? setInterval(() => void flush(), flushIntervalMs) : undefined;
  // Counting never keeps a process alive; a graceful stop flushes through `close`.
  timer?.unref();

  return {
    enabled,
    record,
    flush,
    async close() {
      if (!closed) {
        closed = true;
        clearInterval(timer);
      }
      await flush();
    },
  };
}

function zeroCounts(): Counts {
  return { views: 0, qr: 0, social: 0, search: 0, direct: 0, phone: 0, desktop: 0 };
}

function rowsOf(pending: Map<string, Map<string, Counts>>): PendingRow[] {
  const rows: PendingRow[] = [];
  for (const [day, byProduct] of pending) {
    for (const [productId, counts] of byProduct) rows.push({ productId, day, ...counts });
  }
  return rows;
}

/** `counter = page_views_daily.counter + excluded.counter`, for every counter. */
const ADD_EXCLUDED = Object.fromEntries(
  COUNTERS.map((counter) => {
    const column = pageViewsDaily[counter].name;
    return [counter, sql.raw(`"page_views_daily"."${column}" + excluded."${column}"`)];
  }),
) as Record<Counter, SQL>;

/** One statement, one row per site and day: added to the row already there, if any. */
async function addCounts(db: Database, rows: PendingRow[]): Promise<void> {
  await db
    .insert(pageViewsDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [pageViewsDaily.productId, pageViewsDaily.day],
      set: ADD_EXCLUDED,
    });
}

/**
 * The rows of a statement that failed on a foreign key, one at a time: a site deleted
 * since its views were counted loses them (its rows went with it); any other failure
 * keeps the row for later.
 */
async function addEachRow(
  db: Database,
  rows: PendingRow[],
): Promise<{ rows: PendingRow[]; error?: unknown }> {
  const failed: PendingRow[] = [];
  let lastError: unknown;
  for (const row of rows) {
    try {
      await addCounts(db, [row]);
    } catch (error) {
      if (isForeignKeyViolation(error)) continue;
      failed.push(row);
      lastError = error;
    }
  }
  return { rows: failed, error: lastError };
}
