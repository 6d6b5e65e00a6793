/**
 * Sends a file to the portal's upload action as a signed-in owner, the way the editor's
 * drop zones do: a multipart form, answered as JSON.
 */
import * as uploadRoute from "../../app/routes/portal/upload";
import type { AppServices } from "../../app/server/runtime/services.server";
import type { SessionUser } from "../../app/context";
import { callRoute } from "./route-call";

export function uploadAs(
  services: AppServices,
  productId: string,
  owner: SessionUser,
  fields: Record<string, string>,
  file: Uint8Array | null,
  { fileName = "photo.jpg", declaredType = "image/jpeg" } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set("file", new File([Buffer.from(file)], fileName, { type: declaredType }));
  return callRoute(uploadRoute.action, {
    services,
    owner,
    params: { pid: productId },
    url: `http://localhost/user/upload/${productId}`,
    multipart: body,
    headers: { accept: "application/json" },
  });
}
