import { readFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { MESSAGES } from "../../app/lib/messages";
import { expect, test } from "./fixtures";

test("an unknown path shows 'Page not found' with 404 in the site layout", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: MESSAGES.pageNotFound })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Site" })).toBeVisible();
});

test("every route of the spec answers", async ({ request }) => {
  for (const [path, status] of [
    ["/", 200],
    ["/product/restaurant", 200],
    ["/product/teleporter", 404],
    ["/signin", 200],
    ["/register", 200],
    ["/r/nothing-here123", 404],
    ["/s/nothing-here123", 404],
    ["/d/nothing-here123", 404],
    ["/e/nothing-here123", 404],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
  }
  for (const path of [
    "/user",
    "/user/products",
    "/user/info",
    "/user/create",
    "/user/restaurant/setup/abc",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toBe(`/signin?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("public not-found pages use the spec's words", async ({ page }) => {
  for (const [path, texts] of [
    ["/r/gone-abc123", [MESSAGES.restaurantNotFound]],
    ["/s/gone-abc123", [MESSAGES.shopNotFound]],
    ["/d/gone-abc123", [MESSAGES.dealershipNotFound, MESSAGES.linkMayBeIncorrect]],
    ["/e/gone-abc123", [MESSAGES.storeNotFound, MESSAGES.linkMayBeIncorrect]],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    for (const text of texts) await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});

test("health and readiness probes answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.text()).toBe("ready");
});

test("a page without JavaScript carries its styles inline; one that hydrates links them", async ({
  page,
}) => {
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
  });
  for (const path of ["/", "/signin"]) {
    await page.goto(path);
    expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0);
    expect(await page.locator("head style").count(), path).toBeGreaterThan(0);
    // Styled as before: the foundation's font comes from the inlined sheets.
    await expect(page.locator("body")).toHaveCSS("font-family", /system-ui/);
  }
  expect(stylesheetRequests).toEqual([]);
  await page.goto("/register");
  expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
});

test("built assets are cached for a year as immutable", async ({ page, request }) => {
  // The registration page hydrates, so its stylesheets stay files the browser keeps.
  await page.goto("/register");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/assets/does-not-exist.js")).status()).toBe(404);
});

/** One GET with this Accept-Encoding, its body as sent (not decoded). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              encoding: response.headers["content-encoding"],
              vary: response.headers.vary,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

test("built scripts are sent as the build compressed them: brotli, else gzip, else plain", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get("/register")).text();
  const entry = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const file = join("build/client", entry!);
  const url = `${baseURL}${entry}`;

  const plain = await rawGet(url, "identity");
  expect(plain.encoding).toBeUndefined();
  expect(plain.body.equals(readFileSync(file))).toBe(true);

  const brotli = await rawGet(url, "gzip, deflate, br");
  expect(brotli.encoding).toBe("br");
  expect(brotli.vary).toMatch(/Accept-Encoding/i);
  // The very bytes written at build time, not compressed again per request.
  expect(brotli.body.equals(readFileSync(`${file}.br`))).toBe(true);
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

  const gzip = await rawGet(url, "gzip");
  expect(gzip.encoding).toBe("gzip");
  expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
});

test("a client cannot choose its own address for the rate limit", async ({ request }) => {
  // The header our server uses internally is overwritten, whatever the client sends.
  for (let i = 0; i < 4; i++) {
    const response = await request.post("/signin", {
      form: { email: "nobody@example.com", password: "wrong password" },
      headers: { "x-portal-client-address": `192.0.2.${i + 1}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(i < 3 ? 401 : 429);
  }
});

test("a form posted from another site is refused before any action runs", async ({ request }) => {
  const response = await request.post("/signin", {
    form: { email: "demo@example.com", password: "demo-password-2026" },
    headers: { origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("sign-in and portal pages cannot be framed by other sites", async ({ request }) => {
  const signin = await request.get("/signin");
  expect(signin.headers()["x-frame-options"]).toBe("DENY");
  expect(signin.headers()["x-content-type-options"]).toBe("nosniff");
});
