import { data } from "react-router";
import { servicesContext } from "~/context";
import { isClosed } from "~/lib/order-states";
import { orderByToken } from "~/server/orders/order-queries.server";
import type { Route } from "./+types/order-state";

/**
 * `/o/{token}/state`: how far the order has moved, for its status page's script. The
 * version counts its changes; nothing personal is in it. Private, unindexed and never a
 * referrer, like every customer path (app/server/http/security-headers.server.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await orderByToken(context.get(servicesContext).db, params.token);
  if (!found) throw data({ message: "This order does not exist." }, { status: 404 });
  return Response.json({
    state: found.order.state,
    version: found.order.history.length,
    closed: isClosed(found.order.state),
  });
}
