import { CLIENT_ADDRESS_HEADER } from "../../app/server/accounts/auth.server";
import { postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { AppServices } from "../../app/server/runtime/services.server";
import type { ProductType } from "../../app/sites";
import { ownerFor } from "./route-call";

let counter = 0;

/** A unique owner for one test. */
export function newOwner(label = "owner") {
  counter += 1;
  const id = `${label}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.com`, password: "correct horse battery" };
}

/** A request as our HTTP server hands it to React Router, from a given client address. */
export function requestFrom(address: string, init: RequestInit & { url?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(init.url ?? "http://localhost:3999/signin", { ...init, headers });
}

/** Registers through better-auth's router and returns the session cookie header value. */
export async function registerOwner(
  services: AppServices,
  owner = newOwner(),
  // Each registration from its own address, so sign-up rate limits stay out of the way.
  address = `10.200.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
) {
  const result = await postToAuthRouter(services, requestFrom(address), "/sign-up/email", {
    name: owner.username,
    email: owner.email,
    password: owner.password,
  });
  if (!result.ok) throw new Error(`sign-up failed: ${result.status} ${result.message}`);
  const cookie = result.setCookies.map((c) => c.split(";")[0]).join("; ");
  const session = await services.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error("no session after sign-up");
  return { owner, cookie, userId: session.user.id };
}

/** A new owner with one site of `type`, created as the portal creates it. */
export async function ownerWithSite(services: AppServices, type: ProductType, name = `My ${type}`) {
  const { userId } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type, name });
  if (!created.ok) throw new Error(created.reason);
  return { userId, owner: ownerFor(userId), productId: created.productId };
}
