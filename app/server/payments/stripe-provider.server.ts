/**
 * Stripe as a payment provider: Connect with Standard accounts, each business's own; direct
 * charges on its account (the `Stripe-Account` header), so the business is the merchant of
 * record, pays Stripe's fees and sees each payment in its own dashboard; hosted Checkout, so
 * no card number reaches this server. The client talks to STRIPE_API_URL: Stripe's API, or a
 * local double that speaks its protocol (tests/support/fake-stripe/).
 */
import Stripe from "stripe";
import type { PaymentsConfig } from "../runtime/env.server";
import {
  PaymentEventRefused,
  PaymentProviderError,
  type AccountFacts,
  type CheckoutFacts,
  type PaymentProvider,
} from "./payments.server";

/** How old a signed delivery may be, in seconds (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function accountFacts(account: Stripe.Account): AccountFacts {
  return {
    accountId: account.id,
    chargesEnabled: account.charges_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}

function checkoutFacts(session: Stripe.Checkout.Session): CheckoutFacts {
  const checkoutId = session.id;
  if (session.status === "expired") return { checkoutId, status: "ended" };
  if (session.status === "complete" && session.payment_status === "paid") {
    const intent = session.payment_intent;
    return {
      checkoutId,
      status: "paid",
      amount: session.amount_total ?? 0,
      currency: (session.currency ?? "").toUpperCase(),
      paymentId: typeof intent === "string" ? intent : (intent?.id ?? ""),
    };
  }
  return { checkoutId, status: "open" };
}

/** A Stripe error as the portal's: its message, its code, and whether trying again may help. */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeError) {
    const retryable =
      error.type === "StripeConnectionError" ||
      error.type === "StripeAPIError" ||
      error.type === "StripeRateLimitError" ||
      (error.statusCode ?? 0) >= 500;
    return new PaymentProviderError(error.message, error.code ?? null, retryable);
  }
  return new PaymentProviderError(
    error instanceof Error ? error.message : "The payment provider could not be reached.",
    null,
    true,
  );
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

export function createStripeProvider(config: PaymentsConfig): PaymentProvider {
  const api = new URL(config.apiUrl);
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === "http:" ? 80 : 443),
    protocol: api.protocol === "http:" ? "http" : "https",
    // Requests that failed on the network are sent again with their idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "site-portal" },
  });

  return {
    name: "stripe",

    createAccount: ({ email, idempotencyKey }) =>
      call(async () =>
        accountFacts(await stripe.accounts.create({ type: "standard", email }, { idempotencyKey })),
      ),

    readAccount: (accountId) =>
      call(async () => accountFacts(await stripe.accounts.retrieve(accountId))),

    onboardingUrl: (accountId, { returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: "account_onboarding",
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return link.url;
      }),

    startCheckout: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: line.unitAmount,
                product_data: { name: line.name },
              },
            })),
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            client_reference_id: input.orderId,
            metadata: { order: input.orderId },
            payment_intent_data: {
              description: input.description,
              metadata: { order: input.orderId },
              ...(input.platformFee > 0 ? { application_fee_amount: input.platformFee } : {}),
            },
          },
          { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
        );
        if (!session.url) throw new Error("Stripe gave the checkout no address.");
        return { checkoutId: session.id, url: session.url };
      }),

    readCheckout: (accountId, checkoutId) =>
      call(async () =>
        checkoutFacts(
          await stripe.checkout.sessions.retrieve(checkoutId, {}, { stripeAccount: accountId }),
        ),
      ),

    endCheckout: (accountId, checkoutId) =>
      call(async () => {
        await stripe.checkout.sessions.expire(checkoutId, {}, { stripeAccount: accountId });
      }),

    refund: ({ accountId, paymentId, amount, idempotencyKey }) =>
      call(async () => {
        try {
          const refund = await stripe.refunds.create(
            { payment_intent: paymentId, amount },
            { stripeAccount: accountId, idempotencyKey },
          );
          return { refundId: refund.id, alreadyRefunded: false };
        } catch (error) {
          // A refund that went through before (its answer lost to a crash) is not made twice.
          if (
            error instanceof Stripe.errors.StripeError &&
            error.code === "charge_already_refunded"
          ) {
            return { refundId: "", alreadyRefunded: true };
          }
          throw error;
        }
      }),

    readEvent(body, signature) {
      if (!signature) throw new PaymentEventRefused("The delivery is not signed.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          body,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new PaymentEventRefused(
          error instanceof Error ? error.message : "The signature does not match.",
        );
      }
      const base = { id: event.id, accountId: event.account ?? null };
      switch (event.type) {
        case "account.updated":
          return { ...base, kind: "account-updated", account: accountFacts(event.data.object) };
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
        case "checkout.session.expired":
          return { ...base, kind: "checkout-settled", checkout: checkoutFacts(event.data.object) };
        default:
          return { ...base, kind: "ignored", type: event.type };
      }
    },
  };
}
