/**
 * The register route's action, called as React Router calls it, on a real
 * database: the password rules land on the password field, and an existing
 * email gets the same kind of answer as any other refusal.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "../../app/context";
import { MESSAGES } from "../../app/lib/messages";
import { action } from "../../app/routes/auth/register";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { newOwner, registerOwner, requestFrom } from "../support/auth-helpers";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

type Reply = {
  data: { error?: Record<string, string[] | undefined>; initialValue?: Record<string, unknown> };
  init: { status: number };
};

let addressCounter = 0;
async function postRegister(form: Record<string, string>) {
  addressCounter += 1;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = requestFrom(`10.78.0.${addressCounter}`, {
    url: "http://localhost:3999/register",
    method: "POST",
    body: new URLSearchParams(form),
  });
  try {
    return { result: (await action({ request, context, params: {} } as never)) as Reply };
  } catch (thrown) {
    return { thrown: thrown as Response };
  }
}

describe("register action", () => {
  it("shows a common password's refusal on the password field and keeps no password", async () => {
    const owner = newOwner();
    const { result } = await postRegister({ ...owner, password: "Qwerty123456" });
    expect(result?.init.status).toBe(400);
    expect(result?.data.error).toEqual({ password: [MESSAGES.passwordTooCommon] });
    expect(result?.data.initialValue?.password).toBeUndefined();
  });

  it("shows a guessable password's refusal, with what would do, on the password field", async () => {
    const { result } = await postRegister({ ...newOwner(), password: "password1234" });
    expect(result?.init.status).toBe(400);
    expect(result?.data.error).toEqual({ password: [MESSAGES.passwordTooGuessable] });
    expect(MESSAGES.passwordTooGuessable).toContain("A few unrelated words work well");
  });

  it("shows the email-as-password refusal on the password field", async () => {
    const owner = newOwner();
    const { result } = await postRegister({ ...owner, password: owner.email.toUpperCase() });
    expect(result?.init.status).toBe(400);
    expect(result?.data.error).toMatchObject({ password: [MESSAGES.passwordIsEmail] });
  });

  it("answers an existing email like other refusals, without saying it exists", async () => {
    const { owner } = await registerOwner(services);
    const { result } = await postRegister({
      username: "someone else",
      email: owner.email,
      password: "another long password",
    });
    expect(result?.init.status).toBe(400);
    expect(result?.data.error).toEqual({ "": [MESSAGES.registrationRefused] });
    expect(JSON.stringify(result?.data)).not.toMatch(/exist/i);
  });

  it("creates the account and signs in with a good password", async () => {
    const { thrown } = await postRegister(newOwner());
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("location")).toBe("/user");
    expect(thrown?.headers.get("set-cookie")).toMatch(/session_token=/);
  });

  it("goes on to create the product the owner came from", async () => {
    for (const product of ["restaurant", "shoppy"]) {
      const { thrown } = await postRegister({ ...newOwner(), product });
      expect(thrown?.status).toBe(302);
      expect(thrown?.headers.get("location")).toBe(`/user/create?type=${product}`);
      expect(thrown?.headers.get("set-cookie")).toMatch(/session_token=/);
    }
  });

  it("ignores a product it may not start with, and never redirects off the site", async () => {
    for (const product of [
      "dealership",
      "coming-soon",
      "https://evil.example",
      "//evil.example",
      "/user/delete/x",
    ]) {
      const { thrown } = await postRegister({ ...newOwner(), product });
      expect(thrown?.status, product).toBe(302);
      expect(thrown?.headers.get("location"), product).toBe("/user");
    }
  });
});
