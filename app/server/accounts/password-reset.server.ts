/**
 * What the forgot-password and reset pages share: they exist only when mail can
 * be sent, and a reset token is checked the way better-auth itself reads it, so
 * the form can say at once that a link is dead.
 */
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import type { Auth } from "./auth.server";
import type { AppServices } from "../runtime/services.server";

/** The services, when mail is on; with MAIL=off no link could be sent, so the page is a 404. */
export function requireMailOn(context: Readonly<RouterContextProvider>): AppServices {
  const services = context.get(servicesContext);
  if (!services.mailer.enabled) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  return services;
}

/** Reset tokens are URL-safe random strings; anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export async function isPasswordResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  return verification !== null && verification !== undefined && verification.expiresAt > new Date();
}
