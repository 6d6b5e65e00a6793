/**
 * A message for the next page, carried by a short-lived signed cookie: an
 * upload posted without JavaScript is answered with a redirect to the editor,
 * and the editor shows why it failed. A message in the address could be
 * written by anyone into a link; this one can only come from the server.
 */
import { createCookie, type Cookie } from "react-router";
import type { Env } from "../runtime/env.server";

const FLASH_MAX_AGE_SECONDS = 60;

function flashCookie(env: Env): Cookie {
  return createCookie("portal_flash", {
    secrets: [env.authSecret],
    httpOnly: true,
    sameSite: "lax",
    secure: env.publicUrl.startsWith("https://"),
    path: "/user",
    maxAge: FLASH_MAX_AGE_SECONDS,
  });
}

/** The Set-Cookie value that carries `message` to the next page. */
export function setFlash(env: Env, message: string): Promise<string> {
  return flashCookie(env).serialize(message);
}

/**
 * The message waiting for this request (null if none, or if its signature is
 * wrong), and the Set-Cookie value that clears it once shown.
 */
export async function takeFlash(
  env: Env,
  request: Request,
): Promise<{ message: string | null; clear: string | null }> {
  const cookie = flashCookie(env);
  const header = request.headers.get("cookie");
  if (!header?.includes(`${cookie.name}=`)) return { message: null, clear: null };
  const value: unknown = await cookie.parse(header);
  return {
    message: typeof value === "string" ? value : null,
    clear: await cookie.serialize("", { maxAge: 0 }),
  };
}
