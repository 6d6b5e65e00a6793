import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { readFormOrRefuse } from "~/server/http/forms.server";
import { requireSite } from "~/server/access/site-access.server";
import { markLinkShared } from "~/server/repositories/products.server";
import type { Route } from "./+types/link-shared";

// Posted when the owner copies a site's link; a GET changes nothing.
export function loader() {
  return redirect("/user");
}

/** Ticks the Getting started checklist's "Share your link" step of an owner's own site. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // Someone else's product and an unknown one get the same 404, whatever was sent.
  const { product } = await requireSite(context, params.pid, "site.edit");
  await readFormOrRefuse(request);
  const marked = await markLinkShared(
    context.get(servicesContext).events,
    product.ownerUid,
    product.id,
  );
  if (!marked) return data({ error: MESSAGES.invalidProduct }, { status: 404 });
  return { shared: true };
}
