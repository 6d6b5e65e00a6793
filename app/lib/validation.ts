import { z } from "./zod";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./limits";
import { startableProduct } from "./get-started";
import { MESSAGES } from "./messages";
import { toTimeZone } from "./time-zones";
import { PRODUCT_TYPES } from "~/sites/product-types";

// Longest address allowed by RFC 5321; also keeps the email regex away from huge input.
const EMAIL_MAX_LENGTH = 254;
const USERNAME_MAX_LENGTH = 64;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

// zod counts code points while the auth library counts UTF-16 units (an emoji is 1 vs 2).
// A code-point minimum and a UTF-16 maximum are each the stricter of the two, so whatever
// passes here also passes the auth library's own length checks.
const fitsPasswordMax = (password: string) => password.length <= PASSWORD_MAX_LENGTH;

// Form libraries turn an empty field into undefined, so "required" is also the type error.
const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid, abort: true })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const signInSchema = z.object({
  email: emailField,
  // Passwords are never trimmed: spaces are legitimate characters.
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired, abort: true })
    .refine(fitsPasswordMax, { error: MESSAGES.passwordTooLong }),
  redirectTo: z.string().optional(),
});

/**
 * Whether a password is the account's email address, ignoring case and surrounding spaces:
 * the first thing anyone who knows the address would try.
 */
export function isPasswordTheEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

/** A password being chosen: registration's length rules (the server adds the rest). */
const newPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .refine(fitsPasswordMax, { error: MESSAGES.passwordTooLong });

export const registerSchema = z
  .object({
    username: z
      .string({ error: MESSAGES.usernameRequired })
      .trim()
      .min(1, { error: MESSAGES.usernameRequired, abort: true })
      .max(USERNAME_MAX_LENGTH, { error: MESSAGES.usernameTooLong })
      // The auth API takes JSON, where a NUL (which PostgreSQL cannot store) is easy to send.
      .regex(NO_CONTROL_CHARACTERS, { error: MESSAGES.usernameInvalid }),
    email: emailField,
    password: newPasswordField,
    // The product the visitor came from (a hidden field): kept only if it is one they may
    // start with, and never a reason to refuse the registration.
    product: z
      .unknown()
      .transform((value) => startableProduct(value) ?? undefined)
      .optional(),
    // The invitation the visitor is registering to accept (a hidden field): its token when it
    // looks like one, else nothing; never a reason to refuse the registration.
    invitation: z
      .unknown()
      .transform((value) =>
        typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value) ? value : undefined,
      )
      .optional(),
  })
  // The list of common passwords is too big for the browser: the server checks it
  // (app/server/accounts/password-policy.server.ts), this schema only the email rule.
  .refine((input) => !isPasswordTheEmail(input.password, input.email), {
    error: MESSAGES.passwordIsEmail,
    path: ["password"],
    // Checked only once email and password are otherwise valid, so the password
    // field shows one problem at a time.
    when: ({ issues }) => issues.every((issue) => issue.path?.[0] === "username"),
  });

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: MESSAGES.resetLinkInvalid }).min(1).max(200),
    password: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: ({ issues }) => issues.length === 0,
  });

const currentPasswordField = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, { error: MESSAGES.currentPasswordRequired, abort: true })
  .refine(fitsPasswordMax, { error: MESSAGES.wrongCurrentPassword });

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: MESSAGES.confirmPasswordRequired }),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
    when: ({ issues }) => issues.length === 0,
  });

export const changeEmailSchema = z.object({
  intent: z.literal("change-email"),
  newEmail: emailField,
});

export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  password: currentPasswordField,
});

/** SPEC section 5: contact name, email and message are required; email must look like one. */
export const contactSchema = z.object({
  name: z
    .string({ error: MESSAGES.contactNameRequired })
    .trim()
    .min(1, { error: MESSAGES.contactNameRequired }),
  email: emailField,
  message: z
    .string({ error: MESSAGES.contactMessageRequired })
    .trim()
    .min(1, { error: MESSAGES.contactMessageRequired }),
});

export type ContactInput = z.infer<typeof contactSchema>;

const REDIRECT_BASE = "http://x.invalid";
// Long enough for any real portal path with a query; longer values are not worth parsing.
const REDIRECT_MAX_LENGTH = 2048;
// C0 controls, DEL and C1 controls: URL parsers strip some of them (tab, newline), which
// would let "/\t/evil.com" turn into "//evil.com".
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Where to go after sign-in: only a same-site path, else `fallback`.
 * The value must start with a single "/" (not "//" or "/\"), contain no backslash or control
 * character, and still resolve on the same origin. The resolved path is returned, and it must
 * not start with "//" either, so dot segments ("/..//evil.com", "/%2e%2e//evil.com") cannot
 * produce a protocol-relative URL.
 */
/** The sign-in page, sending the visitor on to `path` (one of ours) once signed in. */
export function signInPathTo(path: string): string {
  return `/signin?redirectTo=${encodeURIComponent(path)}`;
}

export function safeRedirect(to: unknown, fallback = "/user"): string {
  if (typeof to !== "string" || to.length > REDIRECT_MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  if (to.includes("\\") || CONTROL_CHARACTER.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * SPEC sections 4 and 5: an empty name falls back to the type key, so
 * "Please enter a name." is only reachable when no type was chosen either.
 */
export const createProductSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES).optional().catch(undefined),
    name: z
      .string()
      .trim()
      .max(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong })
      .optional()
      .transform((name) => name ?? ""),
    /** Filled in by the browser; a zone it does not know is left unset, never refused. */
    timeZone: z.unknown().optional().transform(toTimeZone),
  })
  .superRefine((value, ctx) => {
    if (value.type) return;
    ctx.addIssue({
      code: "custom",
      path: value.name === "" ? ["name"] : ["type"],
      message: value.name === "" ? MESSAGES.pleaseEnterName : MESSAGES.chooseType,
    });
  });
