/**
 * A site's staff: an invitation works once, within seven days, for the account of the address
 * it was sent to; a site takes ten people at most; removing someone or changing their role
 * takes effect on their next request and on their open live stream.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOwner } from "../../../tests/support/auth-helpers";
import { ownerFor } from "../../../tests/support/route-call";
import { createTestServices } from "../../../tests/support/test-services";
import * as eventsRoute from "~/routes/portal/events";
import { ownerContext, servicesContext } from "~/context";
import { MAX_STAFF_PER_SITE } from "~/lib/site-access";
import { siteInvitations } from "../db/schema";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";
import { siteWithRole } from "./site-access.server";
import {
  acceptInvitation,
  invitationByToken,
  invitationTokenHash,
  inviteStaff,
  listStaff,
  revokeInvitation,
  setStaffRole,
  sitesWorkedOn,
} from "./staff.server";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

async function person() {
  const registered = await registerOwner(services);
  return { ...registered, email: registered.owner.email };
}

async function siteOf(ownerUid: string, name = "Staff Diner") {
  const created = await createProduct(services.events, ownerUid, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  return created.productId;
}

async function invite(productId: string, email: string, role: "orders" | "editor", now = NOW) {
  const invited = await inviteStaff(services.events, { productId, email, role, now });
  if (!invited.ok) throw new Error(`invite refused: ${invited.reason}`);
  return invited.token;
}

describe("an invitation", () => {
  it("makes the invited account staff in its role, once, and the link then says so", async () => {
    const owner = await person();
    const cook = await person();
    const productId = await siteOf(owner.userId);
    const token = await invite(productId, cook.email.toUpperCase(), "orders");
    expect((await invitationByToken(services.db, token, NOW))?.state).toBe("open");
    const user = { id: cook.userId, email: cook.email };
    expect(await acceptInvitation(services.events, { token, user, now: NOW + 1000 })).toEqual({
      ok: true,
      productId,
      role: "orders",
    });
    expect((await siteWithRole(services.db, cook.userId, productId))?.role).toBe("orders");
    expect(await sitesWorkedOn(services.db, cook.userId)).toMatchObject([
      { id: productId, role: "orders" },
    ]);
    // Single use: a second time, by anyone, changes nothing.
    expect(await acceptInvitation(services.events, { token, user, now: NOW + 2000 })).toEqual({
      ok: false,
      reason: "used",
    });
    expect((await invitationByToken(services.db, token, NOW))?.state).toBe("used");
  });

  it("expires after seven days", async () => {
    const owner = await person();
    const cook = await person();
    const productId = await siteOf(owner.userId);
    const token = await invite(productId, cook.email, "orders");
    const user = { id: cook.userId, email: cook.email };
    expect((await invitationByToken(services.db, token, NOW + 7 * DAY))?.state).toBe("expired");
    expect(await acceptInvitation(services.events, { token, user, now: NOW + 7 * DAY })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await siteWithRole(services.db, cook.userId, productId)).toBeNull();
    // Just before, it still works.
    expect(
      (await acceptInvitation(services.events, { token, user, now: NOW + 7 * DAY - 1 })).ok,
    ).toBe(true);
  });

  it("works only for the account of the address it was sent to", async () => {
    const owner = await person();
    const cook = await person();
    const someoneElse = await person();
    const productId = await siteOf(owner.userId);
    const token = await invite(productId, cook.email, "editor");
    const wrong = { id: someoneElse.userId, email: someoneElse.email };
    expect(await acceptInvitation(services.events, { token, user: wrong, now: NOW })).toEqual({
      ok: false,
      reason: "wrong-account",
    });
    expect(await siteWithRole(services.db, someoneElse.userId, productId)).toBeNull();
    // The owner cannot be invited, nor take an invitation to their own site.
    expect(
      await inviteStaff(services.events, {
        productId,
        email: owner.email,
        role: "orders",
        now: NOW,
      }),
    ).toEqual({ ok: false, reason: "owner" });
    // Unknown and malformed tokens are the same nothing.
    const user = { id: cook.userId, email: cook.email };
    for (const bad of ["x".repeat(32), "../../etc", ""]) {
      expect(await acceptInvitation(services.events, { token: bad, user, now: NOW })).toEqual({
        ok: false,
        reason: "unknown",
      });
    }
  });

  it("takes ten people at most, counting invitations still open; the eleventh is refused", async () => {
    const owner = await person();
    const productId = await siteOf(owner.userId);
    const first = await person();
    const firstToken = await invite(productId, first.email, "orders");
    await acceptInvitation(services.events, {
      token: firstToken,
      user: { id: first.userId, email: first.email },
      now: NOW,
    });
    for (let n = 2; n <= MAX_STAFF_PER_SITE; n += 1) {
      await invite(productId, `cook${n}-${productId}@example.com`, "orders");
    }
    const eleventh = await inviteStaff(services.events, {
      productId,
      email: `cook11-${productId}@example.com`,
      role: "orders",
      now: NOW,
    });
    expect(eleventh).toEqual({ ok: false, reason: "full" });
    // Inviting an address again replaces its invitation in place: no new place taken.
    const again = await inviteStaff(services.events, {
      productId,
      email: `cook2-${productId}@example.com`,
      role: "editor",
      now: NOW,
    });
    expect(again).toMatchObject({ ok: true, replaced: true });
    const listed = await listStaff(services.db, productId, NOW);
    expect(listed.members.length + listed.invitations.length).toBe(MAX_STAFF_PER_SITE);
    // A withdrawn or expired invitation frees its place.
    const withdrawn = listed.invitations.find((i) => i.email.startsWith("cook3-"))!;
    expect(await revokeInvitation(services.events, { productId, invitationId: withdrawn.id })).toBe(
      true,
    );
    expect(
      (
        await inviteStaff(services.events, {
          productId,
          email: `cook11-${productId}@example.com`,
          role: "orders",
          now: NOW,
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await inviteStaff(services.events, {
          productId,
          email: `cook12-${productId}@example.com`,
          role: "orders",
          now: NOW + 8 * DAY,
        })
      ).ok,
    ).toBe(true);
  });

  it("keeps only the token's hash, so the table cannot open an invitation", async () => {
    const owner = await person();
    const productId = await siteOf(owner.userId);
    const token = await invite(productId, "hash-check@example.com", "orders");
    const rows = await services.db
      .select({ tokenHash: siteInvitations.tokenHash })
      .from(siteInvitations)
      .where(eq(siteInvitations.productId, productId));
    expect(rows).toEqual([{ tokenHash: invitationTokenHash(token) }]);
  });
});

describe("a member removed or given another role", () => {
  function openEvents(userId: string) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(ownerContext, ownerFor(userId));
    const request = new Request("http://localhost/user/events");
    return eventsRoute.loader({ request, context, params: {} } as never);
  }

  /** Reads the stream until `text` arrives, or gives up after `ms` (then null). */
  async function waitFor(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    text: string,
    ms = 3000,
  ): Promise<string | null> {
    let seen = "";
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!next || next.done) return null;
      seen += new TextDecoder().decode(next.value);
      if (seen.includes(text)) return seen;
    }
    return null;
  }

  it("hears the owner's changes while a member, is told at once when removed, and no more after", async () => {
    const owner = await person();
    const cook = await person();
    const productId = await siteOf(owner.userId);
    const token = await invite(productId, cook.email, "orders");
    await acceptInvitation(services.events, {
      token,
      user: { id: cook.userId, email: cook.email },
      now: NOW,
    });
    const reader = (await openEvents(cook.userId)).body!.getReader();
    expect(await waitFor(reader, ": connected")).not.toBeNull();

    // A change to the owner's site reaches the cook's open page.
    await services.events.transaction(async (_tx, changes) => changes.owner(owner.userId));
    expect(await waitFor(reader, "event: products-changed")).not.toBeNull();

    // Another role takes effect on the next request.
    expect(
      await setStaffRole(services.events, { productId, userId: cook.userId, role: "editor" }),
    ).toBe(true);
    expect(await waitFor(reader, "event: products-changed")).not.toBeNull();
    expect((await siteWithRole(services.db, cook.userId, productId))?.role).toBe("editor");

    // Removed: their stream is told (the page reloads and drops the site)…
    expect(
      await setStaffRole(services.events, { productId, userId: cook.userId, role: null }),
    ).toBe(true);
    expect(await waitFor(reader, "event: products-changed")).not.toBeNull();
    expect(await siteWithRole(services.db, cook.userId, productId)).toBeNull();
    // …and no longer hears the owner's changes.
    await expect
      .poll(async () => {
        await services.events.transaction(async (_tx, changes) => changes.owner(owner.userId));
        return waitFor(reader, "event: products-changed", 300);
      })
      .toBeNull();
    await reader.cancel();
  });

  it("is refused on a site that is not theirs, and removing someone not a member is nothing", async () => {
    const owner = await person();
    const stranger = await person();
    const productId = await siteOf(owner.userId);
    expect(await siteWithRole(services.db, stranger.userId, productId)).toBeNull();
    expect(
      await setStaffRole(services.events, { productId, userId: stranger.userId, role: null }),
    ).toBe(false);
  });
});
