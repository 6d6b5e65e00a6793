/**
 * Calls a route module's loader or action the way React Router does after
 * the portal guard has run: with the services and the signed-in owner in the
 * router context.
 */
import { RouterContextProvider } from "react-router";
import { ownerContext, servicesContext, type SessionUser } from "../../app/context";
import type { AppServices } from "../../app/server/runtime/services.server";

type RouteFunction = (args: never) => unknown;

export type RouteOutcome =
  | { kind: "value"; value: unknown; status: number; body: unknown }
  | { kind: "response"; status: number; location: string | null; body: unknown };

export function ownerFor(userId: string, overrides: Partial<SessionUser> = {}): SessionUser {
  return { id: userId, email: "", username: "", status: "valid", maxProduct: 3, ...overrides };
}

export async function callRoute(
  fn: RouteFunction,
  options: {
    services: AppServices;
    owner: SessionUser;
    params?: Record<string, string | undefined>;
    url?: string;
    form?: Record<string, string>;
    /** A multipart body (uploads); sent as a POST. */
    multipart?: FormData;
    headers?: Record<string, string>;
  },
): Promise<RouteOutcome> {
  const context = new RouterContextProvider();
  context.set(servicesContext, options.services);
  context.set(ownerContext, options.owner);
  const body = options.multipart ?? (options.form ? new URLSearchParams(options.form) : undefined);
  const request = new Request(options.url ?? "http://localhost/user", {
    method: body ? "POST" : "GET",
    body,
    headers: options.headers,
  });
  try {
    const value = await (fn as (args: unknown) => unknown)({
      request,
      context,
      params: options.params ?? {},
    });
    return asOutcome(value);
  } catch (thrown) {
    return asOutcome(thrown, true);
  }
}

function asOutcome(value: unknown, thrown = false): RouteOutcome {
  if (value instanceof Response) {
    return {
      kind: "response",
      status: value.status,
      location: value.headers.get("location"),
      body: null,
    };
  }
  // data(...) results carry their status in init.
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const init = (value as { init?: { status?: number } }).init;
    return {
      kind: thrown ? "response" : "value",
      status: init?.status ?? 200,
      location: null,
      value,
      body: (value as { data: unknown }).data,
    };
  }
  if (thrown) throw value;
  return { kind: "value", value, status: 200, body: value };
}
