/**
 * The Domain page of a site (`/user/domain/:pid`): only the site's owner may see it or
 * add, check or remove its domain. Another owner gets the same 404 as for a site that does
 * not exist, and changes nothing; an anonymous visitor is sent to sign in (a GET) or
 * refused (a POST).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as domainRoute from "../../app/routes/portal/domain";
import { MESSAGES } from "../../app/lib/messages";
import { customDomains } from "../../app/server/db/schema";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { ownerWithSite } from "../support/auth-helpers";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { callRoute, ownerFor } from "../support/route-call";
import { createTestServices } from "../support/test-services";

const TARGET = "sites.example.net";

let dns: TestDnsServer;
let services: RunningServices;
let app: TestHttpApp;

beforeAll(async () => {
  dns = await startDnsServer();
  services = await createTestServices({
    customDomains: { target: TARGET, ips: [], dnsServers: [dns.address] },
  });
  app = await startHttpApp(services, { countRenders: false });
});
afterAll(async () => {
  await app?.close();
  await services?.close();
  await dns?.close();
});

function post(userId: string, productId: string, form: Record<string, string>) {
  return callRoute(domainRoute.action, {
    services,
    owner: ownerFor(userId),
    params: { pid: productId },
    form,
    url: `http://localhost/user/domain/${productId}`,
  });
}

async function storedDomain(productId: string) {
  const [row] = await services.db
    .select()
    .from(customDomains)
    .where(eq(customDomains.productId, productId));
  return row;
}

/** The field error of a refused Add (Conform's reply). */
function fieldErrorOf(body: unknown): string | undefined {
  return (body as { reply?: { error?: { domain?: string[] } } }).reply?.error?.domain?.[0];
}

describe("the Domain page", () => {
  it("adds a domain in its stored form, shows the records to set, and verifies it", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    const added = await post(userId, productId, {
      intent: "add-domain",
      domain: "https://Menu.CafeRose.com/",
    });
    expect(added).toMatchObject({
      kind: "response",
      status: 302,
      location: `/user/domain/${productId}`,
    });

    const page = await callRoute(domainRoute.loader, {
      services,
      owner: ownerFor(userId),
      params: { pid: productId },
    });
    const domain = (page.body as { domain: { name: string; verified: boolean; records: unknown } })
      .domain;
    expect(domain).toMatchObject({ name: "menu.caferose.com", verified: false });
    const token = (await storedDomain(productId))!.token;
    expect(domain.records).toEqual([
      { type: "CNAME", name: "menu.caferose.com", host: "menu", value: TARGET, purpose: "points" },
      {
        type: "TXT",
        name: "_portal-verify.menu.caferose.com",
        host: "_portal-verify.menu",
        value: token,
        purpose: "proves",
      },
    ]);

    const early = await post(userId, productId, { intent: "verify-domain" });
    expect(early.body).toMatchObject({ ok: false, message: MESSAGES.domainNotYet });

    dns.set("menu.caferose.com", "CNAME", [TARGET]);
    dns.set("_portal-verify.menu.caferose.com", "TXT", [token]);
    const verified = await post(userId, productId, { intent: "verify-domain" });
    expect(verified.body).toMatchObject({ ok: true, message: MESSAGES.domainVerified });
    expect((await storedDomain(productId))!.verifiedAt).toBeInstanceOf(Date);
  });

  it("refuses a public suffix, the portal's own names, and a domain another site holds", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    for (const [typed, message] of [
      ["", MESSAGES.domainRequired],
      ["co.uk", MESSAGES.domainPublicSuffix],
      ["localhost", MESSAGES.domainInvalid],
      [TARGET, MESSAGES.domainOurs],
      ["not a domain", MESSAGES.domainInvalid],
    ] as const) {
      const refused = await post(userId, productId, { intent: "add-domain", domain: typed });
      expect(refused.status, typed).toBe(400);
      expect(fieldErrorOf(refused.body), typed).toBe(message);
    }
    expect(await storedDomain(productId)).toBeUndefined();

    // menu.caferose.com was verified by the first test's site.
    const taken = await post(userId, productId, {
      intent: "add-domain",
      domain: "menu.caferose.com",
    });
    expect(taken.status).toBe(409);
    expect(fieldErrorOf(taken.body)).toBe(MESSAGES.domainTaken);
    expect(await storedDomain(productId)).toBeUndefined();

    await post(userId, productId, { intent: "add-domain", domain: "shop.example.org" });
    const second = await post(userId, productId, {
      intent: "add-domain",
      domain: "www.example.org",
    });
    expect(fieldErrorOf(second.body)).toBe(MESSAGES.domainAlreadySet);
    expect((await storedDomain(productId))!.domain).toBe("shop.example.org");
  });

  it("answers another owner 404 for the page and every change, and changes nothing", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    await post(userId, productId, { intent: "add-domain", domain: "www.harborpine.com" });
    const before = await storedDomain(productId);
    const stranger = await ownerWithSite(services, "restaurant", "Stranger Diner");

    const page = await callRoute(domainRoute.loader, {
      services,
      owner: ownerFor(stranger.userId),
      params: { pid: productId },
    });
    expect(page.status).toBe(404);
    expect(JSON.stringify(page.body)).not.toContain("harborpine");

    const forms: Array<Record<string, string>> = [
      { intent: "add-domain", domain: "www.stolen.com" },
      { intent: "verify-domain" },
      { intent: "remove-domain" },
    ];
    for (const form of forms) {
      const answer = await post(stranger.userId, productId, form);
      expect(answer.status, form.intent).toBe(404);
    }
    expect(await storedDomain(productId)).toEqual(before);
  });

  it("sends an anonymous visitor to sign in, and refuses their posts", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    await post(userId, productId, { intent: "add-domain", domain: "www.rosebakery.com" });
    const before = await storedDomain(productId);

    const page = await fetch(`${app.url}/user/domain/${productId}`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);

    for (const intent of ["add-domain", "verify-domain", "remove-domain"]) {
      const answer = await fetch(`${app.url}/user/domain/${productId}`, {
        method: "POST",
        body: new URLSearchParams({ intent, domain: "www.stolen.com" }),
        redirect: "manual",
      });
      expect(answer.status, intent).toBe(401);
    }
    expect(await storedDomain(productId)).toEqual(before);
  });

  it("removes the domain at once and says so on the next page", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    await post(userId, productId, { intent: "add-domain", domain: "www.gonesoon.com" });
    const removed = await post(userId, productId, { intent: "remove-domain" });
    expect(removed).toMatchObject({ status: 302, location: `/user/domain/${productId}` });
    expect(await storedDomain(productId)).toBeUndefined();
  });

  it("refuses a form it does not know with 400", async () => {
    const { userId, productId } = await ownerWithSite(services, "restaurant", "Cafe Rose");
    const answer = await post(userId, productId, { intent: "drop-tables" });
    expect(answer.status).toBe(400);
  });
});
