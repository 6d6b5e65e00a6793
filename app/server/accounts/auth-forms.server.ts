/**
 * Our sign-in and registration forms post to React Router actions, which
 * hand the credentials to better-auth's HTTP router (not its `auth.api`
 * shortcuts), so the form goes through exactly the same rate limit, origin
 * check and cookie handling as any other client.
 */
import { AUTH_REFUSAL_CODES, CLIENT_ADDRESS_HEADER, PASSWORD_RULE_MESSAGES } from "./auth.server";
import type { AppServices } from "../runtime/services.server";

export type AuthFormResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: number; code?: string; message?: string };

export async function postToAuthRouter(
  services: AppServices,
  request: Request,
  endpoint:
    | "/sign-in/email"
    | "/sign-up/email"
    | "/request-password-reset"
    | "/reset-password"
    | "/send-verification-email",
  body: Record<string, unknown>,
): Promise<AuthFormResult> {
  const { env, auth } = services;
  const headers = new Headers({
    "content-type": "application/json",
    origin: env.publicUrl,
    "user-agent": request.headers.get("user-agent") ?? "",
  });
  const clientAddress = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);

  const response = await auth.handler(
    new Request(`${env.publicUrl}/api/auth${endpoint}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  if (response.ok) return { ok: true, setCookies: response.headers.getSetCookie() };

  const payload = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
  } | null;
  return {
    ok: false,
    status: response.status,
    code: typeof payload?.code === "string" ? payload.code : undefined,
    message: typeof payload?.message === "string" && payload.message ? payload.message : undefined,
  };
}

/** Whether a sign-up or sign-in answer started a session (it does not while an email awaits confirmation). */
export function hasSessionCookie(setCookies: string[]): boolean {
  return setCookies.some((cookie) => /^(__Secure-)?better-auth\.session_token=[^;]/.test(cookie));
}

/** Headers that carry the session cookies of a successful sign-in onto a redirect. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return headers;
}

/** The message for the password field when a password rule refused the request. */
export function passwordRuleError(result: AuthFormResult): string | undefined {
  return result.ok || !result.code ? undefined : PASSWORD_RULE_MESSAGES[result.code];
}

// better-auth's own codes too, should its lookup ever run before our hook's.
const EXISTING_EMAIL_CODES: ReadonlySet<string> = new Set([
  AUTH_REFUSAL_CODES.registrationRefused,
  "USER_ALREADY_EXISTS",
  "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
]);

/** Whether a sign-up was refused because the email already has an account. */
export function isExistingEmailRefusal(result: AuthFormResult): boolean {
  return !result.ok && result.code !== undefined && EXISTING_EMAIL_CODES.has(result.code);
}
