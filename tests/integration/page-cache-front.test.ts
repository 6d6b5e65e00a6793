/**
 * The page cache's front door, on PGlite and on PostgreSQL: a view answered by the Node
 * server before Express, with exactly the headers, encodings, 304s, HEADs, view counting and
 * log line that Express gives the same page; a first view rendered there too; and everything
 * else left to Express.
 */
import { randomUUID } from "node:crypto";
import http, { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const nodeEnvBefore = vi.hoisted(() => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  return before;
});
// A worker runs other files after this one (vitest.config.ts, isolate): they get their own.
afterAll(() => {
  if (nodeEnvBefore === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnvBefore;
});
import { publicPath, slugify } from "../../app/lib/slug";
import { viewTotals } from "../../app/server/analytics/page-view-reports.server";
import { createHttpApp, createRequestHandlers } from "../../app/server/http/http.server";
import { requestHostname, requestUrl } from "../../app/server/http/request-url.server";
import { addItem } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { serverBuild } from "../support/server-build";
import { createOrderingSite, MARGHERITA } from "../support/ordering-site";
import { createTestServices } from "../support/test-services";

const lines: string[] = [];
const captured = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });

let services: RunningServices;
/** The server as production runs it: the front door, then Express. */
let app: TestHttpApp;
/** The same app without the front door: every request through Express. */
let expressOnly: { url: string; server: Server };

beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false, logger: captured });
  const server = createServer(
    createHttpApp({ services, build: await serverBuild(), isAccepting: () => true }),
  ).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  expressOnly = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
});
afterAll(async () => {
  await new Promise((resolve) => expressOnly?.server.close(resolve));
  await app?.close();
  await services?.close();
});

async function restaurant(name: string) {
  const { userId } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  const added = await addItem(
    services.events,
    { id: created.productId, ownerUid: userId },
    { name: "Soup", priceCents: 650, diets: ["vegan"] },
  );
  if (!added.ok) throw new Error(added.reason);
  return {
    id: created.productId,
    path: publicPath("restaurant", slugify(name), created.productId),
  };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request, so that headers (Accept-Encoding among them) go exactly as given. */
function request(
  base: string,
  path: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** What describes the answer: every header but those of the moment and the connection. */
function describing(headers: IncomingHttpHeaders) {
  const { date, "x-request-id": requestId, connection, "keep-alive": keepAlive, ...rest } = headers;
  expect(date).toBeDefined();
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  void connection;
  void keepAlive;
  return rest;
}

const PHONE = {
  "user-agent":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
};

describe("a repeat view of a public page", () => {
  it("is answered before Express, with the very answer Express gives the same hit", async () => {
    const site = await restaurant("Front Door Diner");
    const first = await request(app.url, site.path);
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    // The cache makes a page's brotli copy when first asked for it, then again, smaller, on a
    // background thread: the two answers are compared once that copy is in place, so that they
    // are not taken on either side of it.
    await request(app.url, site.path, { headers: { "accept-encoding": "br" } });
    await services.pageCache.pages.refinedCopies();

    const cases: Array<{ method?: string; headers: Record<string, string> }> = [
      { headers: {} },
      { headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
      { headers: { "accept-encoding": "gzip" } },
      { headers: { "accept-encoding": "br;q=0, gzip;q=1" } },
      { method: "HEAD", headers: { "accept-encoding": "br" } },
    ];
    for (const { method, headers } of cases) {
      const label = `${method ?? "GET"} ${JSON.stringify(headers)}`;
      const answeredBefore = app.frontAnswers();
      const front = await request(app.url, site.path, { method, headers });
      expect(app.frontAnswers(), label).toBe(answeredBefore + 1);
      const behind = await request(expressOnly.url, site.path, { method, headers });
      expect(app.frontAnswers(), label).toBe(answeredBefore + 1);

      expect(front.status, label).toBe(200);
      expect(front.headers["x-page-cache"], label).toBe("hit");
      expect(describing(front.headers), label).toEqual(describing(behind.headers));
      expect(front.body.equals(behind.body), label).toBe(true);
    }

    // Each encoding is the page itself, with the security headers of a public page.
    const brotli = await request(app.url, site.path, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(first.body)).toBe(true);
    const gzip = await request(app.url, site.path, { headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(gzip.body).equals(first.body)).toBe(true);
    expect(brotli.headers["content-security-policy"]).toContain("script-src 'sha256-");
    expect(brotli.headers["x-content-type-options"]).toBe("nosniff");
    expect(brotli.headers.vary).toBe("Accept-Encoding");

    // A HEAD has the GET's headers and no body.
    const head = await request(app.url, site.path, { method: "HEAD" });
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(first.body.length));
  });

  it("of an order page is answered before Express, with the very answer Express gives", async () => {
    const site = await createOrderingSite(services, "Front Door Orders", [MARGHERITA]);
    expect((await request(app.url, site.orderPath)).headers["x-page-cache"]).toBe("miss");
    await request(app.url, site.orderPath, { headers: { "accept-encoding": "br" } });
    await services.pageCache.pages.refinedCopies();
    const encodings: Array<Record<string, string>> = [
      {},
      { "accept-encoding": "br" },
      { "accept-encoding": "gzip" },
    ];
    for (const headers of encodings) {
      const label = JSON.stringify(headers);
      const answeredBefore = app.frontAnswers();
      const front = await request(app.url, site.orderPath, { headers });
      expect(app.frontAnswers(), label).toBe(answeredBefore + 1);
      const behind = await request(expressOnly.url, site.orderPath, { headers });
      expect(front.headers["x-page-cache"], label).toBe("hit");
      expect(front.headers["cache-control"], label).toBe("private, no-store");
      expect(describing(front.headers), label).toEqual(describing(behind.headers));
      expect(front.body.equals(behind.body), label).toBe(true);
    }
  });

  it("gets a 304 for the tag the client holds, in any encoding", async () => {
    const site = await restaurant("Revalidated Diner");
    const plain = await request(app.url, site.path);
    const brotli = await request(app.url, site.path, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers["x-page-cache"]).toBe("hit");
    for (const tag of [plain.headers.etag!, brotli.headers.etag!, `W/${plain.headers.etag!}`]) {
      const before = app.frontAnswers();
      const front = await request(app.url, site.path, {
        headers: { "if-none-match": tag, "accept-encoding": "br" },
      });
      expect(app.frontAnswers(), tag).toBe(before + 1);
      expect(front.status, tag).toBe(304);
      expect(front.body.length, tag).toBe(0);
      const behind = await request(expressOnly.url, site.path, {
        headers: { "if-none-match": tag, "accept-encoding": "br" },
      });
      expect(describing(front.headers), tag).toEqual(describing(behind.headers));
    }
    const stale = await request(app.url, site.path, { headers: { "if-none-match": '"old"' } });
    expect(stale.status).toBe(200);
  });

  it("shares the entry of the query it reads, and keeps filters apart", async () => {
    const site = await restaurant("Filtered Diner");
    const plain = await request(app.url, site.path);
    const vegan = await request(app.url, `${site.path}?diet=vegan`);
    expect(vegan.headers["x-page-cache"]).toBe("miss");
    expect(vegan.body.equals(plain.body)).toBe(false);

    const before = app.frontAnswers();
    const tagged = await request(app.url, `${site.path}?utm_source=newsletter&fbclid=1`);
    const veganAgain = await request(app.url, `${site.path}?utm_source=x&diet=vegan`);
    expect(app.frontAnswers()).toBe(before + 2);
    expect(tagged.body.equals(plain.body)).toBe(true);
    expect(veganAgain.body.equals(vegan.body)).toBe(true);
  });

  it("counts a visitor's view, and logs the line Express would", async () => {
    const site = await restaurant("Counted At The Door");
    await request(app.url, site.path);
    await services.pageViews.flush();
    const before = await viewTotals(services.db, site.id, 2);

    const answeredBefore = app.frontAnswers();
    await request(app.url, `${site.path}?src=qr`, { headers: PHONE });
    await request(app.url, site.path, { headers: { ...PHONE, "x-request-id": "door-line-1" } });
    // Neither a HEAD nor a bot is a visitor's view.
    await request(app.url, site.path, { method: "HEAD", headers: PHONE });
    await request(app.url, site.path, { headers: { "user-agent": "Googlebot/2.1" } });
    expect(app.frontAnswers()).toBe(answeredBefore + 4);
    await services.pageViews.flush();
    const after = await viewTotals(services.db, site.id, 2);
    expect(after.views - before.views).toBe(2);
    expect(after.qr - before.qr).toBe(1);
    expect(after.phone - before.phone).toBe(2);

    const raw = lines.find((line) => line.includes('"reqId":"door-line-1"'));
    expect(raw).toBeDefined();
    const line = JSON.parse(raw!) as Record<string, unknown>;
    expect(line).toMatchObject({
      req: { method: "GET", path: site.path, route: "public-page" },
      res: { status: 200 },
    });
    expect(line.msg).toMatch(new RegExp(`^GET ${site.path} 200 \\d+ ms$`));
  });
});

describe("a first view of a public page", () => {
  it("is rendered before Express, and stored: the answer its hits repeat", async () => {
    const site = await restaurant("First Sight Diner");
    const before = app.frontAnswers();
    const requestId = randomUUID();
    const headers = { "accept-encoding": "br", ...PHONE, "x-request-id": requestId };
    await services.pageViews.flush();
    const viewsBefore = await viewTotals(services.db, site.id, 2);

    const first = await request(app.url, `${site.path}?utm_source=flyer`, { headers });
    expect(app.frontAnswers()).toBe(before + 1);
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    // The cache makes its brotli copy again, smaller, on a background thread: hits send that
    // copy once it is in place, which may be before the next view. Waited for, so this holds
    // whichever comes first: the hit is the same page with the same headers, in fewer bytes.
    await services.pageCache.pages.refinedCopies();
    const again = await request(app.url, site.path, { headers });
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(brotliDecompressSync(again.body).equals(brotliDecompressSync(first.body))).toBe(true);
    expect(again.body.length).toBeLessThanOrEqual(first.body.length);
    const { "x-page-cache": missed, ...firstHeaders } = describing(first.headers);
    const { "x-page-cache": hit, ...againHeaders } = describing(again.headers);
    expect([missed, hit]).toEqual(["miss", "hit"]);
    expect({ ...firstHeaders, "content-length": undefined }).toEqual({
      ...againHeaders,
      "content-length": undefined,
    });
    expect(Number(againHeaders["content-length"])).toBe(again.body.length);
    expect(brotliDecompressSync(first.body).toString()).toContain("First Sight Diner");

    await services.pageViews.flush();
    const viewsAfter = await viewTotals(services.db, site.id, 2);
    expect(viewsAfter.views - viewsBefore.views).toBe(2);
    const line = lines.find((entry) => entry.includes(`"reqId":"${requestId}"`));
    expect(JSON.parse(line!)).toMatchObject({
      req: { method: "GET", path: site.path, route: "public-page" },
      res: { status: 200 },
    });
  });

  it("goes on to Express when it is no page: a stale slug's redirect, a 404", async () => {
    const site = await restaurant("Renamed Diner");
    const before = app.frontAnswers();
    const stale = await request(app.url, site.path.replace("renamed-diner", "old-name"));
    expect(stale.status).toBe(301);
    expect(stale.headers.location).toBe(site.path);
    const gone = await request(app.url, site.path.replace(site.id, "A".repeat(site.id.length)));
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toContain("<!DOCTYPE html>");
    expect(gone.headers["x-page-cache"]).toBeUndefined();
    expect(app.frontAnswers()).toBe(before);
  });
});

describe("what the front door leaves to Express", () => {
  it("is every request that is not a plain view of a public page", async () => {
    const site = await restaurant("Long Way Diner");
    // Its first view, rendered at the door.
    expect((await request(app.url, site.path)).headers["x-page-cache"]).toBe("miss");
    const before = app.frontAnswers();
    // A request with a body, which Express's limits judge.
    const body = "x".repeat(2_000_000);
    const withBody = await request(app.url, site.path, {
      headers: { "content-type": "text/plain", "content-length": String(body.length) },
      body,
    });
    expect(withBody.status).toBe(413);
    // A form post, another path, a path written another way, a page's data.
    const posted = await request(app.url, site.path, { method: "POST", body: "" });
    expect(posted.status).not.toBe(200);
    expect((await request(app.url, "/")).status).toBe(200);
    expect((await request(app.url, site.path.replace("/r/", "/r/./"))).status).toBe(200);
    expect(app.frontAnswers()).toBe(before);
    // The same page, plainly asked for, is a hit at the door.
    expect((await request(app.url, site.path)).headers["x-page-cache"]).toBe("hit");
    expect(app.frontAnswers()).toBe(before + 1);
  });

  it("is every request while the server shuts down, so that each closes its connection", async () => {
    const site = await restaurant("Closing Time Diner");
    await request(app.url, site.path);
    let accepting = true;
    const { front, app: express } = createRequestHandlers({
      services,
      build: await serverBuild(),
      isAccepting: () => accepting,
    });
    let answered = 0;
    const server = createServer((req, res) => {
      if (front(req, res, () => void express(req, res))) answered += 1;
      else express(req, res);
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await request(url, site.path)).headers["x-page-cache"]).toBe("hit");
      expect(answered).toBe(1);
      accepting = false;
      const closing = await request(url, site.path);
      expect(closing.status).toBe(200);
      expect(closing.headers.connection).toBe("close");
      expect(answered).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the host a request names", () => {
  const req = (headers: IncomingHttpHeaders) => ({ headers }) as http.IncomingMessage;

  it("is read as Express reads it", () => {
    expect(requestHostname(req({ host: "example.com:8080" }), 0)).toBe("example.com");
    expect(requestHostname(req({ host: "[::1]:3000" }), 0)).toBe("[::1]");
    expect(requestHostname(req({}), 0)).toBeUndefined();
    // A proxy's X-Forwarded-Host only when proxies are trusted.
    const proxied = req({ host: "10.0.0.5:3000", "x-forwarded-host": "menu.cafe.com, other" });
    expect(requestHostname(proxied, 0)).toBe("10.0.0.5");
    expect(requestHostname(proxied, 1)).toBe("menu.cafe.com");
  });

  it("makes the address a page is rendered for, as Express's request gives it", () => {
    const plain = { headers: { host: "localhost:3000" }, socket: {}, url: "/r/a-b?x=1" };
    expect(requestUrl(plain as unknown as http.IncomingMessage, 0).href).toBe(
      "http://localhost:3000/r/a-b?x=1",
    );
    const proxied = {
      headers: {
        host: "10.0.0.5:3000",
        "x-forwarded-host": "menu.cafe.com",
        "x-forwarded-proto": "https, http",
      },
      socket: {},
      url: "/",
    } as unknown as http.IncomingMessage;
    expect(requestUrl(proxied, 1).href).toBe("https://menu.cafe.com:3000/");
    expect(requestUrl(proxied, 0).href).toBe("http://10.0.0.5:3000/");
    const secure = { headers: { host: "example.com" }, socket: { encrypted: true }, url: "/s" };
    expect(requestUrl(secure as unknown as http.IncomingMessage, 0, "/e/x").href).toBe(
      "https://example.com/e/x",
    );
  });
});
