/**
 * An upload posted without JavaScript that fails comes back to the editor with
 * its reason, carried by a signed cookie that is shown once. The address
 * carries no message, so a link cannot put words into the editor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
let session: string;
let editor: string;
let uploadPath: string;

beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
  const owner = await registerOwner(services);
  session = owner.cookie;
  const created = await createProduct(services.events, owner.userId, {
    type: "restaurant",
    name: "Flash Diner",
  });
  if (!created.ok) throw new Error(created.reason);
  editor = `/user/restaurant/setup/${created.productId}`;
  uploadPath = `/user/upload/${created.productId}`;
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

/** The editor's page as the owner sees it, with extra cookies. */
async function editorPage(path: string, cookies: string[] = []) {
  const response = await fetch(new URL(path, app.url), {
    headers: { cookie: [session, ...cookies].join("; ") },
  });
  return { response, html: await response.text() };
}

/** "name=value" of the flash cookie a response sets. */
function flashCookieOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("portal_flash="));
  return cookie ? cookie.split(";")[0]! : null;
}

describe("a failed upload without JavaScript", () => {
  it("returns to the editor's tab and shows its reason once", async () => {
    const form = new FormData();
    form.set("target", "logo");
    // No file chosen.
    const answer = await fetch(new URL(uploadPath, app.url), {
      method: "POST",
      body: form,
      headers: { cookie: session },
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${editor}?tab=info`);
    const flash = flashCookieOf(answer);
    expect(flash).not.toBeNull();
    expect(answer.headers.get("set-cookie")).toMatch(/HttpOnly/i);

    const first = await editorPage(`${editor}?tab=info`, [flash!]);
    expect(first.html).toContain(MESSAGES.chooseImage);
    // Shown once: the page clears it.
    expect(flashCookieOf(first.response)).toBe("portal_flash=");

    const again = await editorPage(`${editor}?tab=info`);
    expect(again.html).not.toContain(MESSAGES.chooseImage);
  });

  it("shows nothing from the address, nor from a cookie it did not sign", async () => {
    const fromLink = await editorPage(`${editor}?upload-error=Your+account+is+suspended`);
    expect(fromLink.html).not.toContain("Your account is suspended");

    const forged = `portal_flash=${encodeURIComponent(btoa(JSON.stringify("Call us now")))}`;
    const fromForgery = await editorPage(editor, [forged]);
    expect(fromForgery.response.status).toBe(200);
    expect(fromForgery.html).not.toContain("Call us now");
  });
});
