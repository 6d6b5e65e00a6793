/**
 * `/o/{token}/pay`: where "Place order" sends a customer paying by card. While the order
 * awaits payment it hands the browser on to the provider's checkout (app/server/http/
 * hand-off.server.ts says why this is not a redirect from the form); any other time it is the
 * order's status page.
 */
import { redirect } from "react-router";
import { servicesContext } from "~/context";
import { handOffPage } from "~/server/http/hand-off.server";
import { customerLanguage, orderByToken } from "~/server/orders/order-queries.server";
import type { Route } from "./+types/checkout-hand-off";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await orderByToken(context.get(servicesContext).db, params.token);
  if (!found) throw redirect(`/o/${params.token}`, 303);
  const { order, site } = found;
  if (order.state !== "awaiting-payment" || !order.checkoutUrl) {
    throw redirect(`/o/${order.token}`, 303);
  }
  const { words, language } = customerLanguage(order, site.language);
  return handOffPage(order.checkoutUrl, {
    title: words.customerStateAwaitingPayment,
    link: words.continueToPayment,
    language: language.tag,
  });
}
