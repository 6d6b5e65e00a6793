/**
 * Forgot password end to end on a real database and a real SMTP server: the mail,
 * the single-use and expiring link, the same answer for unknown addresses, the
 * rate limits, and the sessions that end.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import * as forgotRoute from "../../app/routes/auth/forgot-password";
import * as resetRoute from "../../app/routes/auth/reset-password";
import * as signinRoute from "../../app/routes/auth/signin";
import { PASSWORD_RESET_REQUEST_LIMIT } from "../../app/server/accounts/auth.server";
import { PASSWORD_RESET_MAIL_LIMIT } from "../../app/server/mail/mail-limits.server";
import { postToAuthRouter } from "../../app/server/accounts/auth-forms.server";
import { sessions, verifications } from "../../app/server/db/schema";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { newOwner, registerOwner, requestFrom } from "../support/auth-helpers";
import { freshAddress, postForm, runRoute } from "../support/public-route";
import { startSmtpInbox, type SmtpInbox } from "../support/smtp-inbox";
import { createTestServices } from "../support/test-services";

let inbox: SmtpInbox;
let services: RunningServices;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  services = await createTestServices({
    mail: { transport: "smtp", smtpUrl: inbox.url, from: "Site Builder <no-reply@portal.test>" },
  });
});
afterAll(async () => {
  await services?.close();
  await inbox?.close();
});

const run = (fn: (args: never) => unknown, request: Request, on: RunningServices = services) =>
  runRoute(on, fn, request);
const post = postForm;

const askForReset = (email: string, address?: string) =>
  run(forgotRoute.action, post("/forgot-password", { email }, address));

const setPassword = (token: string, password: string, confirmPassword = password) =>
  run(resetRoute.action, post("/reset-password", { token, password, confirmPassword }));

const signIn = (email: string, password: string) =>
  postToAuthRouter(services, requestFrom(freshAddress()), "/sign-in/email", { email, password });

/** The token in a reset mail's link, after checking the link and both parts of the mail. */
async function resetTokenMailedTo(email: string): Promise<string> {
  const mail = await inbox.take(email);
  expect(mail.subject).toBe("Reset your Site Builder password");
  expect(mail.from).toContain("no-reply@portal.test");
  const link = /http:\/\/localhost:3999\/reset-password\?token=([\w-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(`href="${link![0]}"`);
  expect(mail.html).toContain("Site Builder");
  return link![1]!;
}

describe("forgot password", () => {
  it("mails a link that sets a new password once, and ends every session", async () => {
    const { owner, userId } = await registerOwner(services);
    // A second browser, signed in before the reset.
    expect((await signIn(owner.email, owner.password)).ok).toBe(true);

    expect(await askForReset(owner.email)).toMatchObject({ status: 200, body: { sent: true } });
    const token = await resetTokenMailedTo(owner.email);

    const page = await run(
      resetRoute.loader,
      requestFrom(freshAddress(), { url: `http://localhost:3999/reset-password?token=${token}` }),
    );
    expect(page.body).toEqual({ token });

    const newPassword = "a brand new passphrase";
    expect(await setPassword(token, newPassword)).toMatchObject({
      status: 302,
      location: "/signin?reset=done",
    });
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual(
      [],
    );
    expect((await signIn(owner.email, owner.password)).ok).toBe(false);
    expect((await signIn(owner.email, newPassword)).ok).toBe(true);

    // The link works once.
    const again = await setPassword(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(MESSAGES.resetLinkInvalid);
    expect((await signIn(owner.email, newPassword)).ok).toBe(true);
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const unknown = newOwner("nobody").email;
    const answer = await askForReset(unknown);
    expect(answer).toEqual({ status: 200, body: { sent: true }, location: null });
    expect(await inbox.nothingFor(unknown)).toBe(true);
  });

  it("refuses a link after its hour, and says so before a password is typed", async () => {
    const { owner } = await registerOwner(services);
    await askForReset(owner.email);
    const token = await resetTokenMailedTo(owner.email);
    await services.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const page = await run(
      resetRoute.loader,
      requestFrom(freshAddress(), { url: `http://localhost:3999/reset-password?token=${token}` }),
    );
    expect(page.body).toEqual({ token: null });
    const refused = await setPassword(token, "a brand new passphrase");
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.resetLinkInvalid);
    expect((await signIn(owner.email, owner.password)).ok).toBe(true);
  });

  it("holds a new password to registration's rules and keeps the link usable", async () => {
    const { owner } = await registerOwner(services);
    await askForReset(owner.email);
    const token = await resetTokenMailedTo(owner.email);

    const short = await setPassword(token, "short");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(MESSAGES.passwordTooShort);
    const common = await setPassword(token, "Qwerty123456");
    expect(common.status).toBe(400);
    expect(JSON.stringify(common.body)).toContain(MESSAGES.passwordTooCommon);
    const guessable = await setPassword(token, "qwertyuiopas");
    expect(guessable.status).toBe(400);
    expect(JSON.stringify(guessable.body)).toContain(MESSAGES.passwordTooGuessable);
    const mismatch = await setPassword(token, "a brand new passphrase", "another passphrase");
    expect(JSON.stringify(mismatch.body)).toContain(MESSAGES.passwordsDoNotMatch);
    const garbage = await setPassword("not a token!", "a brand new passphrase");
    expect(garbage.status).toBe(400);

    expect((await setPassword(token, "a brand new passphrase")).status).toBe(302);
  });

  it("mails one address at most a few times an hour, from wherever it is asked", async () => {
    const { owner } = await registerOwner(services);
    const asks = PASSWORD_RESET_MAIL_LIMIT.max + 2;
    for (let i = 0; i < asks; i += 1) {
      expect(await askForReset(owner.email)).toMatchObject({ body: { sent: true } });
    }
    for (let i = 0; i < PASSWORD_RESET_MAIL_LIMIT.max; i += 1) await inbox.take(owner.email);
    expect(await inbox.nothingFor(owner.email)).toBe(true);
  });

  it("limits the requests from one client address", async () => {
    const address = freshAddress();
    for (let i = 0; i < PASSWORD_RESET_REQUEST_LIMIT.max; i += 1) {
      expect((await askForReset(newOwner("limited").email, address)).status).toBe(200);
    }
    const refused = await askForReset(newOwner("limited").email, address);
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(MESSAGES.resetTooManyRequests);
  });

  it("offers the link on the sign-in page, and the notice after a reset", async () => {
    const signin = await run(
      signinRoute.loader,
      requestFrom(freshAddress(), { url: "http://localhost:3999/signin?reset=done" }),
    );
    expect(signin.body).toMatchObject({ canResetPassword: true, passwordReset: true });
  });
});

describe("with MAIL=off", () => {
  it("has no forgot-password or reset page, and no link to them", async () => {
    const off = await createTestServices({ mail: { transport: "off" } });
    try {
      const at = (path: string) =>
        requestFrom(freshAddress(), { url: `http://localhost:3999${path}` });
      expect((await run(forgotRoute.loader, at("/forgot-password"), off)).status).toBe(404);
      expect((await run(resetRoute.loader, at("/reset-password?token=x"), off)).status).toBe(404);
      expect(
        (await run(forgotRoute.action, post("/forgot-password", { email: "a@b.co" }), off)).status,
      ).toBe(404);
      expect((await run(signinRoute.loader, at("/signin"), off)).body).toMatchObject({
        canResetPassword: false,
      });
    } finally {
      await off.close();
    }
  });
});
