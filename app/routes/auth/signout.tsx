import { redirect } from "react-router";
import { servicesContext } from "~/context";
import { readFormOrRefuse } from "~/server/http/forms.server";
import type { Route } from "./+types/signout";

// Signing out only happens on POST; a GET (a link, a prefetch) just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // The form has no fields; reading it still refuses what no form of ours sends.
  await readFormOrRefuse(request);
  const { auth } = context.get(servicesContext);
  const headers = new Headers();
  try {
    const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  } catch {
    // No session to end: the visitor is signed out either way.
  }
  return redirect("/", { headers });
}
