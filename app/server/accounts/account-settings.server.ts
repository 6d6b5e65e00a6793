/**
 * An owner's own account, from /user/info: change the password (every other session
 * ends), change the email address (confirmed at the new address first), list the
 * sessions and end the others, and delete the account with everything in it.
 * Every change goes through better-auth with the request's own session cookie, so it
 * can only ever touch the signed-in owner's account.
 */
import { APIError } from "better-auth/api";
import { accountWords } from "~/lib/i18n/portal/account";
import { MESSAGES } from "~/lib/messages";
import { lastActive, type SignedInSession } from "~/lib/signed-in-sessions";
import { describeDevice } from "~/lib/user-agent";
import { deleteUserById } from "./admin.server";
import { EMAIL_VERIFIED_PATH, PASSWORD_RULE_MESSAGES } from "./auth.server";
import type { AppServices } from "../runtime/services.server";

/** The owner's sessions, this one first, then the most recently used. */
export async function listSignedInSessions(
  services: AppServices,
  request: Request,
): Promise<SignedInSession[]> {
  const current = await services.auth.api.getSession({ headers: request.headers });
  // Only a request with a session has sessions to list (the portal's guard sees to it).
  if (!current) return [];
  const sessions = await services.auth.api.listSessions({ headers: request.headers });
  const now = new Date();
  return sessions
    .map((session) => {
      const isCurrent = session.id === current.session.id;
      const refreshedAt = new Date(session.updatedAt);
      return {
        id: session.id,
        device: describeDevice(session.userAgent),
        lastUsed: refreshedAt.toISOString(),
        activity: isCurrent ? accountWords.sessionActiveNow : lastActive(refreshedAt, now),
        current: isCurrent,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsed.localeCompare(a.lastUsed));
}

/** What a refused change says, and on which field. */
export type AccountRefusal = { status: number; field?: string; message: string };

function refusalOf(error: unknown, passwordField: string): AccountRefusal {
  if (!(error instanceof APIError)) throw error;
  const code = typeof error.body?.code === "string" ? error.body.code : "";
  if (code === "INVALID_PASSWORD") {
    return { status: 400, field: passwordField, message: MESSAGES.wrongCurrentPassword };
  }
  const rule = PASSWORD_RULE_MESSAGES[code];
  if (rule) return { status: 400, field: "newPassword", message: rule };
  if (error.statusCode === 401) return { status: 401, message: MESSAGES.pleaseSignInToContinue };
  return {
    status: error.statusCode >= 500 ? 500 : 400,
    message: error.body?.message || MESSAGES.accountChangeFailed,
  };
}

/** Sets the new password and ends every other session; answers this browser's new cookie. */
export async function changePassword(
  services: AppServices,
  request: Request,
  passwords: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; setCookies: string[] } | { ok: false; refusal: AccountRefusal }> {
  try {
    const result = await services.auth.api.changePassword({
      body: { ...passwords, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    return { ok: false, refusal: refusalOf(error, "currentPassword") };
  }
}

/** Mails a confirmation link to the new address; the account switches when it is followed. */
export async function requestEmailChange(
  services: AppServices,
  request: Request,
  newEmail: string,
): Promise<{ ok: true } | { ok: false; refusal: AccountRefusal }> {
  try {
    await services.auth.api.changeEmail({
      body: { newEmail, callbackURL: EMAIL_VERIFIED_PATH },
      headers: request.headers,
    });
    return { ok: true };
  } catch (error) {
    const refusal = refusalOf(error, "newEmail");
    if (refusal.message === "Email is the same") {
      return {
        ok: false,
        refusal: { status: 400, field: "newEmail", message: MESSAGES.sameEmail },
      };
    }
    return { ok: false, refusal };
  }
}

export async function endOtherSessions(services: AppServices, request: Request): Promise<void> {
  await services.auth.api.revokeOtherSessions({ headers: request.headers });
}

/**
 * Deletes the signed-in owner's account once their password is confirmed: the
 * session ends (its cookie is cleared), then their sites, files and user row go.
 */
export async function deleteOwnAccount(
  services: AppServices,
  request: Request,
  ownerId: string,
  password: string,
): Promise<{ ok: true; setCookies: string[] } | { ok: false; refusal: AccountRefusal }> {
  // The account deleted is the one whose session and password were checked, nothing else.
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (session?.user.id !== ownerId) {
    return { ok: false, refusal: { status: 401, message: MESSAGES.pleaseSignInToContinue } };
  }
  try {
    await services.auth.api.verifyPassword({ body: { password }, headers: request.headers });
  } catch (error) {
    return { ok: false, refusal: refusalOf(error, "password") };
  }
  const signedOut = await services.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  await deleteUserById(services, ownerId);
  return { ok: true, setCookies: signedOut.headers.getSetCookie() };
}
