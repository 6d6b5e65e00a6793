/**
 * `npm run admin` as an operator runs it: a separate process on the same
 * database (PGlite data directory, or the test's PostgreSQL database).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import * as createRoute from "../../app/routes/portal/create";
import { findUserIdByEmail } from "../../app/server/accounts/accounts.server";
import { loadEnv } from "../../app/server/runtime/env.server";
import { startServices, type RunningServices } from "../../app/server/runtime/services.server";
import { fillDataDirWithTemplate } from "../support/child-portal";
import { createDatabaseFromTemplate } from "../support/postgres-admin";
import { callRoute, ownerFor } from "../support/route-call";

const target = inject("testDatabase");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-admin-cli-"));
let env: Record<string, string> = { DATA_DIR: dataDir };
let dropDatabase = async () => {};

beforeAll(async () => {
  await fillDataDirWithTemplate(dataDir);
  if (target.kind === "postgres") {
    const copy = await createDatabaseFromTemplate(target.adminUrl, target.templateName);
    env = { ...env, DATABASE_URL: copy.url };
    dropDatabase = () => copy.drop();
  }
});
afterAll(() => dropDatabase());

function admin(args: string[], input?: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    input,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

/**
 * Each start of the command loads the app and opens the database: on two busy cores one
 * start may take most of Vitest's default 30 seconds, so a test allows that much per start.
 */
const startsOf = (starts: number) => ({ timeout: starts * 30_000 });

/** Opens the same database as the CLI did (after it exited, so PGlite's lock is free). */
async function withServices<T>(task: (services: RunningServices) => Promise<T>): Promise<T> {
  const services = await startServices(loadEnv(env), "the admin CLI test");
  try {
    return await task(services);
  } finally {
    await services.close();
  }
}

describe("npm run admin", () => {
  it("creates a user with a generated or piped password, and lists users", startsOf(4), () => {
    const generated = admin(["create-user", "ops@example.com", "ops"]);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(/^Created ops@example.com with the password: \S{20,}$/);

    const piped = admin(["create-user", "piped@example.com", "piped"], "a password from a pipe\n");
    expect(piped).toMatchObject({ code: 0, stdout: "Created piped@example.com." });

    const common = admin(["create-user", "weak@example.com", "weak"], "qwerty123456\n");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain(MESSAGES.passwordTooCommon);

    const listed = admin(["list-users"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("ops@example.com\tops\tstatus=valid\tmax=3\tproducts=0");
    expect(listed.stdout).toContain("piped@example.com\tpiped");
    expect(listed.stdout).not.toContain("weak@example.com");
  });

  it("refuses a password of spaces alone, saying what would do", () => {
    const spaces = admin(["create-user", "spaces@example.com", "spaces"], `${" ".repeat(12)}\n`);
    expect(spaces.code).toBe(1);
    expect(spaces.stderr).toContain(MESSAGES.passwordTooGuessable);
  });

  it("suspends an account so that creating is refused with the spec's message", async () => {
    expect(admin(["set-status", "ops@example.com", "suspended"]).code).toBe(0);
    await withServices(async (services) => {
      const userId = (await findUserIdByEmail(services.db, "ops@example.com"))!;
      const outcome = await callRoute(createRoute.action, {
        services,
        owner: ownerFor(userId),
        form: { type: "restaurant", name: "Blocked" },
      });
      expect(outcome.body).toMatchObject({ error: { "": [MESSAGES.statusNotValid] } });
    });
  });

  it(
    "answers bad input with one clear line and exit code 1, and a bad command with the usage",
    startsOf(3),
    () => {
      expect(admin(["set-status", "ghost@example.com", "valid"])).toMatchObject({
        code: 1,
        stderr: "No user with the email ghost@example.com.",
      });
      expect(admin(["set-max-products", "ops@example.com", "lots"])).toMatchObject({
        code: 1,
        stderr: 'Invalid number "lots": use a whole number from 0 to 1000.',
      });
      const usage = admin(["frobnicate"]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("Unknown command: frobnicate");
      expect(usage.stderr).toContain("set-max-products <email> <n>");
    },
  );

  it("deletes a user", startsOf(2), () => {
    expect(admin(["delete-user", "piped@example.com"])).toMatchObject({
      code: 0,
      stdout: "Deleted piped@example.com and 0 sites.",
    });
    expect(admin(["list-users"]).stdout).not.toContain("piped@example.com");
  });
});
