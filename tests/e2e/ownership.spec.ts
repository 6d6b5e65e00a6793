/**
 * The ownership matrix: every portal loader and action, called over HTTP by
 * the owner, by a second owner and by an anonymous visitor. The other two get
 * nothing of the owner's data and change nothing.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { MESSAGES } from "../../app/lib/messages";
import { expect, test, uniqueOwner } from "./fixtures";

let addressCounter = 0;
async function visitor(baseURL: string) {
  addressCounter += 1;
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `10.201.${test.info().workerIndex}.${addressCounter}` },
  });
}

async function registeredOwner(baseURL: string) {
  const context = await visitor(baseURL);
  const owner = uniqueOwner("matrix");
  const response = await context.post("/register", { form: owner, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return { context, owner };
}

async function createSiteOver(context: APIRequestContext, type: string, name: string) {
  const response = await context.post("/user/create", { form: { type, name }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = response.headers()["location"]!;
  return { editor: location, id: location.split("/").pop()! };
}

async function cookieHeader(context: APIRequestContext) {
  const { cookies } = await context.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Reads a live-update stream for `ms` milliseconds and returns what arrived. */
async function readEvents(
  baseURL: string,
  cookie: string,
  ms: number,
  during: () => Promise<void>,
) {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/user/events`, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    } catch {
      // aborted
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await during();
  await new Promise((resolve) => setTimeout(resolve, ms));
  controller.abort();
  await reading;
  return text;
}

test("a second owner and an anonymous visitor get nothing of an owner's data", async ({
  baseURL,
}) => {
  const first = await registeredOwner(baseURL!);
  const second = await registeredOwner(baseURL!);
  const anonymous = await visitor(baseURL!);
  const site = await createSiteOver(first.context, "restaurant", "Private Kitchen");
  const secret = [site.id, "Private Kitchen", first.owner.email];

  // The owner sees it.
  for (const path of ["/user", "/user/info", site.editor]) {
    const response = await first.context.get(path);
    expect(response.status(), path).toBe(200);
  }
  expect(await (await first.context.get("/user")).text()).toContain("Private Kitchen");

  // A second owner: their own pages show none of it; the editor is 404 like an unknown id.
  for (const path of [
    "/user",
    "/user/products",
    "/user/info",
    "/user/create",
    "/user.data",
    "/user/info.data",
  ]) {
    const body = await (await second.context.get(path)).text();
    for (const value of secret) expect(body, path).not.toContain(value);
  }
  for (const path of [
    site.editor,
    site.editor.replace("/restaurant/", "/shoppy/"),
    `${site.editor}.data`,
  ]) {
    const response = await second.context.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const body = await response.text();
    expect(body).toContain(MESSAGES.invalidProduct);
    expect(body).not.toContain("Private Kitchen");
  }
  const unknown = await second.context.get("/user/restaurant/setup/Unknown0000000000000");
  expect(unknown.status()).toBe(404);

  // Anonymous: every page goes to sign-in, every write is refused.
  for (const path of ["/user", "/user/info", "/user/create", site.editor, "/user/events"]) {
    const response = await anonymous.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toMatch(/^\/signin\?redirectTo=/);
  }
  for (const path of ["/user/create", `/user/delete/${site.id}`, `/user/link-shared/${site.id}`]) {
    const response = await anonymous.post(path, {
      form: { type: "shoppy", name: "x" },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(401);
    expect(await response.text()).toContain(MESSAGES.pleaseSignIn);
  }

  // Writes by the second owner change nothing.
  const refusedSave = await second.context.post(site.editor, {
    form: { intent: "save-info", name: "Hijacked" },
    maxRedirects: 0,
  });
  expect(refusedSave.status()).toBe(404);
  const anonymousSave = await anonymous.post(site.editor, {
    form: { intent: "save-info", name: "Hijacked" },
    maxRedirects: 0,
  });
  expect(anonymousSave.status()).toBe(401);
  const refusedDelete = await second.context.post(`/user/delete/${site.id}`, { maxRedirects: 0 });
  expect(refusedDelete.status()).toBe(404);
  const refusedShare = await second.context.post(`/user/link-shared/${site.id}`, {
    maxRedirects: 0,
  });
  expect(refusedShare.status()).toBe(404);
  expect(await (await first.context.get(site.editor)).text()).toContain("Private Kitchen");
  expect(await (await first.context.get(site.editor)).text()).not.toContain("Hijacked");
  expect(await (await first.context.get("/user")).text()).toContain("Using 1/3");
  expect(await (await second.context.get("/user")).text()).toContain("Using 0/3");

  // The owner's own delete works.
  const deleted = await first.context.post(`/user/delete/${site.id}`, { maxRedirects: 0 });
  expect(deleted.status()).toBe(302);
  expect((await first.context.get(site.editor)).status()).toBe(404);

  await Promise.all([first.context.dispose(), second.context.dispose(), anonymous.dispose()]);
});

for (const type of ["restaurant", "shoppy"] as const) {
  test(`every item action of the ${type} editor refuses a second owner and an anonymous visitor`, async ({
    baseURL,
  }) => {
    const first = await registeredOwner(baseURL!);
    const second = await registeredOwner(baseURL!);
    const anonymous = await visitor(baseURL!);
    const site = await createSiteOver(first.context, type, "Guarded Place");
    const added = await first.context.post(site.editor, {
      form: { intent: "add-item", name: "House Special", price: "21.50", category: "Mains" },
    });
    expect(added.status()).toBe(200);
    const page = await (await first.context.get(site.editor)).text();
    const itemId = /name="itemId" value="([A-Za-z0-9]{20})"/.exec(page)![1]!;

    const writes: Array<Record<string, string>> = [
      { intent: "add-item", name: "Intruder", price: "1" },
      { intent: "update-price", itemId, price: "0.01" },
      { intent: "toggle-star", itemId, value: "true" },
      { intent: "update-item", itemId, name: "Hijacked", price: "1" },
      { intent: "delete-item", itemId },
      { intent: "save-info", name: "Hijacked" },
      ...(type === "restaurant" ? [{ intent: "set-category-order", order: "Mains" }] : []),
      ...(type === "shoppy"
        ? [
            { intent: "toggle-sold-out", itemId, value: "true" },
            { intent: "move-image", itemId, index: "0", move: "later" },
            { intent: "remove-image", itemId, index: "0" },
          ]
        : []),
    ];
    for (const form of writes) {
      const refused = await second.context.post(site.editor, { form, maxRedirects: 0 });
      expect(refused.status(), `second owner ${form["intent"]}`).toBe(404);
      expect(await refused.text()).not.toContain("House Special");
      const anonymousWrite = await anonymous.post(site.editor, { form, maxRedirects: 0 });
      expect(anonymousWrite.status(), `anonymous ${form["intent"]}`).toBe(401);
    }
    const upload = await second.context.post(`/user/upload/${site.id}`, {
      multipart: { target: type === "shoppy" ? "item-images" : "item-image", itemId },
      headers: { accept: "application/json" },
      maxRedirects: 0,
    });
    expect(upload.status()).toBe(404);
    for (const path of [`${site.editor}?tab=items`, `${site.editor}.data`]) {
      const read = await second.context.get(path, { maxRedirects: 0 });
      expect(read.status(), path).toBe(404);
      expect(await read.text()).not.toContain("House Special");
      const anonymousRead = await anonymous.get(path, { maxRedirects: 0 });
      // A data request learns of the redirect to sign-in in its body (202), a page by a 302.
      expect(anonymousRead.status(), path).toBe(path.endsWith(".data") ? 202 : 302);
      expect(await anonymousRead.text()).not.toContain("House Special");
    }

    const after = await (await first.context.get(site.editor)).text();
    expect(after).toContain("House Special");
    expect(after).toContain('value="21.50"');
    expect(after).not.toContain("Intruder");
    expect(after).not.toContain("Hijacked");
    expect(after).toContain('aria-pressed="false"');

    await Promise.all([first.context.dispose(), second.context.dispose(), anonymous.dispose()]);
  });
}

test("the live-update stream carries only the signed-in owner's events", async ({ baseURL }) => {
  const first = await registeredOwner(baseURL!);
  const second = await registeredOwner(baseURL!);
  const [firstCookie, secondCookie] = await Promise.all([
    cookieHeader(first.context),
    cookieHeader(second.context),
  ]);

  let firstEvents = "";
  const secondEvents = await readEvents(baseURL!, secondCookie, 800, async () => {
    firstEvents = await readEvents(baseURL!, firstCookie, 800, async () => {
      await createSiteOver(first.context, "shoppy", "Only Mine");
    });
  });
  expect(firstEvents).toContain("event: products-changed");
  expect(secondEvents).not.toContain("products-changed");
  expect(secondEvents).toContain(": connected");

  await Promise.all([first.context.dispose(), second.context.dispose()]);
});
