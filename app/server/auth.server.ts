/**
 * Email-and-password authentication with better-auth: sessions in the
 * database, HttpOnly SameSite=Lax cookies (Secure when PUBLIC_URL is https),
 * and a per-address rate limit on sign-in that is shared by every server
 * process through the database.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/limits";
import { registerSchema } from "~/lib/validation";
import type { Database } from "./db/client.server";
import { schema } from "./db/schema";
import type { Env } from "./env.server";
import { createId } from "./ids.server";

/**
 * The header our HTTP server fills with the client's address (the socket's,
 * or the proxy's claim when TRUST_PROXY is set), always replacing whatever
 * the client sent. better-auth reads the address from it and nothing else.
 */
export const CLIENT_ADDRESS_HEADER = "x-portal-client-address";

/** better-auth's own rule, written out because the spec of sign-in depends on it. */
export const SIGN_IN_RATE_LIMIT = { window: 10, max: 3 } as const;

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

export function createAuth(env: Env, db: Database) {
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
    },
    user: {
      additionalFields: {
        // Owner profile fields: never settable by the client.
        status: { type: "string", required: false, defaultValue: "valid", input: false },
        maxProduct: { type: "number", required: false, defaultValue: 3, input: false },
      },
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
