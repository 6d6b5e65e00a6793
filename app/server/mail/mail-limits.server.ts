/**
 * How many mails one address gets, whoever asks and from wherever: counted in the
 * database (better-auth's verifications table), so every server process agrees. The
 * per-client-address limits are better-auth's rate limits (app/server/accounts/auth.server.ts).
 */
import { and, count, eq, gt, like } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { verifications } from "../db/schema";
import { createId } from "../db/ids.server";

/** Password reset mails to one account: its reset tokens of the last hour are counted. */
export const PASSWORD_RESET_MAIL_LIMIT = { windowSeconds: 60 * 60, max: 3 } as const;

/** Confirmation mails to one address (at registration, sign-in attempts and on request). */
export const CONFIRMATION_MAIL_LIMIT = { windowSeconds: 60 * 60, max: 5 } as const;

const since = (windowSeconds: number) => new Date(Date.now() - windowSeconds * 1000);

/** Whether another reset mail may go to this account; the token just made counts too. */
export async function mayMailPasswordReset(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ count: count() })
    .from(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, "reset-password:%"),
        gt(verifications.createdAt, since(PASSWORD_RESET_MAIL_LIMIT.windowSeconds)),
      ),
    );
  return (row?.count ?? 0) <= PASSWORD_RESET_MAIL_LIMIT.max;
}

/**
 * Whether another confirmation mail may go to this address, and if so, counts it.
 * Confirmation tokens are signed, not stored, so each mail leaves a row of its own
 * that expires with the window.
 */
export async function takeConfirmationMail(db: Database, email: string): Promise<boolean> {
  const identifier = `confirmation-mail:${email.toLowerCase()}`;
  const [row] = await db
    .select({ count: count() })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, identifier),
        gt(verifications.createdAt, since(CONFIRMATION_MAIL_LIMIT.windowSeconds)),
      ),
    );
  if ((row?.count ?? 0) >= CONFIRMATION_MAIL_LIMIT.max) return false;
  await db.insert(verifications).values({
    id: createId(),
    identifier,
    value: email.toLowerCase(),
    expiresAt: new Date(Date.now() + CONFIRMATION_MAIL_LIMIT.windowSeconds * 1000),
  });
  return true;
}
