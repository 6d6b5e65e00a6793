import { isRouteErrorResponse } from "react-router";

/**
 * The reason a loader or action refused with, as in `throw data({ message }, { status })`;
 * null for any other error, or an answer without a message.
 */
export function routeErrorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body: unknown = error.data;
  if (typeof body !== "object" || body === null || !("message" in body)) return null;
  return typeof body.message === "string" ? body.message : null;
}
