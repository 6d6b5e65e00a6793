// `npm run stripe:fake`: the fake Stripe API (tests/support/fake-stripe) on its own, so that
// the portal's payments can be tried offline. Settings from the environment:
//   FAKE_STRIPE_PORT          port to listen on (default 12111)
//   FAKE_STRIPE_WEBHOOK_URL   where webhooks go (default http://localhost:3000/webhooks/stripe)
//   STRIPE_WEBHOOK_SECRET     their signing secret (default whsec_test_local)
import { startFakeStripe } from "../tests/support/fake-stripe";

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`FAKE_STRIPE_PORT is not a port: ${process.env.FAKE_STRIPE_PORT}`);
  process.exit(1);
}
const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL ?? "http://localhost:3000/webhooks/stripe";
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_test_local";

const fake = await startFakeStripe({
  port,
  webhook: { url: webhookUrl, secret: webhookSecret },
  log: (line) => console.log(`[fake-stripe] ${line}`),
});

console.log(`Fake Stripe listening on ${fake.url}; webhooks go to ${webhookUrl}.

Start the portal against it (in another terminal):

  STRIPE_SECRET_KEY=sk_test_local STRIPE_WEBHOOK_SECRET=${webhookSecret} STRIPE_API_URL=${fake.url} npm run dev

Onboarding and Checkout links it hands out open pages at ${fake.url}. Nothing reaches Stripe.
Ctrl-C stops it.`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  void fake.close().then(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
