/**
 * The sign-in route's action, called as React Router calls it, on a real
 * database: what a visitor gets back for each kind of outcome.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context";
import { MESSAGES } from "../../app/lib/messages";
import { action } from "../../app/routes/auth/signin";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner, requestFrom } from "../support/auth-helpers";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let owner: Awaited<ReturnType<typeof registerOwner>>["owner"];

beforeAll(async () => {
  services = await createTestServices();
  ({ owner } = await registerOwner(services));
});
afterAll(() => services.close());

let addressCounter = 0;
async function postSignIn(target: RunningServices, form: Record<string, string>) {
  addressCounter += 1;
  const context = new RouterContextProvider();
  context.set(servicesContext, target);
  const request = requestFrom(`10.77.0.${addressCounter}`, {
    method: "POST",
    body: new URLSearchParams(form),
  });
  try {
    const result = await action({ request, context, params: {} } as never);
    return {
      result: result as { data: { error?: Record<string, string[]> }; init: { status: number } },
    };
  } catch (thrown) {
    return { thrown: thrown as Response };
  }
}

describe("sign-in action", () => {
  it("redirects to the remembered page with the session cookie", async () => {
    const { thrown } = await postSignIn(services, {
      email: owner.email,
      password: owner.password,
      redirectTo: "/user/info",
    });
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("location")).toBe("/user/info");
    expect(thrown?.headers.get("set-cookie")).toMatch(/session_token=.+HttpOnly/i);
  });

  it("ignores a redirect to another site", async () => {
    const { thrown } = await postSignIn(services, {
      email: owner.email,
      password: owner.password,
      redirectTo: "//evil.example/",
    });
    expect(thrown?.headers.get("location")).toBe("/user");
  });

  it("answers the form's own messages before asking the auth layer", async () => {
    const { result } = await postSignIn(services, { email: "", password: "" });
    expect(result?.init.status).toBe(400);
    expect(result?.data.error).toMatchObject({
      email: [MESSAGES.emailRequired],
      password: [MESSAGES.passwordRequired],
    });
  });

  it("shows the provider's message for wrong credentials", async () => {
    const { result } = await postSignIn(services, {
      email: owner.email,
      password: "wrong but long",
    });
    expect(result?.init.status).toBe(401);
    expect(result?.data.error?.[""]).toEqual(["Invalid email or password"]);
  });

  it("says 'Sign in failed' when the session layer fails", async () => {
    const broken = await createTestServices();
    await broken.database.close();
    try {
      const { result } = await postSignIn(broken, { email: owner.email, password: owner.password });
      expect(result?.init.status).toBe(500);
      expect(result?.data.error?.[""]).toEqual([MESSAGES.signInFailed]);
    } finally {
      await broken.close();
    }
  });
});
