/**
 * A site's connected payment account: made at the provider when its owner first presses
 * "Connect Stripe", onboarded on the provider's pages, read again when the owner comes back
 * and whenever the provider says it changed, and forgotten on "Disconnect". The owner's
 * choice (cards off, optional or required) lives with the order settings; cards are offered
 * only while the account can take them.
 */
import { eq } from "drizzle-orm";
import {
  paymentAccountStatus,
  type CardPaymentsChoice,
  type PaymentAccountStatus,
} from "~/lib/card-payments";
import type { Database } from "../db/client.server";
import { orderSettings, paymentAccounts } from "../db/schema";
import type { Events, Transaction } from "../events/events.server";
import type { AccountFacts, PaymentProvider } from "./payments.server";

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

export async function loadPaymentAccount(
  db: Database | Transaction,
  productId: string,
): Promise<PaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.productId, productId));
  return row ?? null;
}

/** The owner's choice as stored ("off" when never saved). */
export async function loadCardPaymentsChoice(
  db: Database | Transaction,
  productId: string,
): Promise<CardPaymentsChoice> {
  const [row] = await db
    .select({ choice: orderSettings.cardPayments })
    .from(orderSettings)
    .where(eq(orderSettings.productId, productId));
  return row?.choice ?? "off";
}

/**
 * How a site takes cards now, read together with the account that would be paid: what the
 * order page offers and what placing an order checks.
 */
export async function siteCardPayments(
  db: Database | Transaction,
  productId: string,
  providerConfigured: boolean,
): Promise<{ choice: CardPaymentsChoice; accountId: string | null }> {
  if (!providerConfigured) return { choice: "off", accountId: null };
  const [account, choice] = [
    await loadPaymentAccount(db, productId),
    await loadCardPaymentsChoice(db, productId),
  ];
  const now = paymentAccountStatus(account) === "ready" ? choice : "off";
  return { choice: now, accountId: now === "off" ? null : account!.accountId };
}

/** The site's account, made at the provider on the first call; the same account after. */
export async function ensurePaymentAccount(
  db: Database,
  provider: PaymentProvider,
  site: { id: string; ownerEmail: string },
): Promise<PaymentAccountRow> {
  const existing = await loadPaymentAccount(db, site.id);
  if (existing) return existing;
  // Two presses at once ask the provider for one account: the key is the site's.
  const facts = await provider.createAccount({
    email: site.ownerEmail,
    idempotencyKey: `connect-${site.id}`,
  });
  const [row] = await db
    .insert(paymentAccounts)
    .values({ productId: site.id, provider: provider.name, ...facts })
    .onConflictDoNothing({ target: paymentAccounts.productId })
    .returning();
  return row ?? (await loadPaymentAccount(db, site.id))!;
}

/**
 * Writes what the provider says of an account. Returns the site whose account it is, or
 * null when no site has it (an event about an account this portal does not know).
 */
export async function recordAccountFacts(
  events: Events,
  facts: AccountFacts,
  tx?: Transaction,
): Promise<{ productId: string } | null> {
  const write = async (db: Transaction, changes?: { product(id: string): void }) => {
    const [row] = await db
      .update(paymentAccounts)
      .set({ chargesEnabled: facts.chargesEnabled, detailsSubmitted: facts.detailsSubmitted })
      .where(eq(paymentAccounts.accountId, facts.accountId))
      .returning({ productId: paymentAccounts.productId });
    // Whether the order page offers cards follows the account: its pages are dropped.
    if (row) changes?.product(row.productId);
    return row ?? null;
  };
  if (tx) return write(tx);
  return events.transaction((db, changes) => write(db, changes));
}

/** Forgets the site's account and turns card payments off; orders already paid keep theirs. */
export async function disconnectPaymentAccount(events: Events, productId: string): Promise<void> {
  await events.transaction(async (tx, changes) => {
    await tx.delete(paymentAccounts).where(eq(paymentAccounts.productId, productId));
    await tx
      .update(orderSettings)
      .set({ cardPayments: "off" })
      .where(eq(orderSettings.productId, productId));
    changes.product(productId);
  });
}

/**
 * Saves the owner's choice. Cards can be chosen only while the account is ready; "off" always.
 * Returns false (nothing written) when the account cannot take cards.
 */
export async function saveCardPaymentsChoice(
  events: Events,
  productId: string,
  choice: CardPaymentsChoice,
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    if (choice !== "off") {
      const account = await loadPaymentAccount(tx, productId);
      if (paymentAccountStatus(account) !== "ready") return false;
    }
    await tx
      .insert(orderSettings)
      .values({ productId, cardPayments: choice })
      .onConflictDoUpdate({ target: orderSettings.productId, set: { cardPayments: choice } });
    changes.product(productId);
    return true;
  });
}

/** The owner's view of card payments for a site. */
export interface CardPaymentsView {
  /** False when the operator set no provider: the section is not shown. */
  offered: boolean;
  status: PaymentAccountStatus;
  choice: CardPaymentsChoice;
}

export function cardPaymentsView(
  provider: PaymentProvider | null,
  account: PaymentAccountRow | null,
  choice: CardPaymentsChoice,
): CardPaymentsView {
  return { offered: provider !== null, status: paymentAccountStatus(account), choice };
}
