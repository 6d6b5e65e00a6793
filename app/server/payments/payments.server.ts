/**
 * The payments/ folder owns card payments: a payment provider's small interface (here) and
 * its one driver so far, Stripe Connect (stripe-provider); a site's connected account and its
 * onboarding (payment-accounts); an order's checkout, started after the order is placed and
 * settled by the provider's webhook or the customer's return, whichever comes first
 * (card-checkout); refunds, asked of the provider through the orders' outbox (card-refunds);
 * and the webhook's door, which believes only signed events and acts on each once
 * (payment-webhook). Decision 31 says how it fits together.
 *
 * A provider is shaped like storage's drivers: everything the rest of the portal needs of a
 * provider is below, in the portal's own words; another provider (Square, Mollie) would be
 * a second implementation of it, chosen in payment-provider.server.ts.
 */
import type { PaymentsConfig } from "../runtime/env.server";
import type { CheckoutLine } from "~/lib/card-payments";

/** What a provider says of a connected account. */
export interface AccountFacts {
  accountId: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

/** What a provider says of a checkout: open, paid (with what), or ended unpaid. */
export type CheckoutFacts =
  | { checkoutId: string; status: "open" }
  | { checkoutId: string; status: "ended" }
  | {
      checkoutId: string;
      status: "paid";
      /** In the currency's minor units, as the provider counts. */
      amount: number;
      /** ISO 4217, upper case. */
      currency: string;
      paymentId: string;
    };

export interface StartCheckout {
  accountId: string;
  /** The order's own id, for the provider's dashboard; never its status page's token. */
  orderId: string;
  /** Shown on the provider's page as the order's title and statement line. */
  description: string;
  lines: CheckoutLine[];
  currency: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The platform's fee in minor units; 0 for none. */
  platformFee: number;
  /** The same key twice starts one checkout. */
  idempotencyKey: string;
}

/** A provider event the portal acts on, read from a signed delivery. */
export type PaymentEvent = { id: string; accountId: string | null } & (
  | { kind: "account-updated"; account: AccountFacts }
  | { kind: "checkout-settled"; checkout: CheckoutFacts }
  | { kind: "ignored"; type: string }
);

/** A delivery that is not a signed, fresh event from the provider. */
export class PaymentEventRefused extends Error {
  override name = "PaymentEventRefused";
}

/** The provider refused or failed a request; `message` is safe to show to the owner. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    /** The provider's code (Stripe: `charge_already_refunded`, …), when it gave one. */
    readonly code: string | null,
    /** A request that might succeed if sent again (a network failure, a 5xx, a 429). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: PaymentsConfig["provider"];
  /** A new connected account for a business; the same key twice makes one. */
  createAccount(input: { email: string; idempotencyKey: string }): Promise<AccountFacts>;
  readAccount(accountId: string): Promise<AccountFacts>;
  /** Where the business fills in its details; `refreshUrl` when that link has expired. */
  onboardingUrl(
    accountId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<string>;
  startCheckout(input: StartCheckout): Promise<{ checkoutId: string; url: string }>;
  readCheckout(accountId: string, checkoutId: string): Promise<CheckoutFacts>;
  /** Ends an open checkout so it can no longer be paid. */
  endCheckout(accountId: string, checkoutId: string): Promise<void>;
  /** Refunds `amount` (minor units) of a payment; the same key twice refunds once. */
  refund(input: {
    accountId: string;
    paymentId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; alreadyRefunded: boolean }>;
  /** Reads a webhook delivery; rejects with PaymentEventRefused unless it is signed and fresh. */
  readEvent(body: string, signature: string | null): Promise<PaymentEvent>;
}
