/**
 * The accounts/ folder owns who someone is: better-auth (here) and its sessions, the sign-
 * in and registration forms, the /user guard (session), password rules and resets, an
 * owner's own account settings, the Register link, accounts the server makes itself, and
 * the operator's commands (admin).
 *
 * Email-and-password authentication with better-auth: sessions in the
 * database, HttpOnly SameSite=Lax cookies (Secure when PUBLIC_URL is https),
 * a per-address rate limit on sign-in that is shared by every server
 * process through the database, and our password rules on every endpoint
 * that sets a password.
 */
// The build without Kysely: the database is reached through the Drizzle adapter, and Kysely
// alone cost a quarter of a second of every start.
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { EXAMPLES_OWNER } from "~/lib/example-sites";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { registerSchema } from "~/lib/validation";
import type { Database } from "../db/client.server";
import { schema } from "../db/schema";
import type { Env } from "../runtime/env.server";
import { createId } from "../db/ids.server";
import { mayMailPasswordReset, takeConfirmationMail } from "../mail/mail-limits.server";
import type { Mail, Mailer } from "../mail/mailer.server";
import {
  alreadyRegisteredMail,
  confirmNewEmailMail,
  passwordResetMail,
  verifyEmailMail,
} from "../mail/templates.server";
import { passwordRefusal } from "./password-policy.server";
import { logger } from "../http/log.server";

/**
 * The header our HTTP server fills with the client's address (the socket's,
 * or the proxy's claim when TRUST_PROXY is set), always replacing whatever
 * the client sent. better-auth reads the address from it and nothing else.
 */
export const CLIENT_ADDRESS_HEADER = "x-portal-client-address";

/** better-auth's own rule, written out because the spec of sign-in depends on it. */
export const SIGN_IN_RATE_LIMIT = { window: 10, max: 3 } as const;

/** Requests for a new confirmation link from one client address (seconds, requests). */
export const EMAIL_VERIFICATION_RESEND_LIMIT = { window: 10 * 60, max: 3 } as const;

/** Forgot-password requests from one client address (seconds, requests). */
export const PASSWORD_RESET_REQUEST_LIMIT = { window: 10 * 60, max: 5 } as const;

/**
 * The username rule of our registration form, applied again here because
 * better-auth's own endpoints (sign-up, update-user) accept any `name`.
 */
function checkedUsername(name: unknown): string {
  const parsed = registerSchema.shape.username.safeParse(name);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: parsed.error.issues[0]?.message });
  }
  return parsed.data;
}

/**
 * The codes of the refusals our hook adds to better-auth's answers
 * (`{ code, message }`, status 400), for callers that map them to a form field.
 */
export const AUTH_REFUSAL_CODES = {
  passwordTooCommon: "PASSWORD_TOO_COMMON",
  passwordTooGuessable: "PASSWORD_TOO_GUESSABLE",
  passwordIsEmail: "PASSWORD_IS_EMAIL",
  registrationRefused: "REGISTRATION_REFUSED",
} as const;

/** What each password rule's refusal says, by its code, for the forms that show it at their password field. */
export const PASSWORD_RULE_MESSAGES: Readonly<Record<string, string>> = {
  [AUTH_REFUSAL_CODES.passwordTooCommon]: MESSAGES.passwordTooCommon,
  [AUTH_REFUSAL_CODES.passwordTooGuessable]: MESSAGES.passwordTooGuessable,
  [AUTH_REFUSAL_CODES.passwordIsEmail]: MESSAGES.passwordIsEmail,
};

function refusePassword(password: string, email: string | null) {
  const refusal = passwordRefusal(password, email);
  if (refusal === null) return;
  throw new APIError("BAD_REQUEST", {
    message: MESSAGES[refusal],
    code: AUTH_REFUSAL_CODES[refusal],
  });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose password `/change-password`, `/reset-password` or the server-only
 * `setPassword` is about to set, when the request says: their email, for the
 * email rule. Without a session or a valid token the endpoint refuses anyway.
 */
async function emailOfPasswordOwner(ctx: HookContext, body: Record<string, unknown>) {
  if (ctx.path === "/reset-password") {
    const query: unknown = ctx.query;
    const token =
      typeof body.token === "string"
        ? body.token
        : query && typeof query === "object" && "token" in query && typeof query.token === "string"
          ? query.token
          : null;
    if (!token) return null;
    const verification = await ctx.context.internalAdapter.findVerificationValue(
      `reset-password:${token}`,
    );
    if (!verification) return null;
    return (await ctx.context.internalAdapter.findUserById(verification.value))?.email ?? null;
  }
  const session = await getSessionFromCtx(ctx, { disableRefresh: true });
  return session?.user.email ?? null;
}

/**
 * Sign-up must not tell whether an email already has an account: better-auth
 * answers 422 "User already exists", so an existing email is refused here with
 * the neutral 400 our form also gives. It runs after the username and password
 * checks (a password of the wrong length is left to better-auth's message, and
 * a malformed email matches no account), so an existing email gets the same
 * answer as a new one to every other problem; and it hashes the password as a
 * new sign-up does, so that the refusal takes about as long as a success.
 */
async function refuseExistingEmail(ctx: HookContext, email: string, password: string) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
  const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!existing) return;
  await ctx.context.password.hash(password);
  throw new APIError("BAD_REQUEST", {
    message: MESSAGES.registrationRefused,
    code: AUTH_REFUSAL_CODES.registrationRefused,
  });
}

/** How long a link to confirm an email address works: a day, as mail is often read late. */
export const EMAIL_VERIFICATION_SECONDS = 24 * 60 * 60;

/** Where a confirmation link brings the owner, signed in, or with `?error=` when it failed. */
export const EMAIL_VERIFIED_PATH = "/verify-email";

/**
 * The link in a confirmation mail: better-auth's endpoint, which marks the address
 * confirmed (or switches to the new one) and comes back to EMAIL_VERIFIED_PATH.
 */
export function emailVerificationUrl(env: Env, token: string): string {
  return `${env.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PATH)}`;
}

/** Sends a mail after the answer, so its time never tells anything; a failure is logged. */
function sendInBackground(mailer: Mailer, mail: Mail, what: string) {
  void mailer.send(mail).catch((error: unknown) => {
    logger.error({ err: error, to: mail.to }, `Could not send the ${what} mail`);
  });
}

/** Where a reset link leads: our own form, which posts the token with the new password. */
export function passwordResetUrl(env: Env, token: string): string {
  return `${env.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function createAuth(env: Env, db: Database, mailer: Mailer) {
  return betterAuth({
    appName: "Site Builder Portal",
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: !env.registrationOpen,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A new password ends every session, so whoever knew the old one is signed out.
      revokeSessionsOnPasswordReset: true,
      ...(mailer.enabled
        ? {
            sendResetPassword: async ({ user, token }) => {
              // A reset would give the example sites' owner a password, and with it a sign-in.
              if (user.id === EXAMPLES_OWNER.id) return;
              // The token just made counts too.
              if (!(await mayMailPasswordReset(db, user.id))) {
                logger.warn({ to: user.email }, "Password reset mail not sent: too many this hour");
                return;
              }
              // Not awaited: the answer must take as long for a known address as for an unknown one.
              sendInBackground(
                mailer,
                passwordResetMail(user.email, passwordResetUrl(env, token)),
                "password reset",
              );
            },
          }
        : {}),
      // Until confirmed, an address cannot sign in; registering it again is answered exactly
      // like a first registration, and its owner learns of it by mail instead.
      requireEmailVerification: env.requireEmailVerification,
      onExistingUserSignUp: async ({ user }) => {
        if (!mailer.enabled) return;
        sendInBackground(
          mailer,
          alreadyRegisteredMail(user.email, `${env.publicUrl}/signin`),
          "already registered",
        );
      },
    },
    emailVerification: mailer.enabled
      ? {
          // Where confirming is not required, owners sign in at once and get no link.
          sendOnSignUp: env.requireEmailVerification,
          sendOnSignIn: env.requireEmailVerification,
          autoSignInAfterVerification: true,
          expiresIn: EMAIL_VERIFICATION_SECONDS,
          sendVerificationEmail: async ({ user, token }) => {
            if (!(await takeConfirmationMail(db, user.email))) {
              logger.warn({ to: user.email }, "Confirmation mail not sent: too many this hour");
              return;
            }
            // A change of address mails the new address while the account still has the old one.
            const stored = await db.query.users.findFirst({
              columns: { email: true },
              where: (row, { eq: equals }) => equals(row.id, user.id),
            });
            const url = emailVerificationUrl(env, token);
            const mail =
              stored && stored.email !== user.email
                ? confirmNewEmailMail(user.email, url)
                : verifyEmailMail(user.email, url);
            sendInBackground(mailer, mail, "email confirmation");
          },
        }
      : undefined,
    user: {
      // The new address is confirmed by a link sent to it before the account switches.
      changeEmail: { enabled: mailer.enabled },
      additionalFields: {
        // Owner profile fields: never settable by the client.
        status: { type: "string", required: false, defaultValue: "valid", input: false },
        maxProduct: { type: "number", required: false, defaultValue: 3, input: false },
      },
    },
    hooks: {
      // better-auth's own endpoints are reachable at /api/auth/* by anyone, not
      // only through our forms, so the password rules are enforced here.
      before: createAuthMiddleware(async (ctx) => {
        const body: unknown = ctx.body;
        if (!body || typeof body !== "object") return;
        const fields = body as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") {
          // Closed registration is refused by better-auth before it looks anything up.
          if (!env.registrationOpen) return;
          const { name, email, password } = fields;
          if (typeof email !== "string" || typeof password !== "string") return;
          // Already checked on user creation; here too, so that it answers before the email lookup.
          checkedUsername(name);
          refusePassword(password, email);
          // With confirmation required, better-auth answers an existing email as a new one.
          if (!env.requireEmailVerification) await refuseExistingEmail(ctx, email, password);
          return;
        }
        if (typeof fields.newPassword === "string") {
          refusePassword(fields.newPassword, await emailOfPasswordOwner(ctx, fields));
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: checkedUsername(user.name) } }),
        },
        update: {
          before: async (user) =>
            user.name === undefined
              ? undefined
              : { data: { ...user, name: checkedUsername(user.name) } },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      // On in every environment, not only in production.
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_RATE_LIMIT,
        "/sign-up/email": { window: 60, max: 10 },
        // Per client address; per email address, see app/server/mail/mail-limits.server.ts.
        "/request-password-reset": PASSWORD_RESET_REQUEST_LIMIT,
        "/reset-password": { window: 10 * 60, max: 10 },
        "/send-verification-email": EMAIL_VERIFICATION_RESEND_LIMIT,
        "/change-email": { window: 10 * 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      useSecureCookies: env.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      database: { generateId: () => createId() },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
