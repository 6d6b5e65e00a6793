/**
 * Answers given before a request's body was read: a write over the owner's limit (429), a
 * body over its route's bound (413) or without a length (411), a post without a session
 * (401), from another site (403), of something that is not a form (415), a form with more
 * fields than any of ours (413, its reader stopping partway). Each is sent a large body by
 * Node's fetch, whose pool keeps connections alive, and the same client's next requests must
 * be answered: never ECONNRESET, never a socket closed under a request (the connection must
 * be left drained and alive, or closed cleanly after the answer).
 */
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../app/lib/messages";
import { createProduct } from "../../app/server/repositories/products.server";
import { registerOwner } from "../support/auth-helpers";
import { useTestApp } from "../support/http-app";

const WRITES = 3;
const running = useTestApp({ writeLimits: { writes: WRITES, uploads: WRITES } });

const oneMegabyte = "x".repeat(1024 * 1024);
const ROUNDS = 3;

async function ownerWithRestaurant() {
  const { cookie, userId } = await registerOwner(running.services);
  const created = await createProduct(running.services.events, userId, {
    type: "restaurant",
    name: "Early Diner",
  });
  if (!created.ok) throw new Error(created.reason);
  return { cookie, editor: `${running.app.url}/user/restaurant/setup/${created.productId}` };
}

/** An Add Item whose name is a megabyte, as a script (or a paste gone wrong) would post it. */
function addItemWithLongName(): FormData {
  const form = new FormData();
  form.set("intent", "add-item");
  form.set("name", oneMegabyte);
  form.set("price", "9.50");
  return form;
}

/** Sends a request, reads its answer, then makes sure the same client's next requests work. */
async function refusedThenServed(
  send: () => Promise<Response>,
  expected: { status: number; text?: RegExp },
) {
  for (let round = 0; round < ROUNDS; round++) {
    const refused = await send();
    expect(refused.status).toBe(expected.status);
    const text = await refused.text();
    if (expected.text) expect(text).toMatch(expected.text);
    // The next requests go out on the pool the refused one came from.
    for (let next = 0; next < 2; next++) {
      const served = await fetch(`${running.app.url}/healthz`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe("ok");
    }
  }
}

describe("an answer before the body leaves the client's connection usable", () => {
  it("429: an editor's post with a 1 MB name past the owner's write limit", async () => {
    const { cookie, editor } = await ownerWithRestaurant();
    for (let i = 0; i < WRITES; i++) {
      const small = new URLSearchParams({ intent: "toggle-star", itemId: "none" });
      await (await fetch(editor, { method: "POST", body: small, headers: { cookie } })).text();
    }
    await refusedThenServed(
      () => fetch(editor, { method: "POST", body: addItemWithLongName(), headers: { cookie } }),
      { status: 429, text: /Too many changes in a short time/ },
    );
  });

  it("429: an editor's price of 100 KB past the owner's write limit", async () => {
    const { cookie, editor } = await ownerWithRestaurant();
    for (let i = 0; i < WRITES; i++) {
      const small = new URLSearchParams({ intent: "toggle-star", itemId: "none" });
      await (await fetch(editor, { method: "POST", body: small, headers: { cookie } })).text();
    }
    const price = new URLSearchParams({
      intent: "update-price",
      itemId: "none",
      price: "9".repeat(100 * 1024),
    });
    await refusedThenServed(
      () => fetch(editor, { method: "POST", body: price, headers: { cookie } }),
      { status: 429 },
    );
  });

  it("401: an editor's post without a session", async () => {
    const { editor } = await ownerWithRestaurant();
    await refusedThenServed(() => fetch(editor, { method: "POST", body: addItemWithLongName() }), {
      status: 401,
    });
  });

  it("403: an editor's post from another site", async () => {
    const { cookie, editor } = await ownerWithRestaurant();
    await refusedThenServed(
      () =>
        fetch(editor, {
          method: "POST",
          body: addItemWithLongName(),
          headers: { cookie, origin: "https://elsewhere.example" },
        }),
      { status: 403, text: /only be sent from this site/ },
    );
  });

  it("413: a sign-in form of 1 MB", async () => {
    await refusedThenServed(
      () =>
        fetch(`${running.app.url}/signin`, {
          method: "POST",
          body: new URLSearchParams({ email: oneMegabyte }),
        }),
      { status: 413, text: /too large/i },
    );
  });

  it("411: a sign-in form of 1 MB sent in chunks, without a length", async () => {
    await refusedThenServed(
      () =>
        fetch(`${running.app.url}/signin`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new Blob([`email=${oneMegabyte}`]).stream(),
          duplex: "half",
        } as RequestInit),
      { status: 411, text: new RegExp(MESSAGES.formLengthRequired) },
    );
  });

  it("415: an editor's post of 1 MB that is not a form", async () => {
    const { cookie, editor } = await ownerWithRestaurant();
    await refusedThenServed(
      () =>
        fetch(editor, {
          method: "POST",
          body: oneMegabyte,
          headers: { cookie, "content-type": "text/plain" },
        }),
      { status: 415, text: /Send this as a web form/ },
    );
  });

  it("413: an editor's form with more fields than any of ours, then 1 MB more", async () => {
    const { cookie, editor } = await ownerWithRestaurant();
    const form = () => {
      const fields = new FormData();
      for (let i = 0; i < 400; i++) fields.append(`f${i}`, "x");
      fields.set("padding", oneMegabyte);
      return fields;
    };
    await refusedThenServed(
      () => fetch(editor, { method: "POST", body: form(), headers: { cookie } }),
      { status: 413 },
    );
  });

  it("keeps the connection alive when the whole body had arrived", async () => {
    const { editor } = await ownerWithRestaurant();
    const refused = await fetch(editor, {
      method: "POST",
      body: new URLSearchParams({ intent: "toggle-star", itemId: "none" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("connection")).toBe("keep-alive");
    await refused.text();
    expect((await fetch(`${running.app.url}/healthz`)).status).toBe(200);
  });
});
