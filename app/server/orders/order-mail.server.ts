/**
 * Sends the mail about orders and table bookings that `order_mail` holds. Placing or changing an order writes
 * its row in the order's own transaction (place-order, order-changes); after the commit the
 * caller kicks this sender, which sends it at once. A row left behind (a crash, a mail
 * server down, another process that wrote it) is picked up by the poll every 30 seconds.
 *
 * Several server processes may run this on one PostgreSQL database: a row is claimed in a
 * short transaction (`for update skip locked`) that moves its next attempt past a lease, so
 * no other process takes it while it is being sent; the mail goes out after that commit,
 * and only then is the row marked sent. A process that dies between the two leaves the row
 * to be sent again once the lease is over: at least once, and in practice once.
 *
 * A failed send is tried again after 1, 2, 4 … minutes (at most an hour apart), and given up
 * about 24 hours after the mail was queued: the row is marked failed and the owner's inbox
 * says so. With MAIL=off rows fail at once, for the same reason. The mail is built from the
 * order when it is sent, so a mail whose order no longer has its customer's data (or whose
 * customer gave no email) is closed without sending. Nothing personal is logged or kept in
 * `last_error`: the order's id, the mail's kind and the kind of failure.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { orderMail, orderSettings, orders, productInfo, products, users } from "../db/schema";
import { logger } from "../http/log.server";
import { MailDisabledError, type Mail, type Mailer } from "../mail/mailer.server";
import { bookingMailFor } from "../bookings/booking-mail.server";
import { customerOrderLines } from "./order-queries.server";
import {
  customerAcceptedMail,
  customerReadyMail,
  customerRejectedMail,
  ownerNewOrderMail,
  ownerReminderMail,
  type OrderForMail,
  type SiteForMail,
} from "./order-mail-templates.server";

export const ORDER_MAIL_KINDS = [
  "owner-new",
  "owner-reminder",
  "customer-accepted",
  "customer-rejected",
  "customer-ready",
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** How often every process looks for mail left due. */
export const ORDER_MAIL_POLL_MS = 30_000;
/** While a claimed mail is being sent, no other process takes it; past this, one may. */
export const ORDER_MAIL_LEASE_MS = 15 * 60_000;
/** A send that has not finished by then counts as failed (and is tried again later). */
export const ORDER_MAIL_SEND_TIMEOUT_MS = 60_000;
/** Failed sends are retried for this long after the mail was queued, then given up. */
export const ORDER_MAIL_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Rows claimed at a time: a short claim, and little left leased if the process stops. */
const CLAIM_BATCH = 10;
/** One round sends at most this many; the rest wait for the next kick or poll. */
const MAX_PER_ROUND = 500;
const LAST_ERROR_MAX_LENGTH = 200;

/** How long to wait after the `attempts`-th failed send: 1, 2, 4 … minutes, at most an hour. */
export function orderMailRetryDelay(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OrderMailSender {
  /** Sends what is due soon, after a commit that queued mail; kicks while sending coalesce. */
  kick(): void;
  /** Sends every mail due now; resolves to how many were handled (sent, skipped or failed). */
  runOnce(): Promise<number>;
  /** Polls for mail left due (the server does, once it listens); scripts and tests never do. */
  start(): void;
  /** Stops polling and waits for a send in flight; mail claimed but not sent is released. */
  close(): Promise<void>;
}

/**
 * Work about an order other than mail that the outbox does after the commit (a card refund):
 * done, not needed, or failed (retried with the mail's backoff when `retry`).
 */
export type OrderJob = (
  orderId: string,
  /** Names this attempt: the same row's next attempt gets another. */
  attemptKey: string,
  /** When the row was queued (a notification stops being news). */
  row?: { queuedAt: Date },
) => Promise<{ done: true } | { skipped: string } | { failed: string; retry: boolean }>;

export interface OrderMailOptions {
  db: Database;
  mailer: Mailer;
  /** The outbox's other kinds of rows, by kind (card-refund, push-new-order, push-reminder). */
  jobs?: Record<string, OrderJob>;
  /** The portal's address, for the links in the mails. */
  publicUrl: string;
  /** The clock (ms): when mail is due, and when a retry is (tests move it). */
  now?: () => number;
  pollIntervalMs?: number;
}

interface ClaimedMail {
  id: string;
  /** What the row is about: an order, or a table booking (bookings/booking-mail.server.ts). */
  orderId: string | null;
  bookingId: string | null;
  kind: string;
  attempts: number;
  createdAt: Date;
}

/** What became of one claimed mail. */
type Outcome =
  { sent: true } | { skipped: string } | { failed: string; retry: boolean } | { released: true };

/**
 * The kind of failure, without any address or text of the mail: nodemailer's code, the
 * server's reply code, and its message with every word holding an "@" taken out.
 */
export function describeMailFailure(error: unknown): string {
  if (error instanceof MailDisabledError) return "Mail is off (MAIL=off).";
  const failure = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const codes = [
    typeof failure.code === "string" ? failure.code : "",
    typeof failure.responseCode === "number" ? String(failure.responseCode) : "",
  ].filter(Boolean);
  const message = (typeof failure.message === "string" ? failure.message : "Unknown error")
    .replace(/\S*@\S*/g, "[address]")
    .replace(/\s+/g, " ")
    .trim();
  return `${codes.length ? `${codes.join(" ")}: ` : ""}${message}`.slice(0, LAST_ERROR_MAX_LENGTH);
}

class SendTimeoutError extends Error {
  override name = "SendTimeoutError";
  code = "ETIMEDOUT";
  constructor() {
    super(`The mail server did not answer within ${ORDER_MAIL_SEND_TIMEOUT_MS / 1000} s.`);
  }
}

function sendWithin(mailer: Mailer, mail: Mail, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError()), ms);
  });
  return Promise.race([mailer.send(mail), timeout]).finally(() => clearTimeout(timer));
}

export function createOrderMail(options: OrderMailOptions): OrderMailSender {
  const { db, mailer } = options;
  const now = options.now ?? Date.now;
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** The round started by kicks and polls, and whether another was asked for meanwhile. */
  let kicked: Promise<void> | null = null;
  let again = false;
  /** Every round running (kicked, polled or called), for `close` to wait on. */
  const rounds = new Set<Promise<number>>();

  /** Claims up to `limit` due rows: their next attempt moved past the lease, attempts counted. */
  async function claim(limit: number): Promise<ClaimedMail[]> {
    const at = new Date(now());
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orderMail.id })
        .from(orderMail)
        .where(
          and(
            isNull(orderMail.sentAt),
            isNull(orderMail.failedAt),
            // PostgreSQL keeps microseconds and this clock milliseconds: a mail queued within
            // the current millisecond (a send kicked right after the order) is due too.
            lt(orderMail.nextAttemptAt, new Date(at.getTime() + 1)),
          ),
        )
        .orderBy(asc(orderMail.nextAttemptAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(orderMail)
        .set({
          attempts: sql`${orderMail.attempts} + 1`,
          nextAttemptAt: new Date(at.getTime() + ORDER_MAIL_LEASE_MS),
        })
        .where(
          inArray(
            orderMail.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: orderMail.id,
          orderId: orderMail.orderId,
          bookingId: orderMail.bookingId,
          kind: orderMail.kind,
          attempts: orderMail.attempts,
          createdAt: orderMail.createdAt,
        });
    });
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** The order, its site and where its owner is mailed; null when the order is gone. */
  async function loadOrder(orderId: string) {
    const [row] = await db
      .select({
        order: orders,
        siteExists: products.exists,
        site: {
          name: productInfo.name,
          timeZone: productInfo.timeZone,
          address: productInfo.address,
          language: productInfo.language,
        },
        accountEmail: users.email,
        settingsEmail: orderSettings.email,
        giveUpMinutes: orderSettings.giveUpMinutes,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(productInfo, eq(productInfo.productId, products.id))
      .innerJoin(users, eq(users.id, products.ownerUid))
      .leftJoin(orderSettings, eq(orderSettings.productId, products.id))
      .where(eq(orders.id, orderId));
    return row ?? null;
  }

  /** The mail to send for a claimed row, or why none is sent. */
  async function mailFor(claimed: ClaimedMail): Promise<{ mail: Mail } | { skipped: string }> {
    if (claimed.bookingId !== null) {
      return bookingMailFor(db, claimed.bookingId, claimed.kind, publicUrl);
    }
    if (claimed.orderId === null) return { skipped: "The mail names nothing." };
    const row = await loadOrder(claimed.orderId);
    if (!row) return { skipped: "The order no longer exists." };
    if (!row.siteExists) return { skipped: "The site was deleted." };
    const { order } = row;
    if (order.personalDataRemovedAt) return { skipped: "The order's personal data was removed." };
    const forMail: OrderForMail = { ...order };
    const site: SiteForMail = row.site;
    const statusUrl = `${publicUrl}/o/${order.token}`;
    const kind = claimed.kind as OrderMailKind;
    if (kind === "owner-new") {
      const to = row.settingsEmail?.trim() || row.accountEmail;
      return { mail: ownerNewOrderMail(to, forMail, site, `${publicUrl}/user/orders`) };
    }
    if (kind === "owner-reminder") {
      // Answered between the reminder's queueing and its sending: nothing to remind of.
      if (order.state !== "new") return { skipped: "The order was answered." };
      const to = row.settingsEmail?.trim() || row.accountEmail;
      const newAt = order.paidAt ?? order.createdAt;
      const giveUpAt =
        row.giveUpMinutes === null ? null : new Date(newAt.getTime() + row.giveUpMinutes * 60_000);
      return {
        mail: ownerReminderMail(to, forMail, site, `${publicUrl}/user/orders`, { newAt, giveUpAt }),
      };
    }
    if (!ORDER_MAIL_KINDS.includes(kind)) return { skipped: "Unknown kind of mail." };
    const to = order.customerEmail.trim();
    if (!to) return { skipped: "The customer gave no email." };
    // The customer reads the lines in their language, where the owner translated them.
    forMail.lines = await customerOrderLines(db, order, site.language);
    const build = {
      "customer-accepted": customerAcceptedMail,
      "customer-rejected": customerRejectedMail,
      "customer-ready": customerReadyMail,
    }[kind];
    return { mail: build(to, forMail, site, statusUrl) };
  }

  async function attempt(claimed: ClaimedMail): Promise<Outcome> {
    const job = options.jobs?.[claimed.kind];
    if (job && claimed.orderId !== null) {
      try {
        const done = await job(claimed.orderId, `${claimed.id}-${claimed.attempts}`, {
          queuedAt: claimed.createdAt,
        });
        return "done" in done ? { sent: true } : done;
      } catch (error) {
        return { failed: describeMailFailure(error), retry: true };
      }
    }
    let built: { mail: Mail } | { skipped: string };
    try {
      built = await mailFor(claimed);
    } catch (error) {
      // The database failing here: tried again like a failed send.
      return { failed: describeMailFailure(error), retry: true };
    }
    if ("skipped" in built) return built;
    if (!mailer.enabled) {
      return { failed: describeMailFailure(new MailDisabledError()), retry: false };
    }
    try {
      await sendWithin(mailer, built.mail, ORDER_MAIL_SEND_TIMEOUT_MS);
      return { sent: true };
    } catch (error) {
      return { failed: describeMailFailure(error), retry: true };
    }
  }

  /** Writes down what became of a claimed mail. */
  async function record(claimed: ClaimedMail, outcome: Outcome): Promise<void> {
    const at = new Date(now());
    const log = { orderId: claimed.orderId, bookingId: claimed.bookingId, kind: claimed.kind };
    const open = and(eq(orderMail.id, claimed.id), isNull(orderMail.sentAt));
    if ("released" in outcome) {
      // Claimed but never tried: due again at once, its claim not counted.
      await db
        .update(orderMail)
        .set({ attempts: sql`greatest(${orderMail.attempts} - 1, 0)`, nextAttemptAt: at })
        .where(open);
      return;
    }
    if ("sent" in outcome) {
      await db.update(orderMail).set({ sentAt: at, lastError: "" }).where(open);
      logger.info(log, "Order mail sent");
      return;
    }
    if ("skipped" in outcome) {
      await db.update(orderMail).set({ sentAt: at, lastError: outcome.skipped }).where(open);
      logger.info({ ...log, reason: outcome.skipped }, "Order mail not needed");
      return;
    }
    const expired = at.getTime() - claimed.createdAt.getTime() >= ORDER_MAIL_RETRY_WINDOW_MS;
    if (!outcome.retry || expired) {
      await db.update(orderMail).set({ failedAt: at, lastError: outcome.failed }).where(open);
      logger.error(
        { ...log, attempts: claimed.attempts, error: outcome.failed },
        "Order mail given up",
      );
      return;
    }
    const nextAttemptAt = new Date(at.getTime() + orderMailRetryDelay(claimed.attempts));
    await db.update(orderMail).set({ nextAttemptAt, lastError: outcome.failed }).where(open);
    logger.warn(
      { ...log, attempts: claimed.attempts, error: outcome.failed, nextAttemptAt },
      "Order mail failed; trying again later",
    );
  }

  async function sendDue(): Promise<number> {
    let handled = 0;
    while (!closed && handled < MAX_PER_ROUND) {
      const batch = await claim(Math.min(CLAIM_BATCH, MAX_PER_ROUND - handled));
      if (batch.length === 0) break;
      for (const claimed of batch) {
        // Stopping: what is claimed and not yet sent is left for whoever runs next.
        const outcome: Outcome = closed ? { released: true } : await attempt(claimed);
        try {
          await record(claimed, outcome);
        } catch (error) {
          // The row stays leased and is tried again once the lease is over.
          logger.error(
            {
              orderId: claimed.orderId,
              bookingId: claimed.bookingId,
              kind: claimed.kind,
              error: describeMailFailure(error),
            },
            "Could not record what became of an order mail",
          );
        }
        if (!("released" in outcome)) handled += 1;
      }
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    const round = sendDue();
    rounds.add(round);
    void round.then(
      () => rounds.delete(round),
      () => rounds.delete(round),
    );
    return round;
  }

  function kick(): void {
    if (closed) return;
    if (kicked) {
      // A mail queued while a round runs may have committed after its claim: one more round.
      again = true;
      return;
    }
    kicked = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          logger.error({ error: describeMailFailure(error) }, "Sending order mail failed");
        }
      } while (again && !closed);
    })().finally(() => (kicked = null));
  }

  return {
    kick,
    runOnce,
    start() {
      if (timer || closed) return;
      timer = setInterval(kick, options.pollIntervalMs ?? ORDER_MAIL_POLL_MS);
      timer.unref();
      // Mail left by the last run goes out now, not in 30 seconds.
      kick();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      timer = undefined;
      await kicked;
      await Promise.allSettled([...rounds]);
    },
  };
}
