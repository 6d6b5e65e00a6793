/**
 * The domains/ folder owns owners' own domains: their names, their DNS checks and the
 * background rounds, which host is what, routing by host, the TLS question and the Domain
 * page's actions (decision 16).
 *
 * Owners' own domains in the database: adding one to a site, recording what a DNS check
 * found, removing it, and finding the site a verified domain serves. Writes that change
 * what the public sees (a domain verified or removed) run through `services.events`, so
 * the site's cached pages, QR codes and address are dropped in every process.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import {
  DOMAIN_RECHECK_INTERVAL_MS,
  DOMAIN_RECHECK_PERIOD_MS,
  isCheckPassed,
  storedDomainCheck,
  type DomainCheck,
} from "~/lib/custom-domains";
import type { ProductType } from "~/sites/product-types";
import type { Database } from "../db/client.server";
import { isUniqueViolation } from "../db/database-errors.server";
import { customDomains, products } from "../db/schema";
import type { Events } from "../events/events.server";

/** A site's verified domain, or null, as a column of any query over `products`. */
export const verifiedDomainColumn = sql<string | null>`(
  select ${customDomains.domain} from ${customDomains}
  where ${customDomains.productId} = ${products.id} and ${customDomains.verifiedAt} is not null
)`;

export interface OwnedDomain {
  domain: string;
  token: string;
  verified: boolean;
  /** What the last check found; null before the first. */
  lastCheck: DomainCheck | null;
  lastCheckedAt: Date | null;
  /** Until when it is checked again in the background (unverified domains only). */
  recheckUntil: Date | null;
}

/** The site's domain, verified or not, for its owner's page. */
export async function domainOfSite(db: Database, productId: string): Promise<OwnedDomain | null> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.productId, productId));
  if (!row) return null;
  return {
    domain: row.domain,
    token: row.token,
    verified: row.verifiedAt !== null,
    lastCheck: storedDomainCheck(row.lastCheck),
    lastCheckedAt: row.lastCheckedAt,
    recheckUntil: row.verifiedAt === null ? row.recheckUntil : null,
  };
}

/** Whether another site holds this domain verified. */
async function isHeldElsewhere(db: Pick<Database, "select">, domain: string, productId: string) {
  const [row] = await db
    .select({ productId: customDomains.productId })
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt)));
  return row !== undefined && row.productId !== productId;
}

export type AddDomainResult = { ok: true } | { ok: false; reason: "taken" | "site-has-one" };

/** Asks for `domain` for the site; checked in the background for the next hour. */
export async function addDomain(
  db: Database,
  productId: string,
  domain: string,
  now = new Date(),
): Promise<AddDomainResult> {
  return db.transaction(async (tx) => {
    if (await isHeldElsewhere(tx, domain, productId)) return { ok: false, reason: "taken" };
    const inserted = await tx
      .insert(customDomains)
      .values({
        productId,
        domain,
        token: `portal-verify-${randomBytes(18).toString("base64url")}`,
        recheckUntil: new Date(now.getTime() + DOMAIN_RECHECK_PERIOD_MS),
      })
      .onConflictDoNothing()
      .returning({ productId: customDomains.productId });
    return inserted.length > 0 ? { ok: true } : { ok: false, reason: "site-has-one" };
  });
}

export type RecordCheckResult = "verified" | "not-yet" | "taken" | "gone";

/**
 * Keeps what a check of the site's domain found. A passed check verifies the domain,
 * unless another site verified it first; a failed one keeps the domain checked in the
 * background for another hour (`extend`, when the owner asked). `token` is the one checked:
 * a domain removed and added again meanwhile is left alone.
 */
export async function recordDomainCheck(
  events: Events,
  productId: string,
  token: string,
  check: DomainCheck,
  { now = new Date(), extend = false }: { now?: Date; extend?: boolean } = {},
): Promise<RecordCheckResult> {
  try {
    return await events.transaction(async (tx, changes) => {
      const sameClaim = and(eq(customDomains.productId, productId), eq(customDomains.token, token));
      const [row] = await tx
        .select({ domain: customDomains.domain, verifiedAt: customDomains.verifiedAt })
        .from(customDomains)
        .where(sameClaim)
        .for("update");
      if (!row) return "gone";
      const passed = isCheckPassed(check);
      if (passed && (await isHeldElsewhere(tx, row.domain, productId))) {
        await tx
          .update(customDomains)
          .set({ lastCheck: check, lastCheckedAt: now, recheckUntil: null })
          .where(sameClaim);
        return "taken";
      }
      await tx
        .update(customDomains)
        .set({
          lastCheck: check,
          lastCheckedAt: now,
          ...(passed
            ? { verifiedAt: row.verifiedAt ?? now, recheckUntil: null }
            : extend
              ? { recheckUntil: new Date(now.getTime() + DOMAIN_RECHECK_PERIOD_MS) }
              : {}),
        })
        .where(sameClaim);
      // The site's pages, QR codes and address change once it is served at its domain.
      if (passed && row.verifiedAt === null) changes.product(productId);
      return passed ? "verified" : "not-yet";
    });
  } catch (error) {
    // Two sites verified the same domain at once: the unique index let one through.
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

/** Removes the site's domain at once; its pages answer at the portal's address again. */
export async function removeDomain(events: Events, productId: string): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const removed = await tx
      .delete(customDomains)
      .where(eq(customDomains.productId, productId))
      .returning({ verifiedAt: customDomains.verifiedAt });
    if (removed[0]?.verifiedAt) changes.product(productId);
    return removed.length > 0;
  });
}

export interface DomainToCheck {
  productId: string;
  domain: string;
  token: string;
}

/**
 * Unverified domains whose background hour is not over and that were not checked in the
 * last interval, marked as checked now. The mark is taken in one UPDATE, so several
 * server processes never check the same domain in the same round.
 */
export async function claimDomainsToRecheck(
  db: Database,
  now = new Date(),
  limit = 100,
): Promise<DomainToCheck[]> {
  const due = new Date(now.getTime() - DOMAIN_RECHECK_INTERVAL_MS + 1000);
  const candidates = db
    .select({ productId: customDomains.productId })
    .from(customDomains)
    .where(
      and(
        isNull(customDomains.verifiedAt),
        gt(customDomains.recheckUntil, now),
        or(isNull(customDomains.lastCheckedAt), lte(customDomains.lastCheckedAt, due)),
      ),
    )
    .orderBy(asc(customDomains.lastCheckedAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(customDomains)
    .set({ lastCheckedAt: now })
    .where(sql`${customDomains.productId} in (${candidates})`)
    .returning({
      productId: customDomains.productId,
      domain: customDomains.domain,
      token: customDomains.token,
    });
}

export interface DomainSite {
  domain: string;
  productId: string;
  type: ProductType;
}

/** The live site a verified domain serves, or null. */
export async function siteOfVerifiedDomain(
  db: Database,
  domain: string,
): Promise<DomainSite | null> {
  const [row] = await db
    .select({ domain: customDomains.domain, productId: products.id, type: products.type })
    .from(customDomains)
    .innerJoin(products, eq(products.id, customDomains.productId))
    .where(
      and(
        eq(customDomains.domain, domain),
        isNotNull(customDomains.verifiedAt),
        sql`${products.exists}`,
      ),
    );
  return row ?? null;
}

/** The verified domain of a site, or null. */
export async function verifiedDomainOfSite(
  db: Database,
  productId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ domain: customDomains.domain })
    .from(customDomains)
    .where(and(eq(customDomains.productId, productId), isNotNull(customDomains.verifiedAt)));
  return row?.domain ?? null;
}

/** Whether a domain is verified for a live site: what a certificate may be issued for. */
export async function isVerifiedDomain(db: Database, domain: string): Promise<boolean> {
  return (await siteOfVerifiedDomain(db, domain)) !== null;
}
