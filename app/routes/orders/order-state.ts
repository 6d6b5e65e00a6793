import { data } from "react-router";
import { servicesContext } from "~/context";
import { orderVersion, stillMoving } from "~/lib/card-payments";
import { isClosed } from "~/lib/order-states";
import { checkoutServices, settleOnPoll } from "~/server/payments/card-checkout.server";
import { orderByToken } from "~/server/orders/order-queries.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import type { Route } from "./+types/order-state";

/**
 * `/o/{token}/state`: how far the order has moved, for its status page's script. The
 * version counts its changes; nothing personal is in it. Private, unindexed and never a
 * referrer, like every customer path (app/server/http/security-headers.server.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  let found = await orderByToken(services.db, params.token);
  if (!found) throw data({ message: "This order does not exist." }, { status: 404 });
  // Awaiting payment, the checkout is asked about too (now and then): a late webhook does not
  // hold the page.
  const checkout = checkoutServices(services);
  if (checkout && found.order.state === "awaiting-payment") {
    const outcome = await settleOnPoll(
      checkout,
      found.order,
      publicPagesNow(services.env).getTime(),
    );
    if (outcome.kind !== "unchanged")
      found = (await orderByToken(services.db, params.token)) ?? found;
  }
  const { order } = found;
  return Response.json({
    state: order.state,
    version: orderVersion(order),
    closed: !stillMoving(isClosed(order.state), order.paymentState),
  });
}
