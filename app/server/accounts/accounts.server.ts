/**
 * Owner accounts created by the server itself (demo seed, admin commands),
 * through better-auth's own internals so the password hash and account row
 * are exactly what sign-in expects, and whether or not registration is open.
 */
import { eq } from "drizzle-orm";
import type { Auth } from "./auth.server";
import type { Database } from "../db/client.server";
import { users } from "../db/schema";

export interface NewOwner {
  username: string;
  email: string;
  password: string;
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/** The address of account `userId` ("" when it is gone): a site's orders mail goes there by default. */
export async function accountEmailOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? "";
}

export async function createOwnerAccount(auth: Auth, owner: NewOwner): Promise<string> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(owner.password);
  const user = await ctx.internalAdapter.createUser(
    {
      name: owner.username,
      email: owner.email.trim().toLowerCase(),
      emailVerified: true,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return user.id;
}
