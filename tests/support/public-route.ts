/**
 * Calls a route that needs no owner (sign-in, registration, password reset) the way
 * React Router does, with a request from a client address of its own.
 */
import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../app/context";
import type { AppServices } from "../../app/server/runtime/services.server";
import { requestFrom } from "./auth-helpers";

let addressCounter = 0;
/** A client address of its own, so one test's requests never meet another's rate limit. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export interface PublicRouteOutcome {
  status: number;
  body: unknown;
  location: string | null;
}

export async function runRoute(
  services: AppServices,
  fn: (args: never) => unknown,
  request: Request,
): Promise<PublicRouteOutcome> {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  try {
    return await outcomeOf(
      await (fn as (args: unknown) => unknown)({ request, context, params: {} }),
    );
  } catch (thrown) {
    return outcomeOf(thrown);
  }
}

async function outcomeOf(value: unknown): Promise<PublicRouteOutcome> {
  if (value instanceof Response) {
    return {
      status: value.status,
      body: await value.text(),
      location: value.headers.get("location"),
    };
  }
  if (
    value &&
    typeof value === "object" &&
    "type" in value &&
    value.type === "DataWithResponseInit"
  ) {
    const { data, init } = value as unknown as { data: unknown; init?: { status?: number } };
    return { status: init?.status ?? 200, body: data, location: null };
  }
  return { status: 200, body: value, location: null };
}

/** A form post to `path` on the test portal. */
export function postForm(path: string, fields: Record<string, string>, address = freshAddress()) {
  return requestFrom(address, {
    url: `http://localhost:3999${path}`,
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** A GET of `path` on the test portal. */
export function getPage(path: string, headers: Record<string, string> = {}) {
  return requestFrom(freshAddress(), { url: `http://localhost:3999${path}`, headers });
}
