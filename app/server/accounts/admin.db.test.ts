import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newOwner, registerOwner, requestFrom } from "../../../tests/support/auth-helpers";
import { createTestServices } from "../../../tests/support/test-services";
import { MESSAGES } from "~/lib/messages";
import {
  AdminError,
  createUser,
  deleteUser,
  listUsers,
  setMaxProducts,
  setStatus,
} from "./admin.server";
import { postToAuthRouter } from "./auth-forms.server";
import { sessions, users } from "../db/schema";
import { createProduct } from "../repositories/products.server";
import type { RunningServices } from "../runtime/services.server";

let services: RunningServices;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("admin commands", () => {
  it("creates a user who can sign in, and refuses a duplicate or a bad value", async () => {
    const owner = newOwner("admin");
    await createUser(services, owner);
    const signIn = await postToAuthRouter(services, requestFrom("10.50.0.1"), "/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.ok).toBe(true);
    await expect(createUser(services, owner)).rejects.toThrow(/already exists/);
    await expect(createUser(services, { ...newOwner(), password: "short" })).rejects.toThrow(
      AdminError,
    );
    await expect(createUser(services, { ...newOwner(), email: "nope" })).rejects.toThrow(
      "Please enter a valid email address.",
    );
  });

  it("refuses a common password and the email as the password", async () => {
    const common = newOwner("admin");
    await expect(createUser(services, { ...common, password: "Qwerty123456" })).rejects.toThrow(
      new AdminError(MESSAGES.passwordTooCommon),
    );
    const own = newOwner("admin");
    await expect(
      createUser(services, { ...own, password: ` ${own.email.toUpperCase()} ` }),
    ).rejects.toThrow(new AdminError(MESSAGES.passwordIsEmail));
    for (const email of [common.email, own.email]) {
      expect(await services.db.query.users.findFirst({ where: eq(users.email, email) })).toBe(
        undefined,
      );
    }
  });

  it("sets status and the product limit, which the create rules then follow", async () => {
    const { owner, userId } = await registerOwner(services);
    await setStatus(services, owner.email, "suspended");
    expect(
      await createProduct(services.events, userId, { type: "shoppy", name: "x" }),
    ).toMatchObject({
      ok: false,
      reason: "status-not-valid",
    });
    await setStatus(services, owner.email, "VALID");
    await setMaxProducts(services, owner.email, "1");
    expect((await createProduct(services.events, userId, { type: "shoppy", name: "a" })).ok).toBe(
      true,
    );
    expect(
      await createProduct(services.events, userId, { type: "shoppy", name: "b" }),
    ).toMatchObject({
      reason: "limit-reached",
    });
    const listed = (await listUsers(services)).find((row) => row.email === owner.email);
    expect(listed).toMatchObject({ status: "VALID", maxProduct: 1, products: 1 });
  });

  it.each([
    [
      "set-status",
      () => setStatus(services, "ghost@example.com", "valid"),
      /No user with the email/,
    ],
    ["status value", () => setStatus(services, "ghost@example.com", "two words"), /Invalid status/],
    ["limit value", () => setMaxProducts(services, "ghost@example.com", "-1"), /Invalid number/],
    ["limit value", () => setMaxProducts(services, "ghost@example.com", "2.5"), /Invalid number/],
    ["delete", () => deleteUser(services, "ghost@example.com"), /No user with the email/],
  ])("refuses a bad %s clearly", async (_label, run, message) => {
    await expect(run()).rejects.toThrow(message);
  });

  it("deletes a user with their products, files and sessions", async () => {
    const { owner, userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "restaurant",
      name: "Gone soon",
    });
    if (!created.ok) throw new Error(created.reason);
    await services.storage.put(
      `restaurants/${created.productId}/info/logo`,
      new Uint8Array([1]),
      "image/jpeg",
    );

    expect(await deleteUser(services, owner.email)).toEqual({ products: 1 });
    expect(
      await services.db.query.users.findFirst({ where: eq(users.id, userId) }),
    ).toBeUndefined();
    expect(
      await services.db.query.sessions.findFirst({ where: eq(sessions.userId, userId) }),
    ).toBeUndefined();
    expect(await services.storage.list(`restaurants/${created.productId}`)).toEqual([]);
  });
});
