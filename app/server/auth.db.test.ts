import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOwner, registerOwner, requestFrom } from "../../tests/support/auth-helpers";
import { createTestServices } from "../../tests/support/test-services";
import { postToAuthRouter } from "./auth-forms.server";
import { SIGN_IN_RATE_LIMIT } from "./auth.server";
import { users } from "./db/schema";
import type { RunningServices } from "./services.server";

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

  it("refuses a duplicate email with a recognisable code", async () => {
    const { owner } = await registerOwner(services);
    const again = await postToAuthRouter(services, requestFrom("10.0.2.1"), "/sign-up/email", {
      name: "someone else",
      email: owner.email,
      password: "another long password",
    });
    expect(again.ok).toBe(false);
    expect(again.ok ? "" : again.code).toMatch(/^USER_ALREADY_EXISTS/);
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

  it("refuses sign-up when registration is closed", async () => {
    const closed = await createTestServices({ registrationOpen: false });
    try {
      const owner = newOwner();
      const result = await postToAuthRouter(closed, requestFrom("10.0.4.1"), "/sign-up/email", {
        name: owner.username,
        email: owner.email,
        password: owner.password,
      });
      expect(result.ok).toBe(false);
    } finally {
      await closed.close();
    }
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
