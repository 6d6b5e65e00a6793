/**
 * Who is signed in, and the guards that act on it. Everything under /user
 * goes through `requireOwnerMiddleware`, the one place that turns a missing
 * session into a redirect (pages) or a refusal (actions).
 */
import { signInPathTo } from "~/lib/validation";
import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { ownerContext, servicesContext, type SessionUser } from "~/context";
import { MESSAGES } from "~/lib/messages";
import type { AppServices } from "../runtime/services.server";

export async function getSessionUser(
  services: AppServices,
  headers: Headers,
): Promise<SessionUser | null> {
  const session = await services.auth.api.getSession({ headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    username: user.name,
    status: String(user.status ?? "valid"),
    maxProduct: Number(user.maxProduct ?? 3),
  };
}

/**
 * The session lookup of the current request. The router context lives for one
 * request, so the layout's loader, the page's loader and the portal guard
 * share one database read instead of each making their own.
 */
const sessionLookupContext = createContext<Promise<SessionUser | null> | null>(null);

export function getOptionalUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser | null> {
  let lookup = context.get(sessionLookupContext);
  if (!lookup) {
    lookup = getSessionUser(context.get(servicesContext), request.headers);
    context.set(sessionLookupContext, lookup);
  }
  return lookup;
}

/** `/signin?redirectTo=…` for the page the visitor asked for. */
export function signInPathFor(request: Request): string {
  const url = new URL(request.url);
  return signInPathTo(url.pathname + url.search);
}

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

export const requireOwnerMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const user = await getOptionalUser(request, context);
  if (!user) {
    if (isRead(request)) throw redirect(signInPathFor(request));
    // A write with no valid session (say, it expired) changes nothing.
    throw data({ message: MESSAGES.pleaseSignIn }, { status: 401 });
  }
  context.set(ownerContext, user);
  return next();
};
