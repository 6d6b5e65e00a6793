/**
 * Stripe as a payment provider: Connect with Standard accounts, each business's own; direct
 * charges on its account (the `Stripe-Account` header), so the business is the merchant of
 * record, pays Stripe's fees and sees each payment in its own dashboard; hosted Checkout, so
 * no card number reaches this server. The client talks to STRIPE_API_URL: Stripe's API, or a
 * local double that speaks its protocol (tests/support/fake-stripe/).
 *
 * The `stripe` package is loaded when the provider is made, in the background, never at a
 * start without Stripe keys: it is a third of a second of every start and of every admin
 * command for operators who take no cards.
 */
import type Stripe from "stripe";
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

type StripeClass = typeof Stripe;

let stripeModule: Promise<StripeClass> | null = null;
function loadStripe(): Promise<StripeClass> {
  stripeModule ??= import("stripe").then((module) => module.default);
  return stripeModule;
}

/** A Stripe error as the portal's: its message, its code, and whether trying again may help. */
function providerError(error: unknown, StripeSdk: StripeClass): PaymentProviderError {
  if (error instanceof StripeSdk.errors.StripeError) {
    const retryable =
      error.type === "StripeConnectionError" ||
      error.type === "StripeAPIError" ||
      error.type === "StripeRateLimitError" ||
      (error.statusCode ?? 0) >= 500;
    // Stripe's client puts the request's id in front of the message ("[req_8Ab…] …"): the
    // portal shows and stores the message alone.
    const message = error.message.replace(/^\s*\[req_[A-Za-z0-9]+\]\s*/, "");
    return new PaymentProviderError(message, error.code ?? null, retryable);
  }
  return new PaymentProviderError(
    error instanceof Error ? error.message : "The payment provider could not be reached.",
    null,
    true,
  );
}

export function createStripeProvider(config: PaymentsConfig): PaymentProvider {
  const api = new URL(config.apiUrl);
  const ready = loadStripe().then((StripeSdk) => ({
    StripeSdk,
    stripe: new StripeSdk(config.secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === "http:" ? 80 : 443),
      protocol: api.protocol === "http:" ? "http" : "https",
      // Requests that failed on the network are sent again with their idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "site-portal" },
    }),
  }));
  // A start that could not load the package says so when cards are first used, not before.
  ready.catch(() => {});

  async function call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { StripeSdk, stripe } = await ready;
    try {
      return await request(stripe);
    } catch (error) {
      throw providerError(error, StripeSdk);
    }
  }

  return {
    name: "stripe",

    createAccount: ({ email, idempotencyKey }) =>
      call(async (stripe) =>
        accountFacts(await stripe.accounts.create({ type: "standard", email }, { idempotencyKey })),
      ),

    readAccount: (accountId) =>
      call(async (stripe) => accountFacts(await stripe.accounts.retrieve(accountId))),

    onboardingUrl: (accountId, { returnUrl, refreshUrl }) =>
      call(async (stripe) => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: "account_onboarding",
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return link.url;
      }),

    startCheckout: (input) =>
      call(async (stripe) => {
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
      call(async (stripe) =>
        checkoutFacts(
          await stripe.checkout.sessions.retrieve(checkoutId, {}, { stripeAccount: accountId }),
        ),
      ),

    endCheckout: (accountId, checkoutId) =>
      call(async (stripe) => {
        await stripe.checkout.sessions.expire(checkoutId, {}, { stripeAccount: accountId });
      }),

    async refund({ accountId, paymentId, amount, idempotencyKey }) {
      try {
        const refund = await call((stripe) =>
          stripe.refunds.create(
            { payment_intent: paymentId, amount },
            { stripeAccount: accountId, idempotencyKey },
          ),
        );
        return { refundId: refund.id, alreadyRefunded: false };
      } catch (error) {
        // A refund that went through before (its answer lost to a crash) is not made twice.
        if (error instanceof PaymentProviderError && error.code === "charge_already_refunded") {
          return { refundId: "", alreadyRefunded: true };
        }
        throw error;
      }
    },

    async readEvent(body, signature) {
      if (!signature) throw new PaymentEventRefused("The delivery is not signed.");
      const { stripe } = await ready;
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
