/**
 * A message for the next page, carried by a short-lived signed cookie: an
 * upload posted without JavaScript is answered with a redirect to the editor,
 * and the editor shows why it failed. A message in the address could be
 * written by anyone into a link; this one can only come from the server.
 *
 * A message may say what it is about (`topic`, so the page shows it where that
 * part is) and whether it tells of a success, of something left to do, or of a refusal
 * (`tone`).
 */
import { createCookie, type Cookie } from "react-router";
import type { Env } from "../runtime/env.server";

const FLASH_MAX_AGE_SECONDS = 60;

/** The topic of the editor's Card payments section's messages (routes/portal/card-payments.ts). */
export const CARD_PAYMENTS_FLASH = "card-payments";

export type FlashTone = "success" | "warning" | "error";

export interface Flash {
  message: string;
  tone: FlashTone;
  /** The part of the page it is about ("card-payments"); null for the page as a whole. */
  topic: string | null;
}

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

/**
 * The Set-Cookie value that carries `message` to the next page: a refusal of the page as a
 * whole unless `options` say otherwise.
 */
export function setFlash(
  env: Env,
  message: string,
  options: { tone?: FlashTone; topic?: string } = {},
): Promise<string> {
  const cookie = flashCookie(env);
  if (!options.tone && !options.topic) return cookie.serialize(message);
  const flash: Flash = { message, tone: options.tone ?? "error", topic: options.topic ?? null };
  return cookie.serialize(flash);
}

function readFlash(value: unknown): Flash | null {
  if (typeof value === "string") return { message: value, tone: "error", topic: null };
  if (!value || typeof value !== "object") return null;
  const { message, tone, topic } = value as Record<string, unknown>;
  if (typeof message !== "string") return null;
  return {
    message,
    tone: tone === "success" || tone === "warning" ? tone : "error",
    topic: typeof topic === "string" ? topic : null,
  };
}

/**
 * The message waiting for this request (null if none, or if its signature is
 * wrong), and the Set-Cookie value that clears it once shown.
 */
export async function takeFlash(
  env: Env,
  request: Request,
): Promise<{ message: string | null; flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie(env);
  const header = request.headers.get("cookie");
  if (!header?.includes(`${cookie.name}=`)) return { message: null, flash: null, clear: null };
  const flash = readFlash(await cookie.parse(header));
  return {
    message: flash?.message ?? null,
    flash,
    clear: await cookie.serialize("", { maxAge: 0 }),
  };
}
