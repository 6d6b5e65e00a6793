import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOwner, registerOwner, requestFrom } from "../../../tests/support/auth-helpers";
import { createTestServices } from "../../../tests/support/test-services";
import { MESSAGES } from "~/lib/messages";
import { createOwnerAccount } from "./accounts.server";
import { postToAuthRouter } from "./auth-forms.server";
import { AUTH_REFUSAL_CODES, CLIENT_ADDRESS_HEADER, SIGN_IN_RATE_LIMIT } from "./auth.server";
import { users } from "../db/schema";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("registration", () => {
  it("creates an owner profile with status valid and max_product 3", async () => {
    const { userId, owner } = await registerOwner(services);
    const [row] = await services.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email: owner.email,
      name: owner.username,
      status: "valid",
      maxProduct: 3,
    });
    expect(row!.id).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it("ignores status and max_product sent by the client", async () => {
    const owner = newOwner();
    const result = await postToAuthRouter(services, requestFrom("10.0.1.1"), "/sign-up/email", {
      name: owner.username,
      email: owner.email,
      password: owner.password,
      status: "admin",
      maxProduct: 99,
    });
    // Fields marked input: false are dropped; the account gets the defaults.
    expect(result.ok).toBe(true);
    const [row] = await services.db.select().from(users).where(eq(users.email, owner.email));
    expect(row).toMatchObject({ status: "valid", maxProduct: 3 });
  });

  it("refuses an existing email without saying that it exists, and keeps the account", async () => {
    const { owner } = await registerOwner(services);
    const again = await postToAuthRouter(services, requestFrom("10.0.2.1"), "/sign-up/email", {
      name: "someone else",
      email: owner.email.toUpperCase(),
      password: "another long password",
    });
    expect(again).toEqual({
      ok: false,
      status: 400,
      code: AUTH_REFUSAL_CODES.registrationRefused,
      message: MESSAGES.registrationRefused,
    });
    // The same status as a refusal that has nothing to do with the email.
    const fresh = newOwner();
    const weak = await postToAuthRouter(services, requestFrom("10.0.2.2"), "/sign-up/email", {
      name: fresh.username,
      email: fresh.email,
      password: "qwerty123456",
    });
    expect(weak).toMatchObject({ ok: false, status: 400 });

    const signIn = await postToAuthRouter(services, requestFrom("10.0.2.3"), "/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.ok).toBe(true);
  });

  it("gives an existing email the same answer as a new one to every other refusal", async () => {
    const { owner } = await registerOwner(services);
    const cases = [
      { name: "ok name", password: "short" },
      { name: "ok name", password: "1q2w3e4r5t6y" },
      { name: "x".repeat(65), password: "a long enough password" },
    ];
    for (const [index, body] of cases.entries()) {
      const answers = [];
      for (const email of [owner.email, newOwner().email]) {
        const result = await postToAuthRouter(
          services,
          requestFrom(`10.0.6.${index * 2 + answers.length + 1}`),
          "/sign-up/email",
          { ...body, email },
        );
        answers.push(result);
      }
      expect(answers[0], JSON.stringify(body)).toEqual(answers[1]);
      expect(answers[0]!.ok).toBe(false);
    }
  });

  it("enforces 12 to 128 characters for passwords on the server", async () => {
    for (const password of ["elevenchars", "x".repeat(129)]) {
      const owner = newOwner();
      const result = await postToAuthRouter(services, requestFrom("10.0.3.1"), "/sign-up/email", {
        name: owner.username,
        email: owner.email,
        password,
      });
      expect(result.ok).toBe(false);
    }
  });

  it("applies the username rule to better-auth's own sign-up endpoint", async () => {
    for (const name of ["   ", "x".repeat(65)]) {
      const owner = newOwner();
      const result = await postToAuthRouter(services, requestFrom("10.0.5.1"), "/sign-up/email", {
        name,
        email: owner.email,
        password: owner.password,
      });
      expect(result.ok).toBe(false);
      const [row] = await services.db.select().from(users).where(eq(users.email, owner.email));
      expect(row).toBeUndefined();
    }
    const owner = newOwner();
    const trimmed = await postToAuthRouter(services, requestFrom("10.0.5.2"), "/sign-up/email", {
      name: `  ${owner.username}  `,
      email: owner.email,
      password: owner.password,
    });
    expect(trimmed.ok).toBe(true);
    const [row] = await services.db.select().from(users).where(eq(users.email, owner.email));
    expect(row!.name).toBe(owner.username);
  });

  it("refuses sign-up when registration is closed, the same way for an existing email", async () => {
    const closed = await createTestServices({ registrationOpen: false });
    try {
      const existing = newOwner();
      await createOwnerAccount(closed.auth, existing);
      const answers = [];
      for (const [index, owner] of [newOwner(), existing].entries()) {
        answers.push(
          await postToAuthRouter(closed, requestFrom(`10.0.4.${index + 1}`), "/sign-up/email", {
            name: owner.username,
            email: owner.email,
            password: owner.password,
          }),
        );
      }
      expect(answers[0]!.ok).toBe(false);
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      await closed.close();
    }
  });
});

/** A POST to better-auth's HTTP router, as any client could send it. */
async function postToAuthApi(path: string, body: unknown, cookie?: string, address = "10.3.0.1") {
  const headers = new Headers({
    "content-type": "application/json",
    origin: services.env.publicUrl,
    [CLIENT_ADDRESS_HEADER]: address,
  });
  if (cookie) headers.set("cookie", cookie);
  const response = await services.auth.handler(
    new Request(`${services.env.publicUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function canSignIn(email: string, password: string, address: string) {
  const result = await postToAuthRouter(services, requestFrom(address), "/sign-in/email", {
    email,
    password,
  });
  return result.ok;
}

describe("password rules on better-auth's own endpoints", () => {
  const tooCommon = {
    code: AUTH_REFUSAL_CODES.passwordTooCommon,
    message: MESSAGES.passwordTooCommon,
  };
  const isEmail = { code: AUTH_REFUSAL_CODES.passwordIsEmail, message: MESSAGES.passwordIsEmail };
  const tooGuessable = {
    code: AUTH_REFUSAL_CODES.passwordTooGuessable,
    message: MESSAGES.passwordTooGuessable,
  };

  it("sign-up refuses a common password and the email, and accepts a good one", async () => {
    const refusals = [
      ["Qwerty123456", tooCommon],
      ["  LEAVEMEALONE", tooCommon],
      ["aaaaaaaaaaaa", tooGuessable],
      ["qwertyuiopas", tooGuessable],
      [null, isEmail],
    ] as const;
    for (const [index, [password, expected]] of refusals.entries()) {
      const owner = newOwner();
      const answer = await postToAuthApi(
        "/sign-up/email",
        {
          name: owner.username,
          email: owner.email,
          password: password ?? ` ${owner.email.toUpperCase()} `,
        },
        undefined,
        `10.3.1.${index + 1}`,
      );
      expect(answer).toEqual({ status: 400, body: expected });
      expect(await services.db.query.users.findFirst({ where: eq(users.email, owner.email) })).toBe(
        undefined,
      );
    }

    const owner = newOwner();
    const accepted = await postToAuthApi(
      "/sign-up/email",
      { name: owner.username, email: owner.email, password: "tulip quarry 1987 lantern" },
      undefined,
      "10.3.1.9",
    );
    expect(accepted.status).toBe(200);
  });

  it("leaves a short common password to the length rule", async () => {
    const owner = newOwner();
    const answer = await postToAuthApi(
      "/sign-up/email",
      { name: owner.username, email: owner.email, password: "password" },
      undefined,
      "10.3.2.1",
    );
    expect(answer).toMatchObject({ status: 400, body: { code: "PASSWORD_TOO_SHORT" } });
  });

  it("change-password refuses a common password and the email, and accepts a good one", async () => {
    const { owner, cookie } = await registerOwner(services);
    const change = (newPassword: string) =>
      postToAuthApi(
        "/change-password",
        { currentPassword: owner.password, newPassword },
        cookie,
        "10.3.3.1",
      );

    expect(await change("123qweasdzxc")).toEqual({ status: 400, body: tooCommon });
    expect(await change(owner.email)).toEqual({ status: 400, body: isEmail });
    const guessable = await postToAuthApi(
      "/change-password",
      { currentPassword: owner.password, newPassword: "123456789012" },
      cookie,
      "10.3.3.4",
    );
    expect(guessable).toEqual({ status: 400, body: tooGuessable });
    expect(await canSignIn(owner.email, owner.password, "10.3.3.2")).toBe(true);

    expect((await change("a brand new passphrase")).status).toBe(200);
    expect(await canSignIn(owner.email, "a brand new passphrase", "10.3.3.3")).toBe(true);
  });

  it("change-password without a session is refused, common password or not", async () => {
    const answer = (newPassword: string) =>
      postToAuthApi("/change-password", { currentPassword: "whatever it was", newPassword });
    // The common-password rule needs no account, so it may answer first.
    expect(await answer("qwerty123456")).toEqual({ status: 400, body: tooCommon });
    expect((await answer("a good new passphrase")).status).toBe(401);
  });

  it("reset-password refuses a common password and the email, and accepts a good one", async () => {
    const { owner, userId } = await registerOwner(services);
    const ctx = await services.auth.$context;
    const token = `reset-token-${userId}`;
    // What a reset email would carry; password reset emails are not configured.
    await ctx.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = (newPassword: string) =>
      postToAuthApi("/reset-password", { token, newPassword }, undefined, "10.3.4.1");

    expect(await reset("1qaz2wsx3edc")).toEqual({ status: 400, body: tooCommon });
    expect(await reset(owner.email.toUpperCase())).toEqual({ status: 400, body: isEmail });
    expect(await reset("abcabcabcabc")).toEqual({ status: 400, body: tooGuessable });
    expect((await reset("another brand new passphrase")).status).toBe(200);
    expect(await canSignIn(owner.email, "another brand new passphrase", "10.3.4.2")).toBe(true);
  });
});

describe("sign-in", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const { owner } = await registerOwner(services);
    const result = await postToAuthRouter(services, requestFrom("10.1.0.1"), "/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(result.ok).toBe(true);
    const cookie = result.ok ? result.setCookies.find((c) => c.includes("session_token")) : "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("marks the cookie Secure when the public URL is https", async () => {
    const secure = await createTestServices({ publicUrl: "https://portal.example" });
    try {
      const { owner } = await registerOwner(secure);
      const result = await postToAuthRouter(secure, requestFrom("10.1.1.1"), "/sign-in/email", {
        email: owner.email,
        password: owner.password,
      });
      expect(result.ok && result.setCookies.join("\n")).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });

  it("gives the provider's message for a wrong password", async () => {
    const { owner } = await registerOwner(services);
    const result = await postToAuthRouter(services, requestFrom("10.1.2.1"), "/sign-in/email", {
      email: owner.email,
      password: "not the password at all",
    });
    expect(result).toMatchObject({ ok: false, status: 401, message: "Invalid email or password" });
  });

  it(`refuses attempt ${SIGN_IN_RATE_LIMIT.max + 1} within ${SIGN_IN_RATE_LIMIT.window} s from one address, not from another`, async () => {
    const { owner } = await registerOwner(services);
    const attempt = (address: string, password: string) =>
      postToAuthRouter(services, requestFrom(address), "/sign-in/email", {
        email: owner.email,
        password,
      });

    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) {
      expect((await attempt("10.2.0.1", "wrong password here")).ok).toBe(false);
    }
    const refused = await attempt("10.2.0.1", owner.password);
    expect(refused).toMatchObject({ ok: false, status: 429 });

    const other = await attempt("10.2.0.2", owner.password);
    expect(other.ok).toBe(true);
  });
});
