/**
 * An owner's account settings on /user/info, on a real database, storage and SMTP
 * server: change the password (other sessions end), change the email address (only
 * once the new address's link is followed), end the other sessions, and delete the
 * account with everything in it. A second owner's data is never touched, and an anonymous
 * visitor is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import * as infoRoute from "../../app/routes/portal/info";
import { postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { accounts, items, products, sessions, users } from "../../app/server/db/schema";
import { storeImage } from "../../app/server/images/store-image.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner, requestFrom } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { photoJpeg } from "../support/image-fixtures";
import { freshAddress } from "../support/public-route";
import { callRoute, ownerFor } from "../support/route-call";
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";
import { createTestServices } from "../support/test-services";

let inbox: SmtpInbox;
let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  services = await createTestServices({
    mail: { transport: "smtp", smtpUrl: inbox.url, from: "Site Builder <no-reply@portal.test>" },
  });
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
  await inbox?.close();
});

/** A registered owner with a second session, as if signed in on another device. */
async function ownerOnTwoDevices() {
  const registered = await registerOwner(services);
  const other = await postToAuthRouter(services, requestFrom(freshAddress()), "/sign-in/email", {
    email: registered.owner.email,
    password: registered.owner.password,
  });
  if (!other.ok) throw new Error("second sign-in failed");
  const otherCookie = other.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
  return { ...registered, otherCookie };
}

function post(who: { userId: string; cookie: string }, form: Record<string, string>) {
  return callRoute(infoRoute.action, {
    services,
    owner: ownerFor(who.userId),
    url: "http://localhost:3999/user/info",
    form,
    headers: { cookie: who.cookie },
  });
}

const isSignedIn = async (cookie: string) =>
  (await services.auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;

const signsIn = async (email: string, password: string) =>
  (
    await postToAuthRouter(services, requestFrom(freshAddress()), "/sign-in/email", {
      email,
      password,
    })
  ).ok;

describe("change password", () => {
  it("refuses a wrong current password and a weak new one, changing nothing", async () => {
    const who = await ownerOnTwoDevices();
    const change = (currentPassword: string, newPassword: string) =>
      post(who, {
        intent: "change-password",
        currentPassword,
        newPassword,
        confirmPassword: newPassword,
      });

    const wrong = await change("not my password at all", "a brand new passphrase");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(MESSAGES.wrongCurrentPassword);
    const short = await change(who.owner.password, "short");
    expect(JSON.stringify(short.body)).toContain(MESSAGES.passwordTooShort);
    const common = await change(who.owner.password, "Qwerty123456");
    expect(JSON.stringify(common.body)).toContain(MESSAGES.passwordTooCommon);
    const guessable = await change(who.owner.password, "abcabcabcabc");
    expect(JSON.stringify(guessable.body)).toContain(MESSAGES.passwordTooGuessable);

    expect(await signsIn(who.owner.email, who.owner.password)).toBe(true);
    expect(await isSignedIn(who.otherCookie)).toBe(true);
  });

  it("sets the new password, ends the other sessions and keeps this one", async () => {
    const who = await ownerOnTwoDevices();
    const changed = await post(who, {
      intent: "change-password",
      currentPassword: who.owner.password,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(changed.status).toBe(200);
    expect(await isSignedIn(who.otherCookie)).toBe(false);
    expect(await signsIn(who.owner.email, who.owner.password)).toBe(false);
    expect(await signsIn(who.owner.email, "a brand new passphrase")).toBe(true);
    // This browser's session goes on (better-auth hands it a new cookie, or keeps it).
    const remaining = await services.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, who.userId));
    expect(remaining.length).toBeGreaterThanOrEqual(1);
  });
});

describe("change email", () => {
  const emailOf = async (userId: string) =>
    (await services.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]
      ?.email;

  it("refuses the current address and a malformed one, mailing no one", async () => {
    const who = await ownerOnTwoDevices();
    const same = await post(who, { intent: "change-email", newEmail: who.owner.email });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain(MESSAGES.sameEmail);
    const malformed = await post(who, { intent: "change-email", newEmail: "not-an-address" });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain(MESSAGES.emailInvalid);
    expect(await inbox.nothingFor(who.owner.email, 300)).toBe(true);
    expect(await emailOf(who.userId)).toBe(who.owner.email);
  });

  it("switches the account only when the link mailed to the new address is followed", async () => {
    const who = await ownerOnTwoDevices();
    const newEmail = `moved-${who.userId.slice(0, 8).toLowerCase()}@example.com`;
    const asked = await post(who, { intent: "change-email", newEmail });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: "success", sentTo: newEmail });

    const mail = await inbox.take(newEmail);
    const link =
      /http:\/\/localhost:3999\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[^\s]+/.exec(
        mail.text,
      )?.[0];
    expect(link, mail.text).toBeTruthy();
    // Until then, nothing has changed: the old address signs in, the new one does not.
    expect(await emailOf(who.userId)).toBe(who.owner.email);
    expect(await signsIn(newEmail, who.owner.password)).toBe(false);

    const followed = await services.auth.handler(
      new Request(link!, { headers: { cookie: who.cookie } }),
    );
    expect(followed.status).toBe(302);
    expect(await emailOf(who.userId)).toBe(newEmail);
    expect(await signsIn(newEmail, who.owner.password)).toBe(true);
    expect(await signsIn(who.owner.email, who.owner.password)).toBe(false);
  });

  it("answers an address that belongs to another owner as any other, and mails no one", async () => {
    const who = await ownerOnTwoDevices();
    const other = await ownerOnTwoDevices();
    const asked = await post(who, { intent: "change-email", newEmail: other.owner.email });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: "success", sentTo: other.owner.email });
    expect(await inbox.nothingFor(other.owner.email, 300)).toBe(true);
    expect(await emailOf(who.userId)).toBe(who.owner.email);
    expect(await emailOf(other.userId)).toBe(other.owner.email);
  });
});

describe("sessions", () => {
  it("lists each device and ends all but this one", async () => {
    const who = await ownerOnTwoDevices();
    const page = await callRoute(infoRoute.loader, {
      services,
      owner: ownerFor(who.userId),
      url: "http://localhost:3999/user/info",
      headers: { cookie: who.cookie },
    });
    const listed = (page.body as { sessions: { current: boolean; device: string }[] }).sessions;
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed[0]!.current).toBe(true);
    expect(JSON.stringify(listed)).not.toContain("token");

    expect(await post(who, { intent: "end-other-sessions" })).toMatchObject({ status: 200 });
    expect(await isSignedIn(who.otherCookie)).toBe(false);
    expect(await isSignedIn(who.cookie)).toBe(true);
  });
});

describe("delete account", () => {
  async function ownerWithPhotos() {
    const who = await ownerOnTwoDevices();
    const created = await createProduct(services.events, who.userId, {
      type: "restaurant",
      name: "Soon gone",
    });
    if (!created.ok) throw new Error(created.reason);
    // Item ids are the portal's 20 characters; each owner's differs.
    const itemId = `D${created.productId.slice(0, 19)}`;
    await services.db
      .insert(items)
      .values({ id: itemId, productId: created.productId, name: "Pie", slug: "pie" });
    const photo = new Uint8Array(await photoJpeg(64, 64));
    await storeImage(
      services,
      { id: created.productId, type: "restaurant" },
      { kind: "item-image", itemId },
      {
        body: photo,
        size: photo.length,
        mime: "image/jpeg",
        width: 64,
        height: 64,
        hash: "h1",
        fallback: false,
      },
    );
    return { ...who, productId: created.productId };
  }

  it("deletes only the account of the session that asks, with that account's password", async () => {
    const who = await ownerWithPhotos();
    const stranger = await ownerOnTwoDevices();
    // The stranger's own session and password, aimed at the first owner's account.
    const aimed = await callRoute(infoRoute.action, {
      services,
      owner: ownerFor(who.userId),
      url: "http://localhost:3999/user/info",
      form: { intent: "delete-account", password: stranger.owner.password },
      headers: { cookie: stranger.cookie },
    });
    expect(aimed.status).toBe(401);
    expect(await services.db.select().from(users).where(eq(users.id, who.userId))).toHaveLength(1);
    expect(
      await services.db.select().from(users).where(eq(users.id, stranger.userId)),
    ).toHaveLength(1);
  });

  it("with a wrong password removes nothing", async () => {
    const who = await ownerWithPhotos();
    const refused = await post(who, { intent: "delete-account", password: "not my password" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.wrongCurrentPassword);
    expect(await services.db.select().from(users).where(eq(users.id, who.userId))).toHaveLength(1);
    expect(await services.storage.list(`restaurants/${who.productId}`)).not.toEqual([]);
  });

  it("removes the user, sessions, sites, items and files, and nobody else's", async () => {
    const who = await ownerWithPhotos();
    const bystander = await ownerWithPhotos();

    const deleted = await post(who, { intent: "delete-account", password: who.owner.password });
    expect(deleted).toMatchObject({ status: 302, location: "/signin?account=deleted" });

    expect(await services.db.select().from(users).where(eq(users.id, who.userId))).toEqual([]);
    expect(
      await services.db.select().from(sessions).where(eq(sessions.userId, who.userId)),
    ).toEqual([]);
    expect(
      await services.db.select().from(accounts).where(eq(accounts.userId, who.userId)),
    ).toEqual([]);
    expect(
      await services.db.select().from(products).where(eq(products.ownerUid, who.userId)),
    ).toEqual([]);
    expect(
      await services.db.select().from(items).where(eq(items.productId, who.productId)),
    ).toEqual([]);
    expect(await services.storage.list(`restaurants/${who.productId}`)).toEqual([]);
    expect(await signsIn(who.owner.email, who.owner.password)).toBe(false);

    expect(
      await services.db.select().from(users).where(eq(users.id, bystander.userId)),
    ).toHaveLength(1);
    expect(await services.storage.list(`restaurants/${bystander.productId}`)).not.toEqual([]);
    expect(await isSignedIn(bystander.cookie)).toBe(true);
  });
});

describe("an anonymous visitor", () => {
  it("is refused, and nothing changes", async () => {
    const who = await ownerOnTwoDevices();
    const forms: Record<string, string>[] = [
      { intent: "delete-account", password: who.owner.password },
      { intent: "end-other-sessions" },
      {
        intent: "change-password",
        currentPassword: who.owner.password,
        newPassword: "a brand new passphrase",
        confirmPassword: "a brand new passphrase",
      },
      { intent: "change-email", newEmail: "taken-over@example.com" },
    ];
    for (const form of forms) {
      const answer = await fetch(`${app.url}/user/info`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
        redirect: "manual",
      });
      // A write without a session changes nothing and says to sign in.
      expect(answer.status).toBe(401);
    }
    expect(await isSignedIn(who.otherCookie)).toBe(true);
    expect(await services.db.select().from(users).where(eq(users.id, who.userId))).toHaveLength(1);
    expect(await signsIn(who.owner.email, who.owner.password)).toBe(true);
    expect(await inbox.nothingFor("taken-over@example.com", 300)).toBe(true);
  });
});
