/**
 * Card payments of a site (the Orders tab's "Card payments"), posted by plain forms so that
 * they work without JavaScript: connect the site's Stripe account (made on the first press,
 * then Stripe's onboarding), disconnect it, and choose how customers pay. Stripe sends the
 * owner back here (`?return=1`, or `?refresh=1` for an expired link); every answer is a 303
 * to the Orders tab with a one-time message. Only the site's owner gets anything, and only
 * while the operator set up card payments: everyone else, and everything then, gets a 404.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { ownerContext, servicesContext } from "~/context";
import {
  isCardPaymentsChoice,
  paymentAccountStatus,
  type CardPaymentsChoice,
} from "~/lib/card-payments";
import { cardPaymentsWords } from "~/lib/i18n/portal/card-payments";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { requireSite } from "~/server/access/site-access.server";
import { CARD_PAYMENTS_FLASH, setFlash, type FlashTone } from "~/server/http/flash.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import {
  disconnectPaymentAccount,
  ensurePaymentAccount,
  loadPaymentAccount,
  recordAccountFacts,
  saveCardPaymentsChoice,
} from "~/server/payments/payment-accounts.server";
import { PaymentProviderError, type PaymentProvider } from "~/server/payments/payments.server";
import type { AppServices } from "~/server/runtime/services.server";
import { takesOrders } from "~/sites";
import { handOffPage } from "~/server/http/hand-off.server";
import type { Route } from "./+types/card-payments";

const SAVED: Record<CardPaymentsChoice, string> = {
  required: cardPaymentsWords.savedRequired,
  optional: cardPaymentsWords.savedOptional,
  off: cardPaymentsWords.savedOff,
};

/** The site, its owner and the provider; a 404 for anyone but its owner, or without cards. */
async function requireCardPaymentsSite(
  context: Readonly<RouterContextProvider>,
  productId: string | undefined,
) {
  const { user: owner, product } = await requireSite(context, productId, "site.payments");
  const services = context.get(servicesContext);
  if (!services.payments || !takesOrders(product.type)) {
    throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  }
  return { owner, product, services, payments: services.payments };
}

/** The Orders tab, scrolled to its Card payments section, with `message` shown there once. */
async function backToTab(
  services: AppServices,
  product: { id: string; type: string },
  message: string | null,
  tone: FlashTone = "success",
) {
  const headers = new Headers();
  if (message) {
    headers.set(
      "Set-Cookie",
      await setFlash(services.env, message, { tone, topic: CARD_PAYMENTS_FLASH }),
    );
  }
  return redirect(`/user/${product.type}/setup/${product.id}?tab=orders#card-payments`, {
    status: 303,
    headers,
  });
}

function onboardingUrl(
  services: AppServices,
  payments: PaymentProvider,
  pid: string,
  accountId: string,
) {
  const here = `${services.env.publicUrl}/user/payments/${pid}`;
  return payments.onboardingUrl(accountId, {
    returnUrl: `${here}?return=1`,
    refreshUrl: `${here}?refresh=1`,
  });
}

function providerMessage(error: PaymentProviderError): string {
  const message = error.message.trim();
  return fill(cardPaymentsWords.providerFailed, {
    message: /[.!?]$/.test(message) ? message : `${message}.`,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { product, services, payments } = await requireCardPaymentsSite(context, params.pid);
  const query = new URL(request.url).searchParams;
  const returning = query.get("return") === "1";
  const refreshing = query.get("refresh") === "1";
  if (!returning && !refreshing) return backToTab(services, product, null);

  const account = await loadPaymentAccount(services.db, product.id);
  // Disconnected in another tab meanwhile: nothing to finish.
  if (!account) return backToTab(services, product, cardPaymentsWords.notConnectedNow, "warning");
  try {
    if (refreshing) {
      // Stripe's link expired (or was opened twice): a fresh one.
      return redirect(await onboardingUrl(services, payments, product.id, account.accountId), 303);
    }
    const facts = await payments.readAccount(account.accountId);
    await recordAccountFacts(services.events, facts);
    return paymentAccountStatus(facts) === "ready"
      ? backToTab(
          services,
          product,
          `${cardPaymentsWords.connected} ${cardPaymentsWords.connectedChooseBelow}`,
        )
      : backToTab(services, product, cardPaymentsWords.stillNeedsDetails, "warning");
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      return backToTab(services, product, providerMessage(error), "error");
    }
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { product, services, payments } = await requireCardPaymentsSite(context, params.pid);
  const owner = context.get(ownerContext);
  const form = await readFormOrRefuse(request);
  const intent = form.get("intent");

  if (intent === "connect") {
    try {
      const account = await ensurePaymentAccount(services.db, payments, {
        id: product.id,
        ownerEmail: owner.email,
      });
      if (paymentAccountStatus(account) === "ready") {
        return backToTab(services, product, cardPaymentsWords.alreadyConnected);
      }
      // Not a redirect: the form's own rule (form-action 'self') would stop it at Stripe.
      return handOffPage(await onboardingUrl(services, payments, product.id, account.accountId), {
        title: cardPaymentsWords.connect,
        link: cardPaymentsWords.continueToStripe,
        language: "en",
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        return backToTab(services, product, providerMessage(error), "error");
      }
      throw error;
    }
  }

  if (intent === "disconnect") {
    await disconnectPaymentAccount(services.events, product.id);
    return backToTab(services, product, cardPaymentsWords.disconnected);
  }

  if (intent === "choose") {
    const choice = form.get("choice");
    if (!isCardPaymentsChoice(choice)) {
      return backToTab(services, product, cardPaymentsWords.chooseOne, "error");
    }
    const saved = await saveCardPaymentsChoice(services.events, product.id, choice);
    return saved
      ? backToTab(services, product, SAVED[choice])
      : backToTab(services, product, cardPaymentsWords.notReady, "error");
  }

  return backToTab(services, product, cardPaymentsWords.cannotDoThat, "error");
}
