/**
 * A restaurant's or a shop's items as a CSV file, and the empty template with one example
 * row: downloads of the owner's editor (app/lib/items-csv.ts describes the file). Guarded
 * like every /user route; someone else's product gets the same 404 as an unknown one.
 */
import { data } from "react-router";
import { servicesContext } from "~/context";
import { siteCurrency } from "~/lib/currency";
import { MESSAGES } from "~/lib/messages";
import { siteOf } from "~/sites";
import { csvFileName, itemsToCsv, templateCsv } from "~/server/editing/items-csv.server";
import { requireSite } from "~/server/access/site-access.server";
import { listItems } from "~/server/repositories/items.server";
import { loadProductInfo } from "~/server/repositories/products.server";
import type { Route } from "./+types/items-csv";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { product } = await requireSite(context, params.pid, "site.edit");
  const items = siteOf(product.type).items;
  if (!items) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const template = new URL(request.url).pathname.replace(/\/$/, "").endsWith("/template");

  let body: string;
  if (template) {
    body = templateCsv(items);
  } else {
    const { db } = context.get(servicesContext);
    const [rows, info] = await Promise.all([
      listItems(db, product.id),
      loadProductInfo(db, product.id),
    ]);
    body = itemsToCsv(items, rows, siteCurrency(info?.currency));
  }
  const fileName = csvFileName(product.slug, template ? "template" : "items");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
