/**
 * Every form action of the portal, sent what no form of ours sends: other
 * content types, broken multipart bodies, bodies and part headers too large,
 * thousands of fields, sparse list indexes, NUL characters, Conform's reserved
 * fields with garbage. Each must be answered with a 4xx, and the server must
 * stay responsive right after: /healthz answers in under 100 ms.
 *
 * Signed-in routes get the owner's session, so that the refusal comes from
 * reading the body and not from the sign-in guard in front of it.
 *
 * The customer's order page and an order's status page are sent broken carts, unknown
 * items, impossible quantities, times and keys, a filled honeypot, bad tokens and posts
 * from another site: each is refused (4xx, or the form again with the reason), never 5xx,
 * and no order is written.
 */
import http from "node:http";
import net from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/i18n/words/en";
import { MESSAGES } from "../../app/lib/messages";
import { CART_TEXT_MAX_LENGTH, formatCart, MAX_ORDER_LINES } from "../../app/lib/order-cart";
import { HONEYPOT_FIELD } from "../../app/lib/order-form";
import { MAX_PRICE_CENTS } from "../../app/lib/price";
import { orders } from "../../app/server/db/schema";
import { MAX_UPLOAD_REQUEST_BYTES } from "../../app/server/images/upload-form.server";
import { placeOrder } from "../../app/server/orders/place-order.server";
import { listItems } from "../../app/server/repositories/items.server";
import { createProduct, listOwnerProducts } from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import {
  createOrderingSite,
  LEMONADE,
  MARGHERITA,
  ORDERING_CLOCK,
  orderingSlots,
} from "../support/ordering-site";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** The session of whoever owns each site (an owner has at most 3). */
const sites: Record<string, { id: string; cookie: string; userId: string }> = {};

/** Wednesday 2 December 2026, noon in New York, where the restaurant taking orders is open. */
const ORDER_CLOCK = new Date(ORDERING_CLOCK);
const ORDER_SETTINGS = { delivery: true };
/** A restaurant that takes orders: its order page, items, a valid cart and time, one order. */
const ordering = {
  siteId: "",
  orderPath: "",
  pizza: "",
  drink: "",
  gold: "",
  cart: "",
  slot: 0,
  /** The token of the order placed in beforeAll: its status page exists. */
  token: "",
};

/** A restaurant of a third owner, open every day and taking orders, with one order placed. */
async function setUpOrdering() {
  const site = await createOrderingSite(
    services,
    "Hostile Pizza",
    [MARGHERITA, LEMONADE, { name: "Gold bar", priceCents: MAX_PRICE_CENTS }],
    ORDER_SETTINGS,
  );
  const siteId = site.productId;
  const pizza = site.ids["Margherita"]!;
  const drink = site.ids["Lemonade"]!;
  const gold = site.ids["Gold bar"]!;
  const cartLines = [
    { itemId: pizza, quantity: 1, choiceIds: ["Lg1"] },
    { itemId: drink, quantity: 2, choiceIds: [] },
  ];
  const [first] = orderingSlots(site.settings);
  const placed = await placeOrder(
    services.events,
    siteId,
    {
      cartLines,
      placeKey: "hostileSetupOrder0000001",
      fulfilment: "pickup",
      slot: first!.start,
      name: "Ada",
      phone: "+1 555 0101",
      email: "",
      address: "",
      note: "",
      language: "en",
    },
    ORDER_CLOCK.getTime(),
  );
  if (!placed.placed) throw new Error(placed.message);
  Object.assign(ordering, {
    siteId,
    orderPath: site.orderPath,
    pizza,
    drink,
    gold,
    cart: formatCart(cartLines),
    slot: first!.start,
    token: placed.token,
  });
}

async function orderCount(): Promise<number> {
  const [row] = await services.db.select({ value: count() }).from(orders);
  return row!.value;
}

beforeAll(async () => {
  services = await createTestServices({ publicPagesClock: ORDER_CLOCK });
  app = await startHttpApp(services, { countRenders: false });
  const first = await registerOwner(services);
  const second = await registerOwner(services);
  for (const [type, owner] of [
    ["restaurant", first],
    ["shoppy", first],
    ["dealership", first],
    ["ecommerce", second],
  ] as const) {
    const created = await createProduct(services.events, owner.userId, { type, name: type });
    if (!created.ok) throw new Error(created.reason);
    sites[type] = { id: created.productId, cookie: owner.cookie, userId: owner.userId };
  }
  await setUpOrdering();
  // The probe's connection is opened here, so that each probe below times the server alone.
  await healthzMilliseconds();
});
afterAll(async () => {
  agent.destroy();
  await app?.close();
  await services?.close();
});

interface RawRequest {
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Declared length larger than what is sent: the server must answer without waiting for it. */
  declaredLength?: number;
  chunked?: boolean;
}

/** Sends exactly the given bytes (no client-side fixing up) and resolves with the answer. */
function send(request: RawRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.path, app.url);
    const body = request.body ?? "";
    const headers: Record<string, string | number> = { ...request.headers };
    if (request.chunked) headers["transfer-encoding"] = "chunked";
    else headers["content-length"] = request.declaredLength ?? Buffer.byteLength(body);
    const outgoing = http.request(url, { method: "POST", headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on("error", reject);
    });
    // The server may refuse and close before the body is sent whole; the answer still counts.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (request.chunked) {
      outgoing.write(body);
      outgoing.end();
    } else {
      outgoing.end(body);
    }
  });
}

/**
 * A stall, not speed: hostile input that keeps the event loop busy (a regular expression
 * that backtracks, a parse that never ends) holds every answer for seconds. A healthy server
 * on a busy CI host can still take a few hundred milliseconds to answer, so the tests allow
 * STALL_MS.
 */
const STALL_MS = 1_000;

function healthzMilliseconds(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(new URL("/healthz", app.url), { agent }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`healthz ${response.statusCode}`));
          else resolve(performance.now() - started);
        });
      })
      .on("error", reject);
  });
}

const URLENCODED = "application/x-www-form-urlencoded";
const BOUNDARY = "----hostile";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function multipartBody(parts: string[]): string {
  return parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join("") + `--${BOUNDARY}--\r\n`;
}

function manyFields(count: number): string {
  return Array.from({ length: count }, (_, i) => `f${i}=${i}`).join("&");
}

/** Every text field any of our forms has, with a NUL inside. */
const NUL_FIELDS = [
  "email",
  "password",
  "username",
  "name",
  "message",
  "type",
  "intent",
  "itemId",
  "price",
  "category",
  "description",
  "phone",
  "address",
  "target",
]
  .map((field) => `${field}=a%00b`)
  .join("&");

const SHAPES: Record<string, Omit<RawRequest, "path">> = {
  "JSON body": { headers: { "content-type": "application/json" }, body: "{}" },
  "JSON with form fields": {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "a@b.co", password: "x", name: "x", type: "restaurant" }),
  },
  "text/plain": { headers: { "content-type": "text/plain" }, body: "email=a@b.co&password=x" },
  XML: { headers: { "content-type": "application/xml" }, body: '<?xml version="1.0"?><a/>' },
  "no content type": { body: "email=a%40b.co&password=x" },
  "multipart without a boundary": {
    headers: { "content-type": "multipart/form-data" },
    body: "email=a",
  },
  "truncated multipart": {
    headers: { "content-type": MULTIPART },
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co`,
  },
  "a 20 KB part header": {
    headers: { "content-type": MULTIPART },
    body: multipartBody([
      `Content-Disposition: form-data; name="email"\r\nX-Padding: ${"p".repeat(20_000)}\r\n\r\na`,
    ]),
  },
  "2,000 fields": { headers: { "content-type": URLENCODED }, body: manyFields(2000) },
  "2,000 multipart parts": {
    headers: { "content-type": MULTIPART },
    body: multipartBody(
      Array.from(
        { length: 2000 },
        (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\n1`,
      ),
    ),
  },
  "sparse list indexes": {
    headers: { "content-type": URLENCODED },
    body: "redirectTo%5B99999999%5D=1&x%5B3000000%5D=1&hours%5B99999999%5D.open=1",
  },
  "NUL in every text field": { headers: { "content-type": URLENCODED }, body: NUL_FIELDS },
  "10,000 option choices": {
    headers: { "content-type": URLENCODED },
    body:
      "intent=add-item&name=Pizza&price=8&optionsShown=on&options%5B0%5D.name=Size" +
      "&options%5B0%5D.min=1&options%5B0%5D.max=1" +
      Array.from({ length: 10_000 }, (_, i) => `&options%5B0%5D.choices%5B${i}%5D.name=c${i}`).join(
        "",
      ),
  },
  "NUL in an option's name": {
    headers: { "content-type": URLENCODED },
    body:
      "intent=add-item&name=Pizza&price=8&optionsShown=on&options%5B0%5D.name=Si%00ze" +
      "&options%5B0%5D.min=1&options%5B0%5D.max=1&options%5B0%5D.choices%5B0%5D.name=S",
  },
  "Conform intent that is not JSON": {
    headers: { "content-type": URLENCODED },
    body: "__intent__=%7Bnot-json&email=a%40b.co",
  },
  "Conform state that is not JSON": {
    headers: { "content-type": URLENCODED },
    body: "__state__=%5B%5B%5B&email=a%40b.co",
  },
  "Conform list intent on a sparse index": {
    headers: { "content-type": URLENCODED },
    body:
      "__intent__=" +
      encodeURIComponent(
        JSON.stringify({ type: "update", payload: { name: "x[99999999]", value: "1" } }),
      ),
  },
  "a 1 MB body": {
    headers: { "content-type": URLENCODED },
    body: `a=${"x".repeat(1024 * 1024)}`,
  },
  "100 MB declared, 64 KB sent": {
    headers: { "content-type": URLENCODED },
    body: `a=${"x".repeat(64 * 1024)}`,
    declaredLength: 100 * 1024 * 1024,
  },
  "a chunked body of unknown length": {
    headers: { "content-type": URLENCODED },
    body: "email=a%40b.co&password=x",
    chunked: true,
  },
};

/** The form actions, with the session of the site's owner where the route needs one. */
function formActions(): Array<{ label: string; path: string; headers?: Record<string, string> }> {
  const asOwnerOf = (type: string) => ({ cookie: sites[type]!.cookie });
  return [
    { label: "contact form", path: "/?index" },
    { label: "sign-in", path: "/signin" },
    { label: "sign-in (data request)", path: "/signin.data" },
    { label: "register", path: "/register" },
    { label: "sign-out", path: "/signout", headers: asOwnerOf("restaurant") },
    { label: "create", path: "/user/create", headers: asOwnerOf("restaurant") },
    { label: "create (data request)", path: "/user/create.data", headers: asOwnerOf("ecommerce") },
    ...["restaurant", "shoppy", "dealership", "ecommerce"].map((type) => ({
      label: `${type} editor`,
      path: `/user/${type}/setup/${sites[type]!.id}`,
      headers: asOwnerOf(type),
    })),
    // As the editor's upload script asks; a form posted without JavaScript is sent back
    // to the editor (303) with the reason instead.
    {
      label: "image upload",
      path: `/user/upload/${sites.shoppy!.id}`,
      headers: { ...asOwnerOf("shoppy"), accept: "application/json" },
    },
    {
      label: "delete",
      path: `/user/delete/${sites.dealership!.id}`,
      headers: asOwnerOf("dealership"),
    },
    // The customer's forms: an existing order, so that the refusal comes from the body.
    { label: "order page", path: ordering.orderPath },
    { label: "order status", path: `/o/${ordering.token}` },
  ];
}

describe.each(Object.keys(SHAPES))("%s", (shape) => {
  it("is refused with a 4xx by every form action, and the server stays responsive", async () => {
    const ordersBefore = await orderCount();
    for (const action of formActions()) {
      const request = SHAPES[shape]!;
      const answer = await send({
        ...request,
        path: action.path,
        headers: { ...request.headers, ...action.headers },
      });
      expect(
        answer.status,
        `${action.label} answered ${answer.status}: ${answer.body.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${action.label}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
      expect(await healthzMilliseconds(), `healthz after ${action.label}`).toBeLessThan(STALL_MS);
    }
    // Nothing was created or deleted by any of it, and no one was signed out.
    for (const site of Object.values(sites)) {
      const owned = await listOwnerProducts(services.db, site.userId);
      expect(owned.map((product) => product.id)).toContain(site.id);
      const session = await services.auth.api.getSession({
        headers: new Headers({ cookie: site.cookie }),
      });
      expect(session?.user.id).toBe(site.userId);
    }
    expect((await listOwnerProducts(services.db, sites.restaurant!.userId)).length).toBe(3);
    // No order was placed or cancelled.
    expect(await orderCount()).toBe(ordersBefore);
    const [held] = await services.db
      .select({ state: orders.state })
      .from(orders)
      .where(eq(orders.token, ordering.token));
    expect(held?.state).toBe("new");
  });
});

describe("refusals say why", () => {
  it("names the problem in words, without stack traces or file paths", async () => {
    const answers = await Promise.all([
      send({ path: "/signin", ...SHAPES["JSON body"]! }),
      send({ path: "/signin.data", ...SHAPES["JSON body"]! }),
      send({ path: "/signin", ...SHAPES["a 1 MB body"]! }),
      send({ path: "/signin", ...SHAPES["a chunked body of unknown length"]! }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([415, 415, 413, 411]);
    expect(answers[0].body).toContain("Send this as a web form");
    expect(answers[2].body).toBe("This form is too large to send.");
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/\n\s+at /);
      expect(answer.body).not.toContain(process.cwd());
    }
  });
});

describe("better-auth's own endpoints", () => {
  const signUp = "/api/auth/sign-up/email";
  const json = { "content-type": "application/json" };

  it.each([
    [
      "a NUL in the username",
      {
        headers: json,
        body: '{"name":"a\\u0000b","email":"nul@example.com","password":"a sturdy passphrase"}',
      },
    ],
    ["broken JSON", { headers: json, body: '{"name":' }],
    ["plain text", { headers: { "content-type": "text/plain" }, body: "name=a" }],
    ["a 1 MB body", { headers: json, body: `{"name":"${"x".repeat(1024 * 1024)}"}` }],
    ["a chunked body", { headers: json, body: "{}", chunked: true }],
  ] satisfies Array<[string, Omit<RawRequest, "path">]>)(
    "refuse %s with a 4xx",
    async (_, request) => {
      const answer = await send({ ...request, path: signUp });
      expect(answer.status, answer.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500);
      expect(await healthzMilliseconds()).toBeLessThan(STALL_MS);
    },
  );
});

/**
 * Sends a request's headers alone, asking first (`Expect: 100-continue`), and resolves with
 * the first status line the server answers: "100 Continue" invites the body.
 */
function firstAnswerWhenAsking(path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(app.url);
    const socket = net.connect(Number(port), hostname);
    const lines = Object.entries({ ...headers, expect: "100-continue" })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines}\r\n`);
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\r\n");
      if (end === -1) return;
      resolve(received.slice(0, end));
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

describe("a client that asks before sending its body", () => {
  const form = { "content-type": URLENCODED };
  const twoMegabytes = String(2 * 1024 * 1024);

  it("is refused at once when it declares more than the route takes", async () => {
    expect(
      await firstAnswerWhenAsking("/signin", { ...form, "content-length": twoMegabytes }),
    ).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("is refused at once when it declares no length", async () => {
    const chunked = { ...form, "transfer-encoding": "chunked" };
    expect(await firstAnswerWhenAsking("/signin", chunked)).toBe("HTTP/1.1 411 Length Required");
  });

  it("is invited to send a body the route takes", async () => {
    expect(await firstAnswerWhenAsking("/signin", { ...form, "content-length": "200" })).toBe(
      "HTTP/1.1 100 Continue",
    );
  });

  it("is not invited to send an editor a body over the upload bound", async () => {
    const site = sites.restaurant!;
    const first = await firstAnswerWhenAsking(`/user/restaurant/setup/${site.id}`, {
      "content-type": MULTIPART,
      "content-length": String(MAX_UPLOAD_REQUEST_BYTES + 1),
      cookie: site.cookie,
    });
    // Its answer (the editor's message, without the body) comes first, uninvited.
    expect(first).toMatch(/^HTTP\/1\.1 [34]\d\d /);
  });
});

/**
 * Writes a whole oversized body as fast as the socket takes it, without waiting for an answer,
 * and resolves with what came back before the connection ended, prefixed by the socket's error
 * (EPIPE, ECONNRESET) if the server cut the connection under the client.
 */
function answerWhileSending(path: string, bodyBytes: number): Promise<string> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(app.url);
    const socket = net.connect(Number(port), hostname);
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`${error.code}: ${received}`));
    socket.on("close", () => resolve(received));
    socket.write(
      `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: ${URLENCODED}\r\n` +
        `content-length: ${bodyBytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

describe("a refused oversized body", () => {
  const oneMegabyte = "x".repeat(1024 * 1024);

  it.each([
    ["a URL-encoded form", () => new URLSearchParams({ email: oneMegabyte })],
    [
      "a multipart form",
      () => {
        const form = new FormData();
        form.set("email", oneMegabyte);
        return form;
      },
    ],
  ])("in %s leaves fetch's connection pool usable", async (_, body) => {
    for (let round = 0; round < 3; round++) {
      const refused = await fetch(`${app.url}/signin`, { method: "POST", body: body() });
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await refused.text()).toMatch(/too large/i);
      // The next requests go out on the pool the refused one came from.
      for (let next = 0; next < 3; next++) {
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      }
    }
  });

  it("lets a client still sending finish without a reset, and answers it in full", async () => {
    for (let round = 0; round < 5; round++) {
      const answer = await answerWhileSending("/signin", 8 * 1024 * 1024);
      expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(answer).toMatch(/connection: close/i);
      expect(answer).toMatch(/too large/i);
    }
  });
});

describe("item options the editors refuse", () => {
  const option = (fields: Record<string, string>) =>
    new URLSearchParams({
      intent: "add-item",
      name: "Pizza",
      price: "8",
      optionsShown: "on",
      "options[0].name": "Size",
      "options[0].min": "1",
      "options[0].max": "1",
      "options[0].choices[0].name": "Small",
      "options[0].choices[0].price": "0",
      ...fields,
    }).toString();

  it.each([
    ["a size below zero", option({ "options[0].choices[0].price": "-8.01" })],
    [
      "choices at sparse indexes",
      option({ "options[0].choices[7].name": "Late", "options[3].name": "Far" }),
    ],
    ["a group at an index past the bound", option({ "options[99999999].name": "Far" })],
    ["a minimum above the maximum", option({ "options[0].min": "2" })],
    ["a count that is not a number", option({ "options[0].max": "lots" })],
  ])("refuse %s with a 400, adding nothing", async (_, body) => {
    for (const type of ["restaurant", "shoppy"]) {
      const site = sites[type]!;
      const before = await listItems(services.db, site.id);
      const answer = await send({
        path: `/user/${type}/setup/${site.id}`,
        headers: { "content-type": URLENCODED, cookie: site.cookie },
        body,
      });
      expect(answer.status, `${type}: ${answer.body.slice(0, 200)}`).toBe(400);
      expect(await listItems(services.db, site.id)).toEqual(before);
    }
  });
});

describe("the order page and the status page", () => {
  let keys = 0;
  /** A fresh review form key: 24 letters and digits. */
  const placeKey = () => `hostileKey${String((keys += 1)).padStart(14, "0")}`;
  /** The review form as the page sends it when the customer presses Place order. */
  const placeFields = (overrides: Record<string, string> = {}) => ({
    step: "place",
    cart: ordering.cart,
    placeKey: placeKey(),
    [HONEYPOT_FIELD]: "",
    fulfilment: "pickup",
    slot: String(ordering.slot),
    name: "Ada",
    phone: "+1 555 0101",
    ...overrides,
  });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  /** A cart line of the drink, `n` times over. */
  const drinkLines = (n: number) =>
    Array.from({ length: n }, () => `${ordering.drink}*1`).join("~");
  const add = (itemId: string, fields: Record<string, string> = {}) =>
    form({ cart: "", add: itemId, ...fields });
  const quantity = (value: string) => add(ordering.drink, { [`qty-${ordering.drink}`]: value });
  const slot = (value: string) => form(placeFields({ slot: value }));

  /** [what, URL-encoded body, status, words the answer must contain] */
  type OrderCase = [string, string, number, string];
  const orderCases = (): OrderCase[] => {
    const { cart, pizza, drink } = ordering;
    const unreadable = en.orderUnreadable;
    const brokenCarts: Array<[string, string]> = [
      ["far over its bound", `${drink}*1~`.repeat(3000).slice(0, CART_TEXT_MAX_LENGTH * 2)],
      ["of separators alone", "~~~"],
      ["of one star", "*"],
      ["with a quantity of 999", "x*999"],
      ["with quotes in an id", `a"b*1~'--*1`],
      ["with SQL in an id", `${drink}'; delete from orders; --*1`],
      [`of ${MAX_ORDER_LINES + 1} lines`, drinkLines(MAX_ORDER_LINES + 1)],
      ["with a choice id of 17 letters", `${pizza}*1*${"L".repeat(17)}`],
      ["with a fourth field", `${pizza}*1*Lg1*Sm1`],
      ["with a quantity of 0", `${drink}*0`],
    ];
    const quantityRefused = "Lemonade: Choose a quantity from 1 to 50.";
    return [
      ...brokenCarts.flatMap(([what, text]): OrderCase[] => [
        [`a cart ${what}, to review`, form({ step: "review", cart: text }), 400, unreadable],
        [`a cart ${what}, to place`, form(placeFields({ cart: text })), 400, unreadable],
      ]),
      [
        "a cart over the form's byte bound",
        form(placeFields({ cart: `${drink}*1~`.repeat(8000) })),
        413,
        MESSAGES.formTooLarge,
      ],
      ["an Add of an unknown item", add("nope1234"), 400, en.itemGone],
      ["an Add of markup for an item id", add('"><img src=x onerror=alert(1)>'), 400, en.itemGone],
      ...["0", "-1", "1e9", "NaN", " ", "1.5", "51", "٣"].map((value): OrderCase => [
        `a quantity of "${value}"`,
        quantity(value),
        400,
        quantityRefused,
      ]),
      [
        "10,000 option fields",
        add(pizza) + `&opt-${pizza}-Sz=Lg1`.repeat(10_000),
        413,
        MESSAGES.formTooLarge,
      ],
      [
        "10,000 option fields within the byte bound",
        add(pizza) + "&opt-=".repeat(10_000),
        413,
        MESSAGES.formTooManyFields,
      ],
      [
        "290 copies of one choice",
        add(pizza) + `&opt-${pizza}-Sz=Lg1`.repeat(290),
        400,
        "Margherita: One of the choices is no longer offered.",
      ],
      [
        "a choice no group has, in place of the size",
        add(pizza, { [`opt-${pizza}-Sz`]: "Nope1" }),
        400,
        "Margherita: Choose a size.",
      ],
      [
        "a choice no group has, beside the size",
        add(pizza) + `&opt-${pizza}-Sz=Lg1&opt-${pizza}-Sz=Nope1`,
        400,
        "Margherita: One of the choices is no longer offered.",
      ],
      ["NUL in the name", form(placeFields({ name: "A\u0000da" })), 400, MESSAGES.formNulCharacter],
      [
        "a 2 MB note",
        form(placeFields({ note: "n".repeat(2 * 1024 * 1024) })),
        413,
        MESSAGES.formTooLarge,
      ],
      [
        "a note over its bound",
        form(placeFields({ note: "n".repeat(301) })),
        400,
        "Keep the note to 300 characters.",
      ],
      ...[
        "soon",
        "",
        "12:30",
        "-1",
        "1e12",
        "NaN",
        "Infinity",
        "1".repeat(16),
        "１２３４５６７８９０",
      ].map((value): OrderCase => [`a slot of "${value}"`, slot(value), 400, en.chooseTime]),
      ["a slot at the epoch", slot("0000000000"), 409, en.slotTooSoon],
      [
        "a slot a week ago, within the hours",
        slot(String(ordering.slot - 7 * 24 * 3_600_000)),
        409,
        en.slotTooSoon,
      ],
      ["a slot in 2001, at night", slot("1000000000000"), 409, en.slotClosed],
      [
        "a slot a year ahead, within the hours",
        slot(String(ordering.slot + 365 * 24 * 3_600_000)),
        409,
        en.slotTooFar,
      ],
      ["a slot in the year 33658, at night", slot("999999999999999"), 409, en.slotClosed],
      ["a slot off the grid", slot(String(ordering.slot + 60_000)), 409, en.slotNotListed],
      ...[
        "abc!def@ghi#jkl$mno%pqr^",
        "'; delete from orders; --",
        "short",
        "k".repeat(33),
        "",
        "ÄÖÜäöüßÄÖÜäöüßÄÖÜäöüßÄÖÜ",
      ].map((value): OrderCase => [
        `a place key of "${value}"`,
        form(placeFields({ placeKey: value })),
        400,
        en.formExpired,
      ]),
      [
        "a filled honeypot",
        form(placeFields({ [HONEYPOT_FIELD]: "http://spam.example" })),
        400,
        en.formExpired,
      ],
      [
        "a way that is neither pickup nor delivery",
        form(placeFields({ fulfilment: "drone" })),
        400,
        en.chooseFulfilment,
      ],
      [
        "delivery without an address",
        form(placeFields({ fulfilment: "delivery" })),
        400,
        en.enterAddress,
      ],
      [
        "a phone number of letters",
        form(placeFields({ phone: "call me maybe" })),
        400,
        en.phoneInvalid,
      ],
      // Their total would not fit the orders table's integer columns.
      [
        "an Add of 50 of the dearest item",
        add(ordering.gold, { [`qty-${ordering.gold}`]: "50" }),
        400,
        `Gold bar: ${en.orderTooLarge}`,
      ],
      [
        "a cart of 50 of the dearest item, to review",
        form({ step: "review", cart: `${ordering.gold}*50` }),
        400,
        `Gold bar: ${en.orderTooLarge}`,
      ],
      [
        "a cart of 50 of the dearest item, to place",
        form(placeFields({ cart: `${ordering.gold}*50` })),
        400,
        `Gold bar: ${en.orderTooLarge}`,
      ],
      ["an unknown step", form({ cart, step: "launch" }), 400, "Your order"],
      ["a removal past the cart's end", form({ cart, remove: "99" }), 200, "Your order"],
    ];
  };

  it("answers every hostile order form with a 4xx and its reason, placing nothing", async () => {
    const before = await orderCount();
    for (const [what, body, status, reason] of orderCases()) {
      const answer = await send({
        path: ordering.orderPath,
        headers: { "content-type": URLENCODED },
        body,
      });
      const shown = `${what}: ${answer.status} ${answer.body.slice(0, 300)}`;
      expect(answer.status, shown).toBe(status);
      expect(answer.body, shown).toContain(reason);
      expect(answer.body, shown).not.toMatch(/\n\s+at /);
      expect(answer.body, shown).not.toContain(process.cwd());
      // Nothing of what was sent comes back as markup.
      expect(answer.body, shown).not.toContain("<img src=x");
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses an order posted from another site (403), and places it from its own", async () => {
    const before = await orderCount();
    const fields = placeFields();
    for (const origin of ["https://evil.example", "null", app.url.replace("http:", "https:")]) {
      const answer = await send({
        path: ordering.orderPath,
        headers: { "content-type": URLENCODED, origin },
        body: form(fields),
      });
      expect(answer.status, `${origin}: ${answer.body.slice(0, 200)}`).toBe(403);
    }
    expect(await orderCount()).toBe(before);

    // The same form from the page's own origin is placed, once however often it is sent.
    const placed = await fetch(app.url + ordering.orderPath, {
      method: "POST",
      headers: { "content-type": URLENCODED, origin: app.url },
      body: form(fields),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    const location = placed.headers.get("location");
    expect(location).toMatch(/^\/o\/[A-Za-z0-9]{32}$/);
    const again = await fetch(app.url + ordering.orderPath, {
      method: "POST",
      headers: { "content-type": URLENCODED },
      body: form(fields),
      redirect: "manual",
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(location);
    expect(await orderCount()).toBe(before + 1);
  });

  const badTokens = () => [
    "nope",
    "A".repeat(32),
    ordering.token.slice(0, 31),
    `${ordering.token}x`,
    ordering.token.toLowerCase() === ordering.token
      ? ordering.token.toUpperCase()
      : ordering.token.toLowerCase(),
    "%00",
    `${ordering.token}%00`,
    "%27%20or%20%271%27%3D%271",
    "..%2F..%2Fetc%2Fpasswd",
    "x".repeat(5000),
  ];

  it("answers a status page's bad tokens with 404, to GET and POST alike", async () => {
    const before = await orderCount();
    for (const token of badTokens()) {
      for (const path of [`/o/${token}`, `/o/${token}/state`]) {
        const shown = (status: number, body: string) =>
          `GET ${path}: ${status} ${body.slice(0, 200)}`;
        const response = await fetch(app.url + path);
        const body = await response.text();
        expect(response.status, shown(response.status, body)).toBe(404);
        expect(body).not.toMatch(/\n\s+at /);
      }
      const answer = await send({
        path: `/o/${token}`,
        headers: { "content-type": URLENCODED },
        body: "intent=cancel",
      });
      expect(answer.status, `POST /o/${token}: ${answer.body.slice(0, 200)}`).toBe(404);
    }
    for (const path of ["/o/", "/o"]) {
      const answer = await send({
        path,
        headers: { "content-type": URLENCODED },
        body: "intent=cancel",
      });
      expect(answer.status, `POST ${path}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(answer.status, `POST ${path}`).toBeLessThan(500);
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses a status page's unknown intents and foreign posts, leaving the order as it was", async () => {
    const path = `/o/${ordering.token}`;
    for (const body of [
      "intent=destroy",
      "intent=",
      "",
      "intent=accept&intent=cancel",
      "intent=CANCEL",
    ]) {
      const answer = await send({ path, headers: { "content-type": URLENCODED }, body });
      expect(answer.status, `${body}: ${answer.body.slice(0, 200)}`).toBe(400);
    }
    const foreign = await send({
      path,
      headers: { "content-type": URLENCODED, origin: "https://evil.example" },
      body: "intent=cancel",
    });
    expect(foreign.status).toBe(403);
    const [held] = await services.db
      .select({ state: orders.state, history: orders.history })
      .from(orders)
      .where(eq(orders.token, ordering.token));
    expect(held?.state).toBe("new");
    expect(held?.history).toHaveLength(1);
  });
});
