import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { requireOwnedProduct } from "~/server/ownership.server";
import { removeProduct } from "~/server/product-lifecycle.server";
import type { Route } from "./+types/delete-product";
import { readFormOrRefuse } from "~/server/forms.server";

// Deleting is a POST from an editor's confirm dialog; a GET changes nothing.
export function loader() {
  return redirect("/user");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The form has no fields; reading it still refuses what no form of ours sends.
  await readFormOrRefuse(request);
  let removed: boolean;
  try {
    // Someone else's product and an unknown one get the same 404.
    const { owner, product } = await requireOwnedProduct(context, params.pid);
    removed = await removeProduct(context.get(servicesContext), owner.id, product.id);
  } catch (error) {
    // The ownership refusal is a response, not an Error: let it through.
    if (!(error instanceof Error)) throw error;
    console.error("delete failed:", error);
    return data({ error: MESSAGES.failedToDelete }, { status: 500 });
  }
  // Gone between the check and the delete (another tab deleted it first).
  if (!removed) return data({ error: MESSAGES.invalidProduct }, { status: 404 });
  return redirect("/user/products");
}
