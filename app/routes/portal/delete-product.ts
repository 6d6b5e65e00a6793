import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { requireSite } from "~/server/access/site-access.server";
import { removeProduct } from "~/server/editing/product-lifecycle.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/delete-product";
import { logRequestError } from "~/server/http/log.server";

// Deleting is a POST from an editor's confirm dialog; a GET changes nothing.
export function loader() {
  return redirect("/user");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  let removed: boolean;
  try {
    // Someone else's product and an unknown one get the same 404, whatever was sent.
    const { product } = await requireSite(context, params.pid, "site.delete");
    // The form has no fields; reading it still refuses what no form of ours sends.
    await readFormOrRefuse(request);
    removed = await removeProduct(context.get(servicesContext), product.ownerUid, product.id);
  } catch (error) {
    // Refusals (not yours, an unreadable form) are responses, not Errors: let them through.
    if (!(error instanceof Error)) throw error;
    logRequestError(request, "delete failed", error);
    return data({ error: MESSAGES.failedToDelete }, { status: 500 });
  }
  // Gone between the check and the delete (another tab deleted it first).
  if (!removed) return data({ error: MESSAGES.invalidProduct }, { status: 404 });
  return redirect("/user/products");
}
