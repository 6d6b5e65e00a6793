/**
 * The people who work on a site: the owner's invitations (by address, one role each) and the
 * members they become. Whoever calls these has checked, with `requireSite(…, "site.staff")`,
 * that the owner is asking; accepting is the invited person's own act, with the link's token.
 *
 * A site has at most MAX_STAFF_PER_SITE people besides its owner, counting invitations still
 * open, so accepting never goes over. The count and the write happen under the site's row
 * lock: two invitations sent at once cannot both take the last place.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { INVITATION_DAYS, MAX_STAFF_PER_SITE, type StaffRole } from "~/lib/site-access";
import { createId } from "../db/ids.server";
import { products, siteInvitations, siteMembers, users } from "../db/schema";
import type { Database } from "../db/client.server";
import type { Events, Transaction } from "../events/events.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation link's token: 32 letters and digits (about 190 bits), as an order's. */
function newInvitationToken(): string {
  return randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);
}

/** What is kept of a token: its SHA-256, so the table alone cannot open an invitation. */
export function invitationTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isInvitationToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value);
}

/** The site's people and its open invitations, for the owner's Staff page. */
export async function listStaff(db: Database, productId: string, now: number) {
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: siteMembers.userId,
        role: siteMembers.role,
        since: siteMembers.createdAt,
        name: users.name,
        email: users.email,
      })
      .from(siteMembers)
      .innerJoin(users, eq(users.id, siteMembers.userId))
      .where(eq(siteMembers.productId, productId))
      .orderBy(users.name),
    db
      .select({
        id: siteInvitations.id,
        email: siteInvitations.email,
        role: siteInvitations.role,
        expiresAt: siteInvitations.expiresAt,
      })
      .from(siteInvitations)
      .where(openInvitationsOf(productId, now))
      .orderBy(siteInvitations.createdAt),
  ]);
  return { members, invitations };
}

function openInvitationsOf(productId: string, now: number) {
  return and(
    eq(siteInvitations.productId, productId),
    isNull(siteInvitations.acceptedAt),
    gt(siteInvitations.expiresAt, new Date(now)),
  );
}

/** Members and open invitations of the site, read in `tx` after its row is locked. */
async function placesTaken(tx: Transaction, productId: string, now: number): Promise<number> {
  const [[members], [invitations]] = await Promise.all([
    tx.select({ n: count() }).from(siteMembers).where(eq(siteMembers.productId, productId)),
    tx.select({ n: count() }).from(siteInvitations).where(openInvitationsOf(productId, now)),
  ]);
  return (members?.n ?? 0) + (invitations?.n ?? 0);
}

/** Locks the live site's row; its owner's id, or null when it is gone. */
async function lockSite(tx: Transaction, productId: string) {
  const [site] = await tx
    .select({ ownerUid: products.ownerUid, name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.exists, true)))
    .for("update");
  return site ?? null;
}

export type InviteResult =
  | { ok: true; token: string; email: string; replaced: boolean }
  | { ok: false; reason: "gone" | "owner" | "member" | "full" };

/**
 * Invites `email` to the site in `role`. Inviting an address again replaces its open
 * invitation (a new link; the old one stops working), in place: it takes no second place.
 */
export async function inviteStaff(
  events: Events,
  input: { productId: string; email: string; role: StaffRole; now: number },
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  return events.transaction(async (tx, changes) => {
    const site = await lockSite(tx, input.productId);
    if (!site) return { ok: false, reason: "gone" };
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (account?.id === site.ownerUid) return { ok: false, reason: "owner" };
    if (account) {
      const [member] = await tx
        .select({ userId: siteMembers.userId })
        .from(siteMembers)
        .where(and(eq(siteMembers.productId, input.productId), eq(siteMembers.userId, account.id)));
      if (member) return { ok: false, reason: "member" };
    }
    const sameAddress = and(
      openInvitationsOf(input.productId, input.now),
      eq(siteInvitations.email, email),
    );
    const [already] = await tx
      .select({ id: siteInvitations.id })
      .from(siteInvitations)
      .where(sameAddress);
    const taken = await placesTaken(tx, input.productId, input.now);
    if (taken - (already ? 1 : 0) >= MAX_STAFF_PER_SITE) return { ok: false, reason: "full" };
    if (already) await tx.delete(siteInvitations).where(eq(siteInvitations.id, already.id));
    const token = newInvitationToken();
    await tx.insert(siteInvitations).values({
      id: createId(),
      productId: input.productId,
      email,
      role: input.role,
      tokenHash: invitationTokenHash(token),
      expiresAt: new Date(input.now + INVITATION_DAYS * DAY_MS),
    });
    changes.owner(site.ownerUid);
    return { ok: true, token, email, replaced: Boolean(already) };
  });
}

/** What the invitation page shows, from the link's token; null for no such invitation. */
export async function invitationByToken(db: Database, token: string, now: number) {
  if (!isInvitationToken(token)) return null;
  const [row] = await db
    .select({
      id: siteInvitations.id,
      productId: siteInvitations.productId,
      email: siteInvitations.email,
      role: siteInvitations.role,
      expiresAt: siteInvitations.expiresAt,
      acceptedAt: siteInvitations.acceptedAt,
      siteName: products.name,
      siteType: products.type,
    })
    .from(siteInvitations)
    .innerJoin(products, eq(products.id, siteInvitations.productId))
    .where(
      and(eq(siteInvitations.tokenHash, invitationTokenHash(token)), eq(products.exists, true)),
    );
  if (!row) return null;
  const state: InvitationState = row.acceptedAt
    ? "used"
    : row.expiresAt.getTime() <= now
      ? "expired"
      : "open";
  return { ...row, state };
}

export type InvitationState = "open" | "used" | "expired";

export type AcceptResult =
  | { ok: true; productId: string; role: StaffRole }
  | {
      ok: false;
      reason: "unknown" | "used" | "expired" | "wrong-account" | "owner" | "full";
    };

/**
 * The signed-in `user` takes the invitation of `token`: once, before it expires, and only
 * with the account of the address it was sent to (the link may have been passed on).
 */
export async function acceptInvitation(
  events: Events,
  input: { token: string; user: { id: string; email: string }; now: number },
): Promise<AcceptResult> {
  if (!isInvitationToken(input.token)) return { ok: false, reason: "unknown" };
  return events.transaction(async (tx, changes): Promise<AcceptResult> => {
    const [invitation] = await tx
      .select()
      .from(siteInvitations)
      .where(eq(siteInvitations.tokenHash, invitationTokenHash(input.token)))
      .for("update");
    if (!invitation) return { ok: false, reason: "unknown" };
    const site = await lockSite(tx, invitation.productId);
    if (!site) return { ok: false, reason: "unknown" };
    if (invitation.acceptedAt) return { ok: false, reason: "used" };
    if (invitation.expiresAt.getTime() <= input.now) return { ok: false, reason: "expired" };
    if (invitation.email !== input.user.email.trim().toLowerCase()) {
      return { ok: false, reason: "wrong-account" };
    }
    if (site.ownerUid === input.user.id) return { ok: false, reason: "owner" };
    // The invitation holds its own place; this only guards rows written some other way.
    const [members] = await tx
      .select({ n: count() })
      .from(siteMembers)
      .where(eq(siteMembers.productId, invitation.productId));
    if ((members?.n ?? 0) >= MAX_STAFF_PER_SITE) return { ok: false, reason: "full" };
    await tx
      .insert(siteMembers)
      .values({ productId: invitation.productId, userId: input.user.id, role: invitation.role })
      .onConflictDoUpdate({
        target: [siteMembers.productId, siteMembers.userId],
        set: { role: invitation.role },
      });
    await tx
      .update(siteInvitations)
      .set({ acceptedAt: new Date(input.now), acceptedBy: input.user.id })
      .where(eq(siteInvitations.id, invitation.id));
    changes.owner(site.ownerUid);
    changes.owner(input.user.id);
    return { ok: true, productId: invitation.productId, role: invitation.role };
  });
}

/**
 * Gives member `userId` another role, or (role null) removes them from the site. Their open
 * pages hear of it at once (their live stream is told), and their next request is checked
 * against the new row. False when they were not a member.
 */
export async function setStaffRole(
  events: Events,
  input: { productId: string; userId: string; role: StaffRole | null },
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const site = await lockSite(tx, input.productId);
    if (!site) return false;
    const where = and(
      eq(siteMembers.productId, input.productId),
      eq(siteMembers.userId, input.userId),
    );
    const touched =
      input.role === null
        ? await tx.delete(siteMembers).where(where).returning({ userId: siteMembers.userId })
        : await tx
            .update(siteMembers)
            .set({ role: input.role })
            .where(where)
            .returning({ userId: siteMembers.userId });
    if (touched.length === 0) return false;
    changes.owner(site.ownerUid);
    changes.owner(input.userId);
    return true;
  });
}

/** Withdraws an open invitation: its link stops working. False when there was none. */
export async function revokeInvitation(
  events: Events,
  input: { productId: string; invitationId: string },
): Promise<boolean> {
  return events.transaction(async (tx, changes) => {
    const site = await lockSite(tx, input.productId);
    if (!site) return false;
    const removed = await tx
      .delete(siteInvitations)
      .where(
        and(
          eq(siteInvitations.productId, input.productId),
          eq(siteInvitations.id, input.invitationId),
          isNull(siteInvitations.acceptedAt),
        ),
      )
      .returning({ id: siteInvitations.id });
    if (removed.length === 0) return false;
    changes.owner(site.ownerUid);
    return true;
  });
}

/** The live sites `userId` works on (not their own), by name, with their role on each. */
export async function sitesWorkedOn(db: Database, userId: string) {
  return db
    .select({
      id: products.id,
      type: products.type,
      name: products.name,
      slug: products.slug,
      role: siteMembers.role,
    })
    .from(siteMembers)
    .innerJoin(products, eq(products.id, siteMembers.productId))
    .where(and(eq(siteMembers.userId, userId), eq(products.exists, true)))
    .orderBy(products.name);
}

/** The owners of the sites `userId` works on: their changes reach `userId`'s open pages. */
export async function ownersWorkedFor(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ownerUid: products.ownerUid })
    .from(siteMembers)
    .innerJoin(products, eq(products.id, siteMembers.productId))
    .where(and(eq(siteMembers.userId, userId), eq(products.exists, true)));
  return rows.map((row) => row.ownerUid);
}
