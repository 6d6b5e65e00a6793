/**
 * Operator tasks behind `npm run admin`: the spec has no admin role, but an
 * account's status and product limit need a way to be set.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { MESSAGES } from "~/lib/messages";
import { registerSchema } from "~/lib/validation";
import { createOwnerAccount, findUserIdByEmail } from "./accounts.server";
import { products, users } from "../db/schema";
import { passwordRefusal } from "./password-policy.server";
import { removeProduct } from "../editing/product-lifecycle.server";
import { listOwnerProducts } from "../repositories/products.server";
import type { AppServices } from "../runtime/services.server";

/** A refusal with a message for the operator; the command prints it and exits 1. */
export class AdminError extends Error {
  override name = "AdminError";
}

export const MAX_PRODUCTS_CEILING = 1000;
const STATUS_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

async function requireUserId(services: Pick<AppServices, "db">, email: string): Promise<string> {
  const id = await findUserIdByEmail(services.db, email);
  if (!id) throw new AdminError(`No user with the email ${email}.`);
  return id;
}

export async function listUsers(services: Pick<AppServices, "db">) {
  return services.db
    .select({
      email: users.email,
      username: users.name,
      status: users.status,
      maxProduct: users.maxProduct,
      products: count(products.id),
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(products, eq(products.ownerUid, users.id))
    .groupBy(users.id)
    .orderBy(users.createdAt);
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export async function createUser(
  services: Pick<AppServices, "db" | "auth">,
  input: { email: string; username: string; password: string },
): Promise<string> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) throw new AdminError(parsed.error.issues[0]!.message);
  // The account is made through better-auth's internals, which its hooks do not see.
  const refusal = passwordRefusal(parsed.data.password, parsed.data.email);
  if (refusal) throw new AdminError(MESSAGES[refusal]);
  if (await findUserIdByEmail(services.db, parsed.data.email)) {
    throw new AdminError(`A user with the email ${parsed.data.email} already exists.`);
  }
  return createOwnerAccount(services.auth, parsed.data);
}

export async function setStatus(
  services: Pick<AppServices, "db" | "events">,
  email: string,
  status: string,
) {
  const value = status.trim();
  if (!STATUS_PATTERN.test(value)) {
    throw new AdminError(
      `Invalid status ${JSON.stringify(status)}: use a word such as valid or suspended.`,
    );
  }
  const id = await requireUserId(services, email);
  await services.events.transaction(async (tx, changes) => {
    await tx.update(users).set({ status: value }).where(eq(users.id, id));
    changes.owner(id);
  });
}

export async function setMaxProducts(
  services: Pick<AppServices, "db" | "events">,
  email: string,
  value: string,
) {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n > MAX_PRODUCTS_CEILING) {
    throw new AdminError(
      `Invalid number ${JSON.stringify(value)}: use a whole number from 0 to ${MAX_PRODUCTS_CEILING}.`,
    );
  }
  const id = await requireUserId(services, email);
  await services.events.transaction(async (tx, changes) => {
    await tx.update(users).set({ maxProduct: n }).where(eq(users.id, id));
    changes.owner(id);
  });
}

/** Deletes the user, each of their products (rows and files), and their sessions. */
export async function deleteUser(
  services: Pick<AppServices, "db" | "events" | "storage">,
  email: string,
): Promise<{ products: number }> {
  return deleteUserById(services, await requireUserId(services, email));
}

/**
 * What deleting an account removes, for the operator's command and an owner's own
 * Delete account alike: each product (rows and stored files), then the user row,
 * which takes their sessions and sign-in accounts with it (foreign keys cascade).
 */
export async function deleteUserById(
  services: Pick<AppServices, "db" | "events" | "storage">,
  id: string,
): Promise<{ products: number }> {
  const owned = await listOwnerProducts(services.db, id);
  for (const product of owned) await removeProduct(services, id, product.id);
  await services.db.delete(users).where(eq(users.id, id));
  return { products: owned.length };
}
