/**
 * The security headers through the real HTTP app: a Content-Security-Policy on every
 * kind of page (a per-request nonce where React Router renders, the shop script's hash
 * on the shared public pages), frame protection and private caching matched as React
 * Router matches paths (ignoring case), and the Origin check comparing scheme, host and port.
 */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { LANGUAGE_HINT_SCRIPT } from "virtual:language-hint-script";
import { MENU_FILTER_SCRIPT } from "virtual:menu-filter-script";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPath, slugify } from "../../app/lib/slug";
import { addItem } from "../../app/server/repositories/items.server";
import { createProduct } from "../../app/server/repositories/products.server";
import {
  normalizePath,
  pathKind,
  securityHeaders,
  storageImageOrigins,
} from "../../app/server/http/security-headers.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import type { FileStorage } from "../../app/server/storage/storage.server";
import { registerOwner } from "../support/auth-helpers";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createTestServices } from "../support/test-services";

let services: RunningServices;
let app: TestHttpApp;
let cookie: string;
let restaurantPath: string;
let shopPath: string;
let dealershipPath: string;

beforeAll(async () => {
  services = await createTestServices();
  app = await startHttpApp(services, { countRenders: false });
  const registered = await registerOwner(services);
  cookie = registered.cookie;
  const restaurant = await createProduct(services.events, registered.userId, {
    type: "restaurant",
    name: "Header Diner",
  });
  const shop = await createProduct(services.events, registered.userId, {
    type: "shoppy",
    name: "Header Shop",
  });
  const dealership = await createProduct(services.events, registered.userId, {
    type: "dealership",
    name: "Header Motors",
  });
  if (!restaurant.ok || !shop.ok || !dealership.ok) throw new Error("could not create the sites");
  const owner = registered.userId;
  await addItem(
    services.events,
    { id: restaurant.productId, ownerUid: owner },
    {
      name: "Soup",
      priceCents: 650,
    },
  );
  await addItem(
    services.events,
    { id: shop.productId, ownerUid: owner },
    {
      name: "Mug",
      priceCents: 1200,
    },
  );
  restaurantPath = publicPath("restaurant", slugify("Header Diner"), restaurant.productId);
  shopPath = publicPath("shoppy", slugify("Header Shop"), shop.productId);
  dealershipPath = publicPath("dealership", slugify("Header Motors"), dealership.productId);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The policy as a map of directive to its values. */
function policyOf(headers: Headers): Map<string, string[]> {
  const header = headers.get("content-security-policy");
  if (!header) throw new Error("no Content-Security-Policy");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every inline script that runs (not JSON data blocks): its nonce attribute and its text. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\//.test(attributes!),
    )
    .map(([, attributes, text]) => ({
      nonce: /\bnonce="([^"]*)"/.exec(attributes!)?.[1],
      text: text!,
    }));
}

function nonceOf(policy: Map<string, string[]>): string {
  const source = policy.get("script-src")?.find((value) => value.startsWith("'nonce-"));
  if (!source) throw new Error("no nonce in script-src");
  return source.slice("'nonce-".length, -1);
}

/** A bare Express app with the headers middleware and `routes`, for the duration of `use`. */
async function withBareApp(
  setup: (app: express.Express) => void,
  use: (base: string) => Promise<void>,
) {
  const bare = express();
  setup(bare);
  const server = bare.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("paths are classified as React Router matches them", () => {
  it("ignores case, decodes segments and drops a data request's .data", () => {
    expect(normalizePath("/User/Info.data")).toBe("/user/info");
    expect(normalizePath("/%75ser")).toBe("/user");
    expect(normalizePath("/_root.data")).toBe("/");
    expect(normalizePath("/r/a%2Fb")).toBe("/r/a%2fb");
    expect(pathKind("/SIGNIN")).toBe("auth");
    expect(pathKind("/User/Info")).toBe("portal");
    expect(pathKind("/user.data")).toBe("portal");
    expect(pathKind("//user")).toBe("portal");
    expect(pathKind("/R/diner-abc")).toBe("public");
    expect(pathKind("/r/diner-abc.data")).toBe("public");
    expect(pathKind("/r")).toBe("site");
    expect(pathKind("/r/a/b")).toBe("site");
    expect(pathKind("/Assets/x.js")).toBe("static");
    expect(pathKind("/files/restaurants/p/info/logo")).toBe("static");
    expect(pathKind("/product/restaurant")).toBe("site");
    expect(pathKind("/r/diner-abc/order")).toBe("order");
    expect(pathKind("/S/shop-abc/Order/")).toBe("order");
    expect(pathKind("/r/diner-abc/es/order")).toBe("order");
    expect(pathKind("/d/dealer-abc/order")).toBe("site");
    expect(pathKind("/o/abc")).toBe("customer");
    expect(pathKind("/o/abc/state")).toBe("customer");
    expect(pathKind("/o/abc/other")).toBe("site");
  });

  it("on a customer's order paths: private, unindexed, and never a referrer to another site", async () => {
    for (const path of [`${restaurantPath}/order`, "/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const page = await get(path);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(page.headers.get("referrer-policy"), path).toBe("same-origin");
      expect(page.headers.get("x-robots-tag"), path).toBe("noindex");
    }
  });

  it("keeps a browsing context group of their own for pages with someone's data, not for the shared public pages", async () => {
    // A public page and its order page agree, so that going from one to the other starts no
    // new renderer; a customer's order, the sign-in and the owner's pages stay apart.
    for (const path of [restaurantPath, shopPath, dealershipPath]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cross-origin-opener-policy"), path).toBeNull();
    }
    const orderPage = await get(`${restaurantPath}/order`);
    expect(orderPage.headers.get("cross-origin-opener-policy")).toBeNull();
    for (const path of ["/", "/signin", "/user", "/o/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const page = await get(path);
      expect(page.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
    }
  });
});

describe("Content-Security-Policy", () => {
  it("on the pages React Router renders: a nonce on every inline script, frames refused", async () => {
    // /signin is plain HTML: no script at all, yet the same policy and a nonce of its own.
    for (const path of ["/", "/register", "/REGISTER", "/signin"]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const policy = policyOf(page.headers);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonceOf(policy)}'`]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'none'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      // PUBLIC_URL is http here: upgrading would break the page.
      expect(policy.has("upgrade-insecure-requests")).toBe(false);
      expect(page.headers.get("x-frame-options")).toBe("DENY");

      const scripts = inlineScripts(page.body);
      if (path === "/signin") expect(scripts, path).toEqual([]);
      else expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce, path).toBe(nonceOf(policy));
    }
  });

  it("gives every page its own nonce", async () => {
    const first = await get("/signin");
    const second = await get("/signin");
    expect(nonceOf(policyOf(first.headers))).not.toBe(nonceOf(policyOf(second.headers)));
    expect(nonceOf(policyOf(first.headers))).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("on portal pages too, signed in", async () => {
    const page = await get("/user/info", { cookie });
    expect(page.status).toBe(200);
    const policy = policyOf(page.headers);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    for (const script of inlineScripts(page.body)) expect(script.nonce).toBe(nonceOf(policy));
  });

  it("on public pages: no nonce (the page is shared), each page's scripts by their hashes, framing allowed", async () => {
    for (const path of [restaurantPath, shopPath]) {
      // The first view is rendered, the second comes from the page cache: the same policy.
      for (const view of ["rendered", "cached"]) {
        const page = await get(path);
        expect(page.status, `${path} ${view}`).toBe(200);
        const policy = policyOf(page.headers);
        // The policy of the site type's pages: the shop's script or the menu's two, and the
        // language hint's.
        expect(policy.get("script-src")).toHaveLength(path === shopPath ? 2 : 3);
        for (const source of policy.get("script-src")!) {
          expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
        }
        expect(policy.get("default-src")).toEqual(["'self'"]);
        expect(policy.get("object-src")).toEqual(["'none'"]);
        expect(policy.has("frame-ancestors")).toBe(false);
        expect(page.headers.get("x-frame-options")).toBeNull();
        expect(page.body).not.toContain("nonce=");
        // What falls back to default-src or to script-src's hashes is not said again, and
        // no header is sent for a browser that no longer runs.
        expect(policy.has("connect-src")).toBe(false);
        expect(policy.has("script-src-attr")).toBe(false);
        for (const legacy of [
          "x-xss-protection",
          "x-download-options",
          "x-permitted-cross-domain-policies",
        ]) {
          expect(page.headers.get(legacy), legacy).toBeNull();
        }
        expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }

    const hashOf = (text: string) =>
      `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const shop = await get(shopPath);
    const restaurant = await get(restaurantPath);
    const shopScripts = inlineScripts(shop.body);
    const menuScripts = inlineScripts(restaurant.body);
    expect(shopScripts).toHaveLength(1);
    // This menu has no allergen or diet labels: its navigation script alone, no filter.
    expect(menuScripts).toHaveLength(1);
    expect(policyOf(shop.headers).get("script-src")).toEqual([
      hashOf(shopScripts[0]!.text),
      // Only on a site with several languages (none of these two).
      hashOf(LANGUAGE_HINT_SCRIPT),
    ]);
    expect(policyOf(restaurant.headers).get("script-src")).toEqual([
      hashOf(menuScripts[0]!.text),
      hashOf(MENU_FILTER_SCRIPT),
      hashOf(LANGUAGE_HINT_SCRIPT),
    ]);
    // A profile page carries no script of its own: the language hint's alone.
    const profile = await get(dealershipPath);
    expect(profile.status).toBe(200);
    expect(inlineScripts(profile.body)).toEqual([]);
    expect(policyOf(profile.headers).get("script-src")).toEqual([hashOf(LANGUAGE_HINT_SCRIPT)]);
  });

  it("on https: upgrades requests, sets HSTS, and allows pictures from the S3 bucket", async () => {
    const storage: FileStorage = {
      ...services.storage,
      publicUrl: (key, version) => `https://bucket.s3.example/${key}?v=${version}`,
    };
    const env = { ...services.env, publicUrl: "https://portal.example" };
    expect(storageImageOrigins(storage, env.publicUrl)).toEqual(["https://bucket.s3.example"]);
    expect(storageImageOrigins(services.storage, env.publicUrl)).toEqual([]);
    await withBareApp(
      (bare) => {
        bare.use(securityHeaders({ env, storage }, { development: false }));
        bare.get("*", (_req, res) => void res.type("text/html").send("<p>page</p>"));
      },
      async (base) => {
        for (const path of ["/user", "/r/diner-abc"]) {
          const page = await fetch(`${base}${path}`);
          const policy = policyOf(page.headers);
          expect(policy.get("upgrade-insecure-requests"), path).toEqual([]);
          expect(policy.get("img-src"), path).toContain("https://bucket.s3.example");
          expect(page.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
        }
      },
    );
  });

  it("none in development, where Vite injects its own scripts", async () => {
    await withBareApp(
      (bare) => {
        bare.use(securityHeaders(services, { development: true }));
        bare.get("*", (_req, res) => void res.type("text/html").send("<p>page</p>"));
      },
      async (base) => {
        for (const path of ["/", "/user", "/s/shop-abc"]) {
          const page = await fetch(`${base}${path}`);
          expect(page.headers.get("content-security-policy"), path).toBeNull();
          expect(page.headers.get("x-content-type-options"), path).toBe("nosniff");
        }
        expect((await fetch(`${base}/user`)).headers.get("x-frame-options")).toBe("DENY");
      },
    );
  });

  it("not on stored files, which keep their own sandbox", async () => {
    const file = await get("/files/restaurants/none/info/logo");
    expect(file.headers.get("content-security-policy")).not.toContain("nonce");
  });
});

describe("frame protection", () => {
  it("matches portal and sign-in paths whatever their case", async () => {
    for (const path of ["/User/Info", "/USER", "/Signin", "/register", "/signout"]) {
      const page = await get(path);
      expect(page.headers.get("x-frame-options"), path).toBe("DENY");
      expect(policyOf(page.headers).get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });
});

describe("Cache-Control on signed-in answers", () => {
  it("is private, no-store for everything under /user, pages and data", async () => {
    for (const path of ["/user", "/user.data", "/user/info.data", "/User/Info", "/user/info"]) {
      const page = await get(path, { cookie });
      expect(page.status, path).toBe(200);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("is private, no-store under /user when signed out too (the redirect to sign in)", async () => {
    const page = await get("/user/info");
    expect(page.status).toBe(302);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });

  it("replaces what the live-update stream says, and the stream still flows", async () => {
    const controller = new AbortController();
    const response = await fetch(`${app.url}/user/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain(": connected");
    controller.abort();
    await reader.cancel().catch(() => {});
  });

  it("is private, no-store on the sign-in pages", async () => {
    for (const path of ["/signin", "/register", "/signin.data"]) {
      expect((await get(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("is private, no-store on a marketing page for a signed-in visitor only", async () => {
    const signedIn = await get("/", { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const data = await get("/_root.data", { cookie });
    expect(data.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/")).headers.get("cache-control")).toBeNull();
  });

  it("leaves public pages and static files their public caching", async () => {
    const page = await get(restaurantPath, { cookie });
    expect(page.headers.get("cache-control")).toMatch(/^public\b/);

    await withBareApp(
      (files) => {
        files.use(securityHeaders(services, { development: false }));
        // The built client's files (the favicon) are served like this one.
        files.get("/favicon.svg", (_req, res) => {
          res.set("Cache-Control", "public, max-age=3600").type("image/svg+xml").send("<svg/>");
        });
        files.get("/pretends-public", (_req, res) => {
          res.set("Cache-Control", "public, max-age=3600").type("text/html").send("<p>me</p>");
        });
      },
      async (base) => {
        const favicon = await fetch(`${base}/favicon.svg`, { headers: { cookie } });
        expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
        // A page is never shared once it may show who is signed in, whatever it says.
        const html = await fetch(`${base}/pretends-public`, { headers: { cookie } });
        expect(html.headers.get("cache-control")).toBe("private, no-store");
      },
    );
  });
});

describe("the Origin check", () => {
  const REFUSED = "Forms can only be sent from this site.";
  const credentials = { email: "nobody@example.com", password: "wrong password" };

  /** The sign-in form, as a browser posts it. */
  async function postForm(origin: string | undefined) {
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
    };
    if (origin !== undefined) headers.origin = origin;
    const response = await fetch(`${app.url}/signin`, {
      method: "POST",
      headers,
      body: new URLSearchParams(credentials),
      redirect: "manual",
    });
    return { status: response.status, body: await response.text() };
  }

  it("refuses the same host on another scheme", async () => {
    const host = new URL(app.url).host;
    const refused = await postForm(`https://${host}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toBe(REFUSED);
  });

  it("refuses another port, another host and an opaque origin", async () => {
    const { hostname, port } = new URL(app.url);
    for (const origin of [
      `http://${hostname}:${Number(port) + 1}`,
      "http://evil.example",
      "null",
    ]) {
      const refused = await postForm(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body, origin).toBe(REFUSED);
    }
  });

  it("accepts the request's own origin and no Origin at all", async () => {
    // A wrong password, or the sign-in rate limit: either way the action ran.
    for (const origin of [app.url, undefined]) {
      expect([401, 429], String(origin)).toContain((await postForm(origin)).status);
    }
  });

  it("takes the request's scheme from the proxy when TRUST_PROXY says there is one", async () => {
    const proxied = await createTestServices({ trustProxyHops: 1 });
    const behind = await startHttpApp(proxied, { countRenders: false });
    try {
      const host = new URL(behind.url).host;
      const post = async (origin: string) => {
        const response = await fetch(`${behind.url}/signin`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-proto": "https",
            origin,
          },
          body: new URLSearchParams(credentials),
          redirect: "manual",
        });
        return response.status;
      };
      // The visitor's browser was on https; plain http on the same host is another site.
      expect([401, 429]).toContain(await post(`https://${host}`));
      expect(await post(`http://${host}`)).toBe(403);
    } finally {
      await behind.close();
      await proxied.close();
    }
  });

  it("accepts PUBLIC_URL's origin", async () => {
    // PUBLIC_URL (localhost:3999) is not where this test server listens. React Router
    // checks its own actions against the address asked for; better-auth's endpoint
    // trusts PUBLIC_URL, so it shows what this check lets through.
    const response = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: services.env.publicUrl },
      body: JSON.stringify(credentials),
    });
    expect([401, 429]).toContain(response.status);
  });
});
