/**
 * Where addresses are confirmed, registering ends on "Check your email" and the mailed link
 * brings the owner back to /verify-email, signed in. The link is the same for every sign-up,
 * so the product the owner came for waits in this cookie, sent to that page only, for as long
 * as the link works. Opened in another browser, the link still works; only the choice is lost.
 */
import { createCookie } from "react-router";
import { startableProduct } from "~/lib/get-started";
import type { ProductType } from "~/sites/product-types";
import { EMAIL_VERIFICATION_SECONDS, EMAIL_VERIFIED_PATH } from "~/server/accounts/auth.server";
import type { Env } from "~/server/runtime/env.server";

function startingProductCookie(env: Env) {
  return createCookie("starting-product", {
    path: EMAIL_VERIFIED_PATH,
    maxAge: EMAIL_VERIFICATION_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secure: env.publicUrl.startsWith("https:"),
  });
}

/** Headers that keep `product` until the owner comes back from the confirmation link. */
export async function rememberStartingProduct(env: Env, product: ProductType): Promise<Headers> {
  return new Headers({ "set-cookie": await startingProductCookie(env).serialize(product) });
}

/** The product kept at registration, if any, and the headers that forget it once read. */
export async function takeStartingProduct(
  env: Env,
  request: Request,
): Promise<{ product: ProductType | null; headers: Headers | undefined }> {
  const cookie = startingProductCookie(env);
  const kept: unknown = await cookie.parse(request.headers.get("cookie"));
  if (kept === null) return { product: null, headers: undefined };
  return {
    // A cookie is as open to tampering as the address it came from.
    product: startableProduct(kept),
    headers: new Headers({ "set-cookie": await cookie.serialize("", { maxAge: 0 }) }),
  };
}
