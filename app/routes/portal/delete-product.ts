import { data, redirect } from "react-router";
import { ownerContext, servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { removeProduct } from "~/server/product-lifecycle.server";
import type { Route } from "./+types/delete-product";

// Deleting is a POST from an editor's confirm dialog; a GET changes nothing.
export function loader() {
  return redirect("/user");
}

export async function action({ params, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  let removed: boolean;
  try {
    removed = await removeProduct(context.get(servicesContext), owner.id, params.pid);
  } catch (error) {
    console.error("delete failed:", error);
    return data({ error: MESSAGES.failedToDelete }, { status: 500 });
  }
  // Someone else's product and an unknown one get the same answer.
  if (!removed) return data({ error: MESSAGES.invalidProduct }, { status: 404 });
  return redirect("/user/products");
}
