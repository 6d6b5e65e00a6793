/**
 * The devices a user gets notifications on (`push_subscriptions`): saved when the user taps
 * "Notify this device", deleted when they stop it or when the push service says the device is
 * gone. A user only ever reads or deletes their own; a device (its endpoint) belongs to one
 * user at a time, the last who asked on it (one browser shared by two accounts).
 */
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server";
import { createId } from "../db/ids.server";
import { pushSubscriptions, users } from "../db/schema";
import type { Transaction } from "../events/events.server";
import { PUSH_ENDPOINT_MAX_LENGTH, pushEndpointProblem, type PushTarget } from "./web-push.server";

/** Devices one user may have notified; a browser makes one per profile. */
export const MAX_DEVICES_PER_USER = 20;

/** What the browser's PushSubscription gives: its endpoint and keys, base64url. */
export const subscriptionSchema = z.object({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH),
  // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
  p256dh: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,87}={0,2}$/)
    .refine((value) => isPoint(Buffer.from(value, "base64url"))),
  auth: z
    .string()
    .regex(/^[A-Za-z0-9_-]{21,22}={0,2}$/)
    .refine((value) => Buffer.from(value, "base64url").length === 16),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

function isPoint(bytes: Buffer): boolean {
  return bytes.length === 65 && bytes[0] === 0x04;
}

export type SaveResult = { saved: true } | { refused: "endpoint" | "too-many" };

/** Saves the device for `userId`, taking it over from another user who had it. */
export async function saveSubscription(
  db: Database,
  userId: string,
  input: SubscriptionInput,
  deployment: boolean,
): Promise<SaveResult> {
  if (pushEndpointProblem(input.endpoint, deployment)) return { refused: "endpoint" };
  return db.transaction(async (tx) => {
    // The user's row held: two devices saved at once cannot both pass the count below.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [others] = await tx
      .select({ devices: count() })
      .from(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, input.endpoint)),
      );
    if ((others?.devices ?? 0) >= MAX_DEVICES_PER_USER) return { refused: "too-many" as const };
    const keys = { userId, p256dh: input.p256dh, auth: input.auth };
    await tx
      .insert(pushSubscriptions)
      .values({ id: createId(), endpoint: input.endpoint, ...keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...keys, createdAt: new Date(), lastSuccessAt: null },
      });
    return { saved: true as const };
  });
}

/** Deletes the user's own device; false when they have none with this endpoint. */
export async function deleteOwnSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** The user's own device with this endpoint, or null. */
export async function ownSubscription(db: Database, userId: string, endpoint: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return row ?? null;
}

/** Every device of these users. */
export async function subscriptionsOf(db: Database | Transaction, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

/** The push service took a message for this device. */
export async function recordDelivery(db: Database, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

/**
 * The push service says the device is gone (404/410). Deleted by id and endpoint, so a row
 * the endpoint was saved to again meanwhile (a new subscription) stays.
 */
export async function deleteGoneSubscription(db: Database, target: PushTarget & { id: string }) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, target.id),
        eq(pushSubscriptions.endpoint, target.endpoint),
        eq(pushSubscriptions.p256dh, target.p256dh),
      ),
    );
}
