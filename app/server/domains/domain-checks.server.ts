/**
 * Checking an owner's domain: once when they press Verify, and in the background every few
 * minutes for an hour after they add it or press Verify, so that a domain whose records
 * show up later is verified without the owner coming back.
 */
import { DOMAIN_RECHECK_INTERVAL_MS, type DomainCheck } from "~/lib/custom-domains";
import type { Database } from "../db/client.server";
import type { Events } from "../events/events.server";
import { logger } from "../http/log.server";
import {
  claimDomainsToRecheck,
  recordDomainCheck,
  type RecordCheckResult,
} from "./custom-domains.server";
import type { DomainChecker } from "./dns-check.server";

export interface DomainCheckOutcome {
  result: RecordCheckResult;
  check: DomainCheck;
}

/** Checks the site's domain now and keeps what was found; DNS failures are thrown. */
export async function checkDomainNow(
  deps: { events: Events; checker: DomainChecker },
  claim: { productId: string; domain: string; token: string },
  options: { now?: Date; extend?: boolean } = {},
): Promise<DomainCheckOutcome> {
  const check = await deps.checker.check(claim.domain, claim.token);
  const result = await recordDomainCheck(deps.events, claim.productId, claim.token, check, options);
  return { result, check };
}

export interface DomainRechecks {
  /** Starts the timer (the server does, once it listens); scripts and tests never do. */
  start(): void;
  /** One round: every domain due is checked. Returns how many were. */
  runOnce(now?: Date): Promise<number>;
  close(): Promise<void>;
}

export function createDomainRechecks(deps: {
  db: Database;
  events: Events;
  checker: DomainChecker;
  intervalMs?: number;
}): DomainRechecks {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function runOnce(now = new Date()): Promise<number> {
    const due = await claimDomainsToRecheck(deps.db, now);
    for (const claim of due) {
      try {
        const { result } = await checkDomainNow(deps, claim, { now });
        if (result === "verified") logger.info({ domain: claim.domain }, "Custom domain verified");
      } catch (error) {
        // One domain's DNS failing must not keep the others from their check.
        logger.warn({ domain: claim.domain, err: error }, "Custom domain check failed");
      }
    }
    return due.length;
  }

  const tick = () => {
    running ??= runOnce()
      .catch((error: unknown) => {
        logger.error({ err: error }, "Custom domain re-checks failed");
        return 0;
      })
      .finally(() => (running = null));
  };

  return {
    start() {
      if (timer) return;
      // Every process ticks; each domain is claimed by one of them per interval.
      timer = setInterval(tick, deps.intervalMs ?? DOMAIN_RECHECK_INTERVAL_MS / 5);
      timer.unref();
    },
    runOnce,
    async close() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
