/**
 * Stripe's Connect webhook: one fixed path for every connected account's events. Found only
 * while card payments are configured; the rules are in app/server/payments/payment-webhook.
 */
import { data } from "react-router";
import { servicesContext } from "~/context";
import { handlePaymentWebhook } from "~/server/payments/payment-webhook.server";
import type { Route } from "./+types/stripe";

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (!services.payments || request.method !== "POST") {
    throw data({ message: "Not found." }, { status: 404 });
  }
  const answer = await handlePaymentWebhook(
    { ...services, payments: services.payments, kickOutbox: () => services.orderMail.kick() },
    // The signature is over the bytes as sent: the body is read as text, never parsed first.
    await request.text(),
    request.headers.get("stripe-signature"),
    Date.now(),
  );
  return new Response(answer.text, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  throw data({ message: "Not found." }, { status: 404 });
}
