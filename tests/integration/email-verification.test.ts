/**
 * Confirming an email address, where it is required, on a real database and SMTP
 * server: no session before the link, the link signs in, registering an address
 * again tells nothing, new links are rate limited, and a change of address waits
 * for the new address's link.
 */
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context";
import { MESSAGES } from "../../app/lib/messages";
import * as registerRoute from "../../app/routes/auth/register";
import * as signinRoute from "../../app/routes/auth/signin";
import * as verifyRoute from "../../app/routes/auth/verify-email";
import { createOwnerAccount } from "../../app/server/accounts/accounts.server";
import { EMAIL_VERIFICATION_RESEND_LIMIT } from "../../app/server/accounts/auth.server";
import { postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { users } from "../../app/server/db/schema";
import { CONFIRMATION_MAIL_LIMIT } from "../../app/server/mail/mail-limits.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { newOwner, requestFrom } from "../support/auth-helpers";
import { freshAddress, getPage, postForm, runRoute } from "../support/public-route";
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";
import { createTestServices } from "../support/test-services";

let inbox: SmtpInbox;
let services: RunningServices;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  services = await createTestServices({
    mail: { transport: "smtp", smtpUrl: inbox.url, from: "Site Builder <no-reply@portal.test>" },
    requireEmailVerification: true,
  });
});
afterAll(async () => {
  await services?.close();
  await inbox?.close();
});

const run = (fn: (args: never) => unknown, request: Request) => runRoute(services, fn, request);

const register = (owner: ReturnType<typeof newOwner>) =>
  run(
    registerRoute.action,
    postForm("/register", {
      username: owner.username,
      email: owner.email,
      password: owner.password,
    }),
  );

const signIn = (email: string, password: string) =>
  run(signinRoute.action, postForm("/signin", { email, password }));

/** The confirmation link in the next mail to `email`, checked against its subject. */
async function linkMailedTo(email: string, subject: RegExp): Promise<string> {
  const mail = await inbox.take(email);
  expect(mail.subject).toMatch(subject);
  const link =
    /http:\/\/localhost:3999\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=%2Fverify-email/.exec(
      mail.text,
    );
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(link![0].replace(/&/g, "&amp;"));
  return link![0];
}

/** Follows a confirmation link as a browser would; returns where it leads and the cookie it sets. */
async function follow(link: string, cookie = "") {
  const response = await services.auth.handler(
    new Request(link, { headers: cookie ? { cookie } : {} }),
  );
  const setCookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, location: response.headers.get("location"), cookie: setCookie };
}

async function verifiedOf(email: string) {
  const [row] = await services.db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  return row?.emailVerified;
}

describe("email verification", () => {
  it("signs in no one before the mailed link, and the link confirms and signs in", async () => {
    const owner = newOwner("confirm");
    expect(await register(owner)).toMatchObject({ status: 200, body: { checkEmail: owner.email } });
    const link = await linkMailedTo(owner.email, /^Confirm your email for Site Builder$/);
    expect(await verifiedOf(owner.email)).toBe(false);

    // Signing in first is refused, and brings a new link.
    const early = await signIn(owner.email, owner.password);
    expect(early.status).toBe(403);
    expect(JSON.stringify(early.body)).toContain(MESSAGES.emailNotVerified);
    await linkMailedTo(owner.email, /^Confirm your email/);

    const followed = await follow(link);
    expect(followed).toMatchObject({ status: 302, location: "/verify-email" });
    expect(followed.cookie).toMatch(/better-auth\.session_token=/);
    expect(await verifiedOf(owner.email)).toBe(true);
    const landing = await run(
      verifyRoute.loader,
      getPage("/verify-email", { cookie: followed.cookie }),
    );
    expect(landing.body).toEqual({ state: "confirmed", email: owner.email, startWith: null });

    expect(await signIn(owner.email, owner.password)).toMatchObject({
      status: 302,
      location: "/user",
    });
  });

  it("keeps the product an owner registered for until the link brings them back", async () => {
    const owner = newOwner("starter");
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const call = async (fn: (args: never) => unknown, request: Request) =>
      (await fn({ request, context, params: {} } as never)) as {
        data: Record<string, unknown>;
        init: { headers?: HeadersInit };
      };

    const registered = await call(
      registerRoute.action,
      postForm("/register", { ...owner, product: "restaurant" }),
    );
    expect(registered.data).toEqual({ checkEmail: owner.email });
    const kept = new Headers(registered.init.headers).get("set-cookie")!;
    expect(kept).toMatch(
      /^starting-product=[^;]+; Max-Age=86400; Path=\/verify-email; HttpOnly; SameSite=Lax$/,
    );

    const followed = await follow(await linkMailedTo(owner.email, /^Confirm your email/));
    const landing = await call(
      verifyRoute.loader,
      getPage("/verify-email", { cookie: `${followed.cookie}; ${kept.split(";")[0]}` }),
    );
    expect(landing.data).toEqual({
      state: "confirmed",
      email: owner.email,
      startWith: "restaurant",
    });
    // Read once: the cookie is cleared on the way.
    expect(new Headers(landing.init.headers).get("set-cookie")).toMatch(
      /^starting-product=; Max-Age=0; Path=\/verify-email/,
    );
  });

  it("keeps no product it may not start with, whether posted or planted in the cookie", async () => {
    const owner = newOwner("planted");
    const registered = await run(
      registerRoute.action,
      postForm("/register", { ...owner, product: "dealership" }),
    );
    expect(registered).toEqual({ status: 200, body: { checkEmail: owner.email }, location: null });

    const followed = await follow(await linkMailedTo(owner.email, /^Confirm your email/));
    const planted = `starting-product=${btoa(JSON.stringify("dealership"))}`;
    const landing = await run(
      verifyRoute.loader,
      getPage("/verify-email", { cookie: `${followed.cookie}; ${planted}` }),
    );
    expect(landing.body).toEqual({ state: "confirmed", email: owner.email, startWith: null });
  });

  it("answers an address that has an account exactly as a new one, and mails its owner", async () => {
    const first = newOwner("taken");
    await register(first);
    await inbox.take(first.email);
    const again = await register({ ...newOwner("other"), email: first.email });
    expect(again).toEqual({ status: 200, body: { checkEmail: first.email }, location: null });
    const mail = await inbox.take(first.email);
    expect(mail.subject).toBe("You already have a Site Builder account");
    expect(mail.text).toContain("http://localhost:3999/signin");
    const [{ count }] = (await services.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, first.email))) as [{ count: number }];
    expect(count).toBe(1);
  });

  it("sends a new link on request, the same answer for any address, within a limit", async () => {
    const owner = newOwner("resend");
    await register(owner);
    await inbox.take(owner.email);
    const address = freshAddress();
    const resend = (email: string) =>
      run(verifyRoute.action, postForm("/verify-email", { email }, address));

    expect(await resend(owner.email)).toMatchObject({ status: 200, body: { resent: owner.email } });
    await linkMailedTo(owner.email, /^Confirm your email/);
    const unknown = newOwner("unknown").email;
    expect(await resend(unknown)).toMatchObject({ status: 200, body: { resent: unknown } });
    expect(await inbox.nothingFor(unknown)).toBe(true);

    for (let i = 2; i < EMAIL_VERIFICATION_RESEND_LIMIT.max; i += 1) await resend(unknown);
    const refused = await resend(owner.email);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.verificationTooManyRequests);
  });

  it("mails one address at most a few confirmation links an hour, however they are asked for", async () => {
    const owner = newOwner("flooded");
    await register(owner);
    // Each sign-in attempt before confirming asks for another link.
    for (let i = 0; i < CONFIRMATION_MAIL_LIMIT.max + 2; i += 1) {
      expect((await signIn(owner.email, owner.password)).status).toBe(403);
    }
    for (let i = 0; i < CONFIRMATION_MAIL_LIMIT.max; i += 1) await inbox.take(owner.email);
    expect(await inbox.nothingFor(owner.email)).toBe(true);
  });

  it("says when a link is dead, with a way to get another", async () => {
    const followed = await follow(
      "http://localhost:3999/api/auth/verify-email?token=not-a-token&callbackURL=%2Fverify-email",
    );
    expect(followed.status).toBe(302);
    expect(followed.location).toMatch(/^\/verify-email\?error=/);
    expect((await run(verifyRoute.loader, getPage(followed.location!))).body).toEqual({
      state: "invalid",
    });
  });

  it("switches an owner's address only once the new address confirms it", async () => {
    const owner = newOwner("mover");
    await createOwnerAccount(services.auth, owner);
    const signedIn = await postToAuthRouter(
      services,
      requestFrom(freshAddress()),
      "/sign-in/email",
      {
        email: owner.email,
        password: owner.password,
      },
    );
    expect(signedIn.ok).toBe(true);
    const cookie = signedIn.ok ? signedIn.setCookies.map((c) => c.split(";")[0]).join("; ") : "";

    const newEmail = newOwner("moved").email;
    const asked = await services.auth.handler(
      new Request("http://localhost:3999/api/auth/change-email", {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: "http://localhost:3999" },
        body: JSON.stringify({ newEmail, callbackURL: "/verify-email" }),
      }),
    );
    expect(asked.status).toBe(200);
    const link = await linkMailedTo(newEmail, /^Confirm your new email for Site Builder$/);
    expect(await verifiedOf(owner.email)).toBe(true);
    expect(await verifiedOf(newEmail)).toBeUndefined();

    expect(await follow(link, cookie)).toMatchObject({ status: 302, location: "/verify-email" });
    expect(await verifiedOf(owner.email)).toBeUndefined();
    expect(await verifiedOf(newEmail)).toBe(true);
  });

  it("counts owners registered before confirmation existed as confirmed", async () => {
    const owner = newOwner("earlier");
    const id = await createOwnerAccount(services.auth, owner);
    await services.db.update(users).set({ emailVerified: false }).where(eq(users.id, id));
    const migration = readFileSync("drizzle/0003_existing_owners_verified.sql", "utf8");
    await services.db.execute(sql.raw(migration));
    expect(await verifiedOf(owner.email)).toBe(true);
  });
});
