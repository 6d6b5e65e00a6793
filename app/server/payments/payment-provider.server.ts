/** The payment provider the operator configured (only Stripe so far). */
import type { PaymentsConfig } from "../runtime/env.server";
import type { PaymentProvider } from "./payments.server";
import { createStripeProvider } from "./stripe-provider.server";

export function createPaymentProvider(config: PaymentsConfig): PaymentProvider {
  switch (config.provider) {
    case "stripe":
      return createStripeProvider(config);
  }
}
