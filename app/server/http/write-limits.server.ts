/**
 * How many changes and uploads one owner may make in 10 minutes, counted in the database
 * (rate-limiter-flexible's Drizzle store), so that every server process shares one count
 * and a restart forgets nothing. A person editing never comes near the limits; a runaway
 * script or a stolen session does, and is answered 429 instead of filling the disk or
 * taking the server's time from everyone else.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { ownerContext, servicesContext } from "~/context";
import { writeLimits as writeLimitsTable } from "../db/schema";
import type { Transaction } from "../events/events.server";
import type { AppServices } from "../runtime/services.server";

export const WRITE_LIMIT_WINDOW_SECONDS = 10 * 60;

/**
 * An owner's writes and uploads, keyed by owner; customers' attempts to place an order or book a table, keyed
 * by client address. (A site's orders are counted where they are placed, in the orders
 * themselves: place-order.server.ts.)
 */
export type WriteKind = "writes" | "uploads" | "orders-by-client" | "bookings-by-client";

export type WriteAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface WriteLimiters {
  consume(kind: WriteKind, key: string, points?: number): Promise<WriteAllowance>;
}

// One pair of limiters per running set of services (tests start several).
const limitersByServices = new WeakMap<AppServices, WriteLimiters>();

function limitersFor(services: AppServices): WriteLimiters {
  let limiters = limitersByServices.get(services);
  if (limiters) return limiters;
  const make = (kind: WriteKind, points: number) =>
    new RateLimiterDrizzle({
      storeClient: services.db,
      schema: writeLimitsTable,
      keyPrefix: kind,
      points,
      duration: WRITE_LIMIT_WINDOW_SECONDS,
    });
  const byKind: Record<WriteKind, RateLimiterDrizzle> = {
    writes: make("writes", services.env.writeLimits.writes),
    uploads: make("uploads", services.env.writeLimits.uploads),
    "orders-by-client": make("orders-by-client", services.env.orderLimits.perClient),
    // A guest books far less often than they order: the same allowance is ample.
    "bookings-by-client": make("bookings-by-client", services.env.orderLimits.perClient),
  };
  limiters = {
    async consume(kind, key, points = 1) {
      try {
        await byKind[kind].consume(key, points);
        return { allowed: true };
      } catch (refusal) {
        // The library refuses with its result; anything else is a real failure.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000) };
      }
    },
  };
  limitersByServices.set(services, limiters);
  return limiters;
}

/**
 * Counts one write (or upload) of the signed-in owner against their limit; `points` for a
 * change that is several writes at once (an import of many items).
 */
export function countOwnerWrite(
  context: Readonly<RouterContextProvider>,
  kind: WriteKind,
  points = 1,
): Promise<WriteAllowance> {
  const owner = context.get(ownerContext);
  return limitersFor(context.get(servicesContext)).consume(kind, owner.id, points);
}

/** The whole minutes to wait before a refused change or order may be tried again: at least 1. */
export function retryAfterMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** What an owner over a limit is told: what happened, and when to try again. */
export function tooManyWritesMessage(kind: WriteKind, retryAfterSeconds: number): string {
  const minutes = retryAfterMinutes(retryAfterSeconds);
  const wait = minutes === 1 ? "a minute" : `${minutes} minutes`;
  return kind === "uploads"
    ? `Too many images uploaded in a short time. Please wait ${wait} and try again.`
    : `Too many changes in a short time. Please wait ${wait} and try again.`;
}

/**
 * The portal's middleware for every change an owner posts (forms, editor actions, uploads):
 * past the limit, the change is refused with 429 and the reason before any action runs.
 * After requireOwnerMiddleware, which names the owner.
 */
export const limitOwnerWritesMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const allowance = await countOwnerWrite(context, "writes");
    if (!allowance.allowed) {
      throw data(
        { message: tooManyWritesMessage("writes", allowance.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(allowance.retryAfterSeconds) } },
      );
    }
  }
  return next();
};

/**
 * Counts one attempt to place an order against the limit of the customer's client address,
 * whether or not it is placed. The site's own limit counts only the orders it took, inside
 * the placing transaction (`placeOrder`'s `limits.perSite`): attempts counted per site would
 * let anyone with a script and many addresses close a site's ordering to its customers.
 */
export function countOrderAttempt(
  services: AppServices,
  clientAddress: string,
): Promise<WriteAllowance> {
  return limitersFor(services).consume("orders-by-client", clientAddress);
}

/**
 * Counts one attempt to book a table against the limit of the guest's client address, booked
 * or not; the site's own limit counts only the bookings it took (`placeBooking`'s `perSite`),
 * for the reason `countOrderAttempt` gives.
 */
export function countBookingAttempt(
  services: AppServices,
  clientAddress: string,
): Promise<WriteAllowance> {
  return limitersFor(services).consume("bookings-by-client", clientAddress);
}

/**
 * A site's own limit, counted in what it took (its orders, its bookings) rather than in
 * attempts: when the site `productId` has taken `perSite` rows of `taken` in the window before
 * `now`, the seconds until the oldest of them that counts leaves it; null while it may take
 * another. Read under the site's row lock, so concurrent ones are counted one after another.
 */
export async function siteLimitWait(
  tx: Transaction,
  taken: { table: PgTable; productId: PgColumn; createdAt: PgColumn },
  productId: string,
  perSite: number,
  now: number,
): Promise<number | null> {
  const windowMs = WRITE_LIMIT_WINDOW_SECONDS * 1000;
  const [nth] = await tx
    .select({ createdAt: taken.createdAt })
    .from(taken.table)
    .where(and(eq(taken.productId, productId), gt(taken.createdAt, new Date(now - windowMs))))
    .orderBy(desc(taken.createdAt))
    .offset(perSite - 1)
    .limit(1);
  if (!nth) return null;
  const oldest = (nth.createdAt as Date).getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}
