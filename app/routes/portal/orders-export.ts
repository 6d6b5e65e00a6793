/**
 * The owner's orders as a CSV file for a range of days (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, at
 * most 366 days; anything else is a 400 with its reason). Guarded like every /user route: it
 * holds only the signed-in owner's own sites' orders.
 */
import { data } from "react-router";
import { ownerContext, servicesContext } from "~/context";
import { ordersCsv, parseExportRange } from "~/server/orders/order-export.server";
import type { Route } from "./+types/orders-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const { db, payments } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const range = parseExportRange(query.get("from"), query.get("to"));
  if ("error" in range) throw data({ message: range.error }, { status: 400 });
  const body = await ordersCsv(db, owner.id, range, { cardPayments: payments !== null });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
