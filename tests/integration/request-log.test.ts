/**
 * The line per request: what it holds, the request id it shares with the answer, and what
 * it must never hold (passwords, cookies, tokens in a query string).
 */
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "../../app/entry.server";
import { logger } from "../../app/server/http/log.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { newOwner, registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createTestServices } from "../support/test-services";

type LogLine = Record<string, unknown> & { msg: string; req?: Record<string, unknown> };

const lines: string[] = [];
const captured = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });

let services: RunningServices;
let app: TestHttpApp;
beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false, logger: captured });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** The line logged for the request whose answer carried `requestId`. */
async function lineFor(requestId: string): Promise<{ raw: string; line: LogLine }> {
  // The line is written when the answer ends, which may follow the body by a moment.
  await expect.poll(() => lines.some((raw) => raw.includes(`"reqId":"${requestId}"`))).toBe(true);
  const raw = lines.find((each) => each.includes(`"reqId":"${requestId}"`))!;
  return { raw, line: JSON.parse(raw) as LogLine };
}

describe("the request log", () => {
  it("logs a sign-in with its method, route, status and duration, and no secret", async () => {
    const owner = newOwner("logged");
    const { cookie } = await registerOwner(services, owner);
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).not.toBe("");

    const { raw, line } = await lineFor(response.headers.get("x-request-id")!);
    expect(line).toMatchObject({
      level: 30,
      req: { method: "POST", path: "/api/auth/sign-in/email", route: "auth-api" },
      res: { status: 200 },
    });
    expect(line.msg).toMatch(/^POST \/api\/auth\/sign-in\/email 200 \d+ ms$/);
    expect(typeof line.responseTime).toBe("number");
    for (const secret of [
      owner.password,
      cookie.split("=")[1]!,
      setCookie.split(";")[0]!.split("=")[1]!,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw.toLowerCase()).not.toContain("cookie");
  });

  it("leaves out the query string, where reset and confirmation tokens travel", async () => {
    const token = "ResetTokenThatMustNotBeLogged123";
    const response = await fetch(`${app.url}/reset-password?token=${token}`);
    const { raw, line } = await lineFor(response.headers.get("x-request-id")!);
    expect(line.req).toMatchObject({ method: "GET", path: "/reset-password", route: "page" });
    expect(raw).not.toContain(token);
  });

  it("keeps the X-Request-Id a proxy sent, and answers with it; anything else gets a new one", async () => {
    const kept = await fetch(`${app.url}/healthz-missing`, {
      headers: { "x-request-id": "edge-7f3a.42" },
    });
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a.42");
    expect((await lineFor("edge-7f3a.42")).line.res).toMatchObject({ status: 404 });

    const replaced = await fetch(`${app.url}/`, {
      headers: { "x-request-id": "two words;" + "x".repeat(200) },
    });
    const id = replaced.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await lineFor(id)).line.req).toMatchObject({ path: "/", route: "page" });
  });
});

describe("errors React Router meets", () => {
  it("are logged once, with the request's id; an abandoned request is not an error", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const error = new Error("the database went away");
      const request = new Request("http://localhost/user", { headers: { "x-request-id": "r-1" } });
      handleError(error, { request, params: {}, context: undefined as never });
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith({ err: error, reqId: "r-1" }, "unexpected error");

      const abandoned = new AbortController();
      abandoned.abort();
      handleError(error, {
        request: new Request("http://localhost/user", { signal: abandoned.signal }),
        params: {},
        context: undefined as never,
      });
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });
});
