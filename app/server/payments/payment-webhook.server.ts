/**
 * The provider's webhook, `/webhooks/stripe`: a delivery is believed only when its signature
 * matches the webhook's secret within Stripe's tolerance (an unsigned, mis-signed or replayed
 * old delivery is refused with 400 and changes nothing), only about an account this portal
 * knows (another is refused with 400), and acted on once per event id: the id is recorded in
 * the transaction that acts on it, so a delivery that comes again (the provider retries until
 * it hears a 2xx) is answered 200 and changes nothing more. A crash before that commit leaves
 * nothing behind, and the provider's next delivery does it all.
 */
import { eq } from "drizzle-orm";
import { orders, paymentAccounts, paymentEvents } from "../db/schema";
import type { Database } from "../db/client.server";
import type { Events } from "../events/events.server";
import { logger } from "../http/log.server";
import type { Metrics } from "../metrics/metrics.server";
import { afterSettling, settleCheckout } from "./card-checkout.server";
import { recordAccountFacts } from "./payment-accounts.server";
import { PaymentEventRefused, type PaymentProvider } from "./payments.server";

export interface WebhookServices {
  db: Database;
  events: Events;
  payments: PaymentProvider;
  metrics: Pick<Metrics, "cardPayment"> | null;
  kickOutbox(): void;
}

/** The answer to a delivery: its status and a short text for the provider's dashboard. */
export interface WebhookAnswer {
  status: number;
  text: string;
}

/** An account some site is paid into, or some order was paid on (a site since disconnected). */
async function isKnownAccount(db: Database, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ id: paymentAccounts.accountId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.accountId, accountId))
    .limit(1);
  if (account) return true;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.paymentAccountId, accountId))
    .limit(1);
  return Boolean(order);
}

export async function handlePaymentWebhook(
  services: WebhookServices,
  body: string,
  signature: string | null,
  now: number,
): Promise<WebhookAnswer> {
  let event;
  try {
    event = await services.payments.readEvent(body, signature);
  } catch (error) {
    if (error instanceof PaymentEventRefused) {
      logger.warn({ reason: error.message }, "Payment webhook refused");
      return {
        status: 400,
        text: "Refused: the delivery is not signed with this endpoint's secret, or is too old.",
      };
    }
    throw error;
  }
  if (event.kind === "ignored") return { status: 200, text: `Not used: ${event.type}.` };
  if (!event.accountId || !(await isKnownAccount(services.db, event.accountId))) {
    logger.warn({ eventId: event.id }, "Payment webhook about an unknown account refused");
    return {
      status: 400,
      text: "Refused: the event is about an account this portal does not know.",
    };
  }
  const accountId = event.accountId;

  if (event.kind === "account-updated") {
    const recorded = await services.events.transaction(async (tx, changes) => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id: event.id, type: "account.updated" })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return false;
      // The event's account is the account it is about.
      const site = await recordAccountFacts(services.events, { ...event.account, accountId }, tx);
      if (site) changes.product(site.productId);
      return true;
    });
    return { status: 200, text: recorded ? "Account updated." : "Already done." };
  }

  const outcome = await settleCheckout(
    services.events,
    { accountId, checkout: event.checkout, eventId: event.id, eventType: "checkout" },
    now,
  );
  if (outcome.kind === "refused") {
    logger.warn({ eventId: event.id }, "Payment webhook about another account's checkout refused");
    return { status: 400, text: `Refused: ${outcome.reason}` };
  }
  afterSettling(services, outcome);
  return {
    status: 200,
    text: outcome.kind === "duplicate" ? "Already done." : `Done: ${outcome.kind}.`,
  };
}
