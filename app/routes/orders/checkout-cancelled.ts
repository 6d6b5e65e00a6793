/**
 * Where the payment provider sends a customer who gave up on its page ("Back"): the checkout
 * is ended there and the order cancelled here (its slot freed), then the customer is back at
 * the order's review with everything they chose and typed, to pay another way or try again.
 * An order paid meanwhile, or already over, shows its status page instead.
 */
import { redirect } from "react-router";
import { servicesContext } from "~/context";
import { publicPath } from "~/lib/slug";
import { checkoutServices, giveUpCheckout } from "~/server/payments/card-checkout.server";
import { orderByToken } from "~/server/orders/order-queries.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { publicNotFound } from "~/server/pages/public-not-found.server";
import type { Route } from "./+types/checkout-cancelled";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const found = await orderByToken(services.db, params.token);
  if (!found) {
    throw publicNotFound(
      (words) => ({ message: words.orderNotFound, detail: words.orderNotFoundHint }),
      undefined,
      request.headers.get("accept-language"),
    );
  }
  const { order, site } = found;
  const checkout = checkoutServices(services);
  const outcome = checkout
    ? await giveUpCheckout(checkout, order, publicPagesNow(services.env).getTime())
    : { kind: "unchanged" as const };
  if (outcome.kind !== "ended") throw redirect(`/o/${order.token}`, 303);
  const languagePath =
    order.language && order.language !== site.language ? `/${order.language}` : "";
  const menuPath = publicPath(site.type, site.slug, site.id);
  throw redirect(`${menuPath}${languagePath}/order?resume=${order.token}`, 303);
}
