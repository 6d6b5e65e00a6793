/**
 * Card payments in database tests: the portal's services pointed at the fake Stripe API
 * (./fake-stripe), and a webhook receiver in this process that hands each delivery, its bytes
 * and signature as sent, to the portal's webhook handler, as `/webhooks/stripe` does.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { orders } from "~/server/db/schema";
import { checkoutServices, checkoutUrlFor } from "~/server/payments/card-checkout.server";
import {
  ensurePaymentAccount,
  saveCardPaymentsChoice,
} from "~/server/payments/payment-accounts.server";
import { handlePaymentWebhook } from "~/server/payments/payment-webhook.server";
import type { CardPaymentsChoice } from "~/lib/card-payments";
import type { Env } from "~/server/runtime/env.server";
import type { RunningServices } from "~/server/runtime/services.server";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";
import { createTestServices } from "./test-services";

export const TEST_STRIPE_KEY = "sk_test_portaltests0001";
export const TEST_WEBHOOK_SECRET = "whsec_portaltests0001";

export interface PaymentsHarness {
  fake: FakeStripe;
  services: RunningServices;
  /** The receiver's address, where the fake sends its events. */
  webhookUrl: string;
  /** Makes the receiver drop the next `count` deliveries unanswered, as a crashed server would. */
  dropNextDeliveries(count: number): void;
  close(): Promise<void>;
}

export async function startPaymentsHarness(
  options: {
    /** The fake's clock, for the checkouts' expiry: the tests' own clock. */
    now?: () => number;
    env?: Partial<Env>;
  } = {},
): Promise<PaymentsHarness> {
  const fake = await startFakeStripe({
    webhookRetries: 3,
    webhookRetryDelayMs: 50,
    ...(options.now ? { now: options.now } : {}),
  });
  const overrides = options.env ?? {};
  const services = await createTestServices({
    payments: {
      provider: "stripe",
      secretKey: TEST_STRIPE_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      apiUrl: fake.url,
      platformFeePercent: 0,
    },
    ...overrides,
  });
  let drop = 0;
  const receiver: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (drop > 0) {
        drop -= 1;
        request.socket.destroy();
        return;
      }
      const signature = request.headers["stripe-signature"];
      handlePaymentWebhook(
        {
          ...services,
          payments: services.payments!,
          kickOutbox: () => services.orderMail.kick(),
        },
        Buffer.concat(chunks).toString("utf8"),
        typeof signature === "string" ? signature : null,
        Date.now(),
      ).then(
        (answer) => response.writeHead(answer.status).end(answer.text),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`;
  fake.setWebhookTarget(webhookUrl, TEST_WEBHOOK_SECRET);
  return {
    fake,
    services,
    webhookUrl,
    dropNextDeliveries(count) {
      drop = count;
    },
    async close() {
      await fake.webhooksIdle().catch(() => {});
      await new Promise((resolve) => receiver.close(resolve));
      await services.close();
      await fake.close();
    },
  };
}

/** Connects the site to a new account at the fake, onboarded, and sets the owner's choice. */
export async function connectCards(
  harness: PaymentsHarness,
  site: { productId: string },
  choice: CardPaymentsChoice = "optional",
): Promise<string> {
  const { services, fake } = harness;
  const account = await ensurePaymentAccount(services.db, services.payments!, {
    id: site.productId,
    ownerEmail: "owner@example.com",
  });
  await fake.completeOnboarding(account.accountId);
  await fake.webhooksIdle();
  if (!(await saveCardPaymentsChoice(services.events, site.productId, choice))) {
    throw new Error("The account is not ready for card payments.");
  }
  return account.accountId;
}

/** The checkout of an order awaiting payment: its address, and its id at the fake. */
export async function startCheckout(harness: PaymentsHarness, orderId: string, now: number) {
  const checkout = checkoutServices(harness.services)!;
  const url = await checkoutUrlFor(checkout, orderId, now);
  const [row] = await harness.services.db.select().from(orders).where(eq(orders.id, orderId));
  return { url: url!, sessionId: row!.checkoutId!, order: row! };
}
