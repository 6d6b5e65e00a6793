/**
 * Owners' own domains, on PGlite and on PostgreSQL, with a real DNS server in this process
 * (tests/support/dns-server.ts) that the checks ask over the network: adding a domain,
 * verifying it (when the owner asks and in the background), a domain only one site can
 * hold, removing it; and the real HTTP app answering by the Host header: the site's page,
 * QR codes and search engine files on its domain and nothing of the portal there, the
 * portal's address sending visitors to the domain, strangers' hosts refused, and the
 * question a TLS front asks before it requests a certificate.
 */
import http, { type IncomingHttpHeaders } from "node:http";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOMAIN_RECHECK_INTERVAL_MS,
  DOMAIN_RECHECK_PERIOD_MS,
  verifyRecordName,
  type DomainCheck,
} from "../../app/lib/custom-domains";
import { publicPath, slugify } from "../../app/lib/slug";
import {
  addDomain,
  claimDomainsToRecheck,
  domainOfSite,
  isVerifiedDomain,
  recordDomainCheck,
  removeDomain,
  siteOfVerifiedDomain,
  verifiedDomainOfSite,
} from "../../app/server/domains/custom-domains.server";
import { DnsLookupError, type DomainChecker } from "../../app/server/domains/dns-check.server";
import {
  checkDomainNow,
  createDomainRechecks,
} from "../../app/server/domains/domain-checks.server";
import { customDomains } from "../../app/server/db/schema";
import { TLS_ASK_PATH } from "../../app/server/domains/tls-ask.server";
import { PUBLIC_SCRIPT_HASHES } from "../../app/server/http/security-headers.server";
import { addItem } from "../../app/server/repositories/items.server";
import {
  createProduct,
  deleteProduct,
  loadProductInfo,
  saveProductInfo,
} from "../../app/server/repositories/products.server";
import type { RunningServices } from "../../app/server/runtime/services.server";
import { registerOwner } from "../support/auth-helpers";
import { startDnsServer, type TestDnsServer } from "../support/dns-server";
import { startHttpApp, type TestHttpApp } from "../support/http-app";
import { createSecondServices, createTestServices } from "../support/test-services";

const PUBLIC_URL = "http://localhost:3999";
const TARGET = "sites.example.net";
const IPS = ["203.0.113.10"];

let dns: TestDnsServer;
let services: RunningServices;
let app: TestHttpApp;
let port: number;

beforeAll(async () => {
  // The DNS server first: the services' checker is given its address.
  dns = await startDnsServer();
  services = await createTestServices({
    customDomains: { target: TARGET, ips: IPS, dnsServers: [dns.address] },
  });
  app = await startHttpApp(services, { countRenders: false });
  port = Number(new URL(app.url).port);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
  await dns?.close();
});

function checker(): DomainChecker {
  if (!services.domainChecks) throw new Error("custom domains are off");
  return services.domainChecks.checker;
}

interface Site {
  id: string;
  ownerUid: string;
  name: string;
  /** Its address at the portal: `/r/cafe-rose-{id}`. */
  path: string;
}

async function restaurant(name = "Cafe Rose"): Promise<Site> {
  const { userId } = await registerOwner(services);
  const created = await createProduct(services.events, userId, { type: "restaurant", name });
  if (!created.ok) throw new Error(created.reason);
  return {
    id: created.productId,
    ownerUid: userId,
    name,
    path: publicPath("restaurant", slugify(name), created.productId),
  };
}

/** The token the site's domain must show in its TXT record. */
async function tokenOf(site: Site): Promise<string> {
  const owned = await domainOfSite(services.db, site.id);
  if (!owned) throw new Error("the site has no domain");
  return owned.token;
}

/** DNS records as the owner sets them: a CNAME to the portal and the TXT record. */
function pointHere(domain: string, ...tokens: string[]) {
  dns.set(domain, "CNAME", [TARGET]);
  dns.set(verifyRecordName(domain), "TXT", tokens);
}

/** The site's domain checked now against the test DNS server, as the Verify button asks. */
async function verifyNow(
  site: Site,
  domain: string,
  options: { now?: Date; extend?: boolean } = {},
) {
  return checkDomainNow(
    { events: services.events, checker: checker() },
    { productId: site.id, domain, token: await tokenOf(site) },
    options,
  );
}

/** A site served at its own verified domain. */
async function siteAt(domain: string, name = "Cafe Rose"): Promise<Site> {
  const site = await restaurant(name);
  expect(await addDomain(services.db, site.id, domain)).toEqual({ ok: true });
  pointHere(domain, await tokenOf(site));
  expect((await verifyNow(site, domain)).result).toBe("verified");
  return site;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * A request to the app with the Host header a browser sends for `host` (fetch may not set
 * it); without one, the app's own address, as tests usually send.
 */
function request(
  path: string,
  {
    host,
    method = "GET",
    headers = {},
    body,
    to = port,
  }: {
    host?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    to?: number;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: to,
        path,
        method,
        headers: { host: host ?? `127.0.0.1:${to}`, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: body.toString("utf8"),
          });
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** What a camera reads from a picture of the code. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("adding and verifying a domain", () => {
  it("verifies a domain once its TXT record and CNAME are right", async () => {
    const site = await restaurant();
    const domain = "menu.verified-cafe.com";
    const before = Date.now();
    expect(await addDomain(services.db, site.id, domain)).toEqual({ ok: true });

    const added = await domainOfSite(services.db, site.id);
    expect(added).toMatchObject({ domain, verified: false, lastCheck: null, lastCheckedAt: null });
    expect(added!.token).toMatch(/^portal-verify-[A-Za-z0-9_-]{24}$/);
    // Checked in the background for the next hour.
    expect(added!.recheckUntil!.getTime()).toBeGreaterThanOrEqual(
      before + DOMAIN_RECHECK_PERIOD_MS,
    );
    expect(added!.recheckUntil!.getTime()).toBeLessThanOrEqual(
      Date.now() + DOMAIN_RECHECK_PERIOD_MS,
    );
    expect(await verifiedDomainOfSite(services.db, site.id)).toBeNull();
    expect(await isVerifiedDomain(services.db, domain)).toBe(false);

    pointHere(domain, added!.token);
    const now = new Date();
    expect(await verifyNow(site, domain, { now })).toEqual({
      result: "verified",
      check: { txt: "found", pointing: "found" },
    });
    const verified = await domainOfSite(services.db, site.id);
    expect(verified).toEqual({
      domain,
      token: added!.token,
      verified: true,
      lastCheck: { txt: "found", pointing: "found" },
      lastCheckedAt: now,
      recheckUntil: null,
    });
    expect(await verifiedDomainOfSite(services.db, site.id)).toBe(domain);
    expect(await isVerifiedDomain(services.db, domain)).toBe(true);
    expect(await siteOfVerifiedDomain(services.db, domain)).toEqual({
      domain,
      productId: site.id,
      type: "restaurant",
    });

    // Checked again later, it stays verified, from the first time.
    const later = new Date(now.getTime() + 60_000);
    expect((await verifyNow(site, domain, { now: later })).result).toBe("verified");
    const [row] = await services.db
      .select({ verifiedAt: customDomains.verifiedAt, lastCheckedAt: customDomains.lastCheckedAt })
      .from(customDomains)
      .where(eq(customDomains.productId, site.id));
    expect(row).toEqual({ verifiedAt: now, lastCheckedAt: later });
  });

  it("does not verify a domain whose TXT record holds another token", async () => {
    const site = await restaurant();
    const domain = "menu.wrong-token.com";
    await addDomain(services.db, site.id, domain);
    pointHere(domain, "portal-verify-someone-elses-token");
    expect(await verifyNow(site, domain)).toEqual({
      result: "not-yet",
      check: { txt: "wrong", pointing: "found" },
    });
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: false,
      lastCheck: { txt: "wrong", pointing: "found" },
    });
    expect(await isVerifiedDomain(services.db, domain)).toBe(false);
  });

  it("does not verify a domain without records, and checks it another hour when asked", async () => {
    const site = await restaurant();
    const domain = "menu.no-records.com";
    await addDomain(services.db, site.id, domain);
    const { recheckUntil } = (await domainOfSite(services.db, site.id))!;
    expect(await verifyNow(site, domain)).toEqual({
      result: "not-yet",
      check: { txt: "missing", pointing: "missing" },
    });
    // A background check keeps the hour as it was.
    expect((await domainOfSite(services.db, site.id))!.recheckUntil).toEqual(recheckUntil);

    // The owner pressed Verify: another hour from then.
    const pressed = new Date(Date.now() + 30 * 60_000);
    dns.set(domain, "CNAME", ["elsewhere.example.org"]);
    expect(await verifyNow(site, domain, { now: pressed, extend: true })).toEqual({
      result: "not-yet",
      check: { txt: "missing", pointing: "elsewhere" },
    });
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: false,
      lastCheck: { txt: "missing", pointing: "elsewhere" },
      lastCheckedAt: pressed,
      recheckUntil: new Date(pressed.getTime() + DOMAIN_RECHECK_PERIOD_MS),
    });
  });

  it("verifies an apex domain whose A records are the portal's", async () => {
    const site = await restaurant();
    const domain = "apex-cafe.com";
    await addDomain(services.db, site.id, domain);
    dns.set(domain, "A", IPS);
    dns.set(verifyRecordName(domain), "TXT", [await tokenOf(site)]);
    expect(await verifyNow(site, domain)).toEqual({
      result: "verified",
      check: { txt: "found", pointing: "found" },
    });
  });

  it("gives a site one domain at a time", async () => {
    const site = await restaurant();
    expect(await addDomain(services.db, site.id, "menu.first-domain.com")).toEqual({ ok: true });
    const token = await tokenOf(site);
    expect(await addDomain(services.db, site.id, "menu.second-domain.com")).toEqual({
      ok: false,
      reason: "site-has-one",
    });
    expect(await addDomain(services.db, site.id, "menu.first-domain.com")).toEqual({
      ok: false,
      reason: "site-has-one",
    });
    // The first one is kept as it was.
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      domain: "menu.first-domain.com",
      token,
    });
  });

  it("refuses a domain another site holds verified", async () => {
    await siteAt("menu.held-elsewhere.com");
    const other = await restaurant("Other Cafe");
    expect(await addDomain(services.db, other.id, "menu.held-elsewhere.com")).toEqual({
      ok: false,
      reason: "taken",
    });
    expect(await domainOfSite(services.db, other.id)).toBeNull();
  });

  it("lets the first site to prove control keep a domain two sites asked for", async () => {
    const domain = "menu.two-claims.com";
    const late = await restaurant("Late Cafe");
    const first = await restaurant("First Cafe");
    // The late site asked first, but could not show its token before the other did.
    expect(await addDomain(services.db, late.id, domain)).toEqual({ ok: true });
    expect(await addDomain(services.db, first.id, domain)).toEqual({ ok: true });
    pointHere(domain, await tokenOf(first));
    expect((await verifyNow(late, domain)).check).toEqual({ txt: "wrong", pointing: "found" });
    expect((await verifyNow(first, domain)).result).toBe("verified");

    // Now both tokens are there: the late site's check passes, but the domain is taken.
    pointHere(domain, await tokenOf(first), await tokenOf(late));
    expect(await verifyNow(late, domain)).toEqual({
      result: "taken",
      check: { txt: "found", pointing: "found" },
    });
    // Not checked in the background any more, and the domain still serves the first site.
    expect(await domainOfSite(services.db, late.id)).toMatchObject({
      verified: false,
      recheckUntil: null,
      lastCheck: { txt: "found", pointing: "found" },
    });
    expect(await siteOfVerifiedDomain(services.db, domain)).toMatchObject({ productId: first.id });
  });

  it("lets one of two sites passing their checks at the same moment have the domain", async () => {
    const domain = "menu.same-moment.com";
    const one = await restaurant("One Cafe");
    const two = await restaurant("Two Cafe");
    await addDomain(services.db, one.id, domain);
    await addDomain(services.db, two.id, domain);
    const passed: DomainCheck = { txt: "found", pointing: "found" };
    const results = await Promise.all([
      recordDomainCheck(services.events, one.id, await tokenOf(one), passed),
      recordDomainCheck(services.events, two.id, await tokenOf(two), passed),
    ]);
    expect([...results].sort()).toEqual(["taken", "verified"]);
    const winner = results[0] === "verified" ? one : two;
    expect(await siteOfVerifiedDomain(services.db, domain)).toMatchObject({
      productId: winner.id,
    });
  });

  it("leaves alone a domain removed and added again while it was checked", async () => {
    const site = await restaurant();
    const domain = "menu.added-again.com";
    await addDomain(services.db, site.id, domain);
    const oldToken = await tokenOf(site);
    await removeDomain(services.events, site.id);
    await addDomain(services.db, site.id, domain);
    const passed: DomainCheck = { txt: "found", pointing: "found" };
    expect(await recordDomainCheck(services.events, site.id, oldToken, passed)).toBe("gone");
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: false,
      lastCheck: null,
    });
    expect(await tokenOf(site)).not.toBe(oldToken);
  });

  it("throws a DNS failure to the owner and records nothing", async () => {
    const site = await restaurant();
    const domain = "menu.dns-down.com";
    await addDomain(services.db, site.id, domain);
    const failing: DomainChecker = {
      check: () => Promise.reject(new DnsLookupError("DNS look-up failed: test")),
    };
    await expect(
      checkDomainNow(
        { events: services.events, checker: failing },
        { productId: site.id, domain, token: await tokenOf(site) },
      ),
    ).rejects.toBeInstanceOf(DnsLookupError);
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      lastCheck: null,
      lastCheckedAt: null,
    });
  });
});

describe("background re-checks", () => {
  // Each test on its own stretch of time, far from the real clock: the domains other
  // tests added (checked until an hour from now) are not due then.
  const start = (year: number) => new Date(`${year}-03-01T12:00:00Z`);
  const minutes = (from: Date, count: number) => new Date(from.getTime() + count * 60_000);

  it("verify a domain whose records appear after it was added", async () => {
    const t0 = start(2031);
    const site = await restaurant();
    const domain = "menu.appears-later.com";
    await addDomain(services.db, site.id, domain, t0);
    const rechecks = services.domainChecks!.rechecks;

    expect(await rechecks.runOnce(minutes(t0, 1))).toBe(1);
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: false,
      lastCheck: { txt: "missing", pointing: "missing" },
      lastCheckedAt: minutes(t0, 1),
    });

    pointHere(domain, await tokenOf(site));
    // Checked a minute ago: not again within the interval.
    expect(await rechecks.runOnce(minutes(t0, 2))).toBe(0);
    expect((await domainOfSite(services.db, site.id))!.verified).toBe(false);

    const due = new Date(minutes(t0, 1).getTime() + DOMAIN_RECHECK_INTERVAL_MS);
    expect(await rechecks.runOnce(due)).toBe(1);
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: true,
      lastCheck: { txt: "found", pointing: "found" },
      recheckUntil: null,
    });
    // A verified domain is not checked in the background any more.
    expect(await rechecks.runOnce(minutes(due, 10))).toBe(0);
    // And it serves its site at once.
    const page = await request("/", { host: domain });
    expect(page.status).toBe(200);
    expect(page.text).toContain(site.name);
  });

  it("claim each due domain once per interval", async () => {
    const t0 = start(2032);
    const site = await restaurant();
    await addDomain(services.db, site.id, "menu.claimed-once.com", t0);
    const claimed = await claimDomainsToRecheck(services.db, minutes(t0, 1));
    expect(claimed).toEqual([
      { productId: site.id, domain: "menu.claimed-once.com", token: await tokenOf(site) },
    ]);
    // Another process asking in the same round gets nothing.
    expect(await claimDomainsToRecheck(services.db, minutes(t0, 1))).toEqual([]);
    expect(await claimDomainsToRecheck(services.db, minutes(t0, 5))).toEqual([]);
    expect(await claimDomainsToRecheck(services.db, minutes(t0, 6))).toHaveLength(1);
  });

  it("stop an hour after the domain was added", async () => {
    const t0 = start(2033);
    const site = await restaurant();
    const domain = "menu.hour-over.com";
    await addDomain(services.db, site.id, domain, t0);
    pointHere(domain, await tokenOf(site));
    const rechecks = services.domainChecks!.rechecks;
    const hourOver = new Date(t0.getTime() + DOMAIN_RECHECK_PERIOD_MS);
    expect(await rechecks.runOnce(hourOver)).toBe(0);
    expect(await rechecks.runOnce(minutes(hourOver, 30))).toBe(0);
    expect(await domainOfSite(services.db, site.id)).toMatchObject({
      verified: false,
      lastCheckedAt: null,
    });
    // Pressing Verify still verifies it.
    expect((await verifyNow(site, domain, { now: minutes(hourOver, 31) })).result).toBe("verified");
  });

  it("check the other domains when one's DNS fails", async () => {
    const t0 = start(2034);
    const broken = await restaurant("Broken Cafe");
    const fine = await restaurant("Fine Cafe");
    await addDomain(services.db, broken.id, "menu.broken-dns.com", t0);
    await addDomain(services.db, fine.id, "menu.fine-dns.com", t0);
    pointHere("menu.broken-dns.com", await tokenOf(broken));
    pointHere("menu.fine-dns.com", await tokenOf(fine));
    const flaky: DomainChecker = {
      check: (domain, token) =>
        domain === "menu.broken-dns.com"
          ? Promise.reject(new DnsLookupError("DNS look-up failed: test"))
          : checker().check(domain, token),
    };
    const rechecks = createDomainRechecks({
      db: services.db,
      events: services.events,
      checker: flaky,
    });
    expect(await rechecks.runOnce(minutes(t0, 1))).toBe(2);
    expect((await domainOfSite(services.db, fine.id))!.verified).toBe(true);
    expect(await domainOfSite(services.db, broken.id)).toMatchObject({
      verified: false,
      lastCheck: null,
    });
    await rechecks.close();
  });
});

describe("a site at its own domain", () => {
  const domain = "menu.caferose.com";
  const origin = `http://${domain}`;
  let site: Site;
  beforeAll(async () => {
    site = await siteAt(domain);
  });

  it("shows the site's page at the root, cached by host", async () => {
    const first = await request("/", { host: domain });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.text).toContain("Cafe Rose");
    expect(canonicalOf(first.text)).toBe(`${origin}/`);
    // Its links stay on the domain: nothing names the portal's address of the page.
    expect(first.text).not.toContain(`${site.path}`);

    // The host is known now: repeat views are answered at the page cache's front door.
    const answeredBefore = app.frontAnswers();
    const second = await request("/", { host: domain });
    expect(second.status).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);
    expect(second.headers["content-security-policy"]).toBe(
      first.headers["content-security-policy"],
    );
    // A restaurant's page, known by its host alone: the menu's scripts are the ones allowed.
    expect(second.headers["content-security-policy"]).toContain(
      `script-src ${PUBLIC_SCRIPT_HASHES.r.join(" ")};`,
    );

    // A scan's ?src=qr is the same page.
    const scanned = await request("/?src=qr", { host: domain });
    expect(scanned.status).toBe(200);
    expect(scanned.headers["x-page-cache"]).toBe("hit");
    expect(scanned.text).toBe(first.text);
    expect(app.frontAnswers()).toBe(answeredBefore + 2);
    // Only its page: anything else on the domain goes on to Express, which refuses it.
    expect((await request("/user", { host: domain })).status).toBe(404);
    expect(app.frontAnswers()).toBe(answeredBefore + 2);

    // The host in any case, with a final dot or a port, is the same domain.
    for (const host of ["MENU.CafeRose.com", `${domain}.`, `${domain}:8080`]) {
      const same = await request("/", { host });
      expect(same.status, host).toBe(200);
      expect(same.text, host).toContain("Cafe Rose");
    }
  });

  it("shows an owner's change there on the next view", async () => {
    const renamedDomain = "menu.renamed-cafe.com";
    const renamed = await siteAt(renamedDomain, "Before Rename Cafe");
    const first = await request("/", { host: renamedDomain });
    expect(first.text).toContain("Before Rename Cafe");
    expect((await request("/", { host: renamedDomain })).headers["x-page-cache"]).toBe("hit");

    const info = (await loadProductInfo(services.db, renamed.id))!;
    await saveProductInfo(services.events, renamed.ownerUid, renamed.id, {
      name: "After Rename Cafe",
      contact: info.contact,
      address: info.address,
      colors: info.colors,
      hours: info.hours,
    });
    const next = await request("/", { host: renamedDomain });
    expect(next.headers["x-page-cache"]).toBe("miss");
    expect(next.text).toContain("After Rename Cafe");
    expect(next.text).not.toContain("Before Rename Cafe");
    // The portal's address, under its new slug or its old one, still sends visitors there.
    expect((await request(`/r/after-rename-cafe-${renamed.id}`)).headers.location).toBe(
      `http://${renamedDomain}/`,
    );
    expect((await request(renamed.path)).headers.location).toBe(`http://${renamedDomain}/`);
  });

  it("gives a shop's filters in the query to its page there", async () => {
    const shopDomain = "shop.harbor-goods.com";
    const { userId } = await registerOwner(services);
    const created = await createProduct(services.events, userId, {
      type: "shoppy",
      name: "Harbor Goods",
    });
    if (!created.ok) throw new Error(created.reason);
    const product = { id: created.productId, ownerUid: userId };
    for (const [name, tag] of [
      ["Pizza Stone", "Alpha"],
      ["Tea Towel", "Beta"],
    ] as const) {
      const added = await addItem(services.events, product, { name, priceCents: 900, tags: [tag] });
      if (!added.ok) throw new Error(added.reason);
    }
    const shop: Site = {
      id: created.productId,
      ownerUid: userId,
      name: "Harbor Goods",
      path: publicPath("shoppy", "harbor-goods", created.productId),
    };
    expect(await addDomain(services.db, shop.id, shopDomain)).toEqual({ ok: true });
    pointHere(shopDomain, await tokenOf(shop));
    expect((await verifyNow(shop, shopDomain)).result).toBe("verified");
    expect((await request(shop.path)).headers.location).toBe(`http://${shopDomain}/`);

    const all = await request("/", { host: shopDomain });
    expect(all.status).toBe(200);
    expect(all.text).toContain("Pizza Stone");
    expect(all.text).toContain("Tea Towel");
    expect(canonicalOf(all.text)).toBe(`http://${shopDomain}/`);

    const searched = await request("/?q=stone", { host: shopDomain });
    expect(searched.status).toBe(200);
    expect(searched.headers["x-page-cache"]).toBe("miss");
    // The search is the page's: one of the two items shows, the other is hidden.
    expect(searched.text).toContain('name="q" value="stone"');
    expect(searched.text).toContain("1 of 2 items");
    expect(all.text).toContain("2 items");
    // What the page does not read shares its entry.
    const tracked = await request("/?utm_source=flyer&q=stone", { host: shopDomain });
    expect(tracked.headers["x-page-cache"]).toBe("hit");
    expect(tracked.text).toBe(searched.text);
    // The shop's own links stay on the domain.
    expect(all.text).not.toContain(shop.path);
  });

  it("never answers one domain with another site's page", async () => {
    const neighbour = await siteAt("menu.neighbour-bistro.com", "Neighbour Bistro");
    for (let round = 0; round < 2; round += 1) {
      const mine = await request("/", { host: domain });
      const theirs = await request("/", { host: "menu.neighbour-bistro.com" });
      expect(mine.text).toContain("Cafe Rose");
      expect(mine.text).not.toContain("Neighbour Bistro");
      expect(theirs.text).toContain(neighbour.name);
      expect(theirs.text).not.toContain("Cafe Rose");
      expect(canonicalOf(theirs.text)).toBe("http://menu.neighbour-bistro.com/");
    }
  });

  it("answers nothing of the portal there", async () => {
    for (const path of [
      "/user",
      "/user/restaurant/setup",
      "/signin",
      "/register",
      "/api/auth/get-session",
      site.path,
      `/r/${site.id}`,
      "/product/restaurant",
      "/sitemaps/1.xml",
      "/nothing-here",
    ]) {
      const answer = await request(path, { host: domain });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["set-cookie"], path).toBeUndefined();
    }
    for (const [method, path] of [
      ["POST", "/"],
      ["POST", "/api/auth/sign-in/email"],
      ["PUT", "/"],
    ] as const) {
      const answer = await request(path, { host: domain, method });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("sets no cookie on any answer, not even to a signed-in owner's sign-in", async () => {
    const { owner, cookie } = await registerOwner(services);
    for (const path of ["/", "/?src=qr", "/qr.svg", "/qr.png", "/robots.txt", "/sitemap.xml"]) {
      const answer = await request(path, { host: domain, headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["set-cookie"], path).toBeUndefined();
    }
    for (const path of ["/signin", "/api/auth/get-session", "/user"]) {
      const answer = await request(path, { host: domain, headers: { cookie } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers["set-cookie"], path).toBeUndefined();
    }
    // Signing in through the auth API sets the session cookie at the portal, never here.
    const signIn = (host?: string) =>
      request("/api/auth/sign-in/email", {
        host,
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: host ? `http://${host}` : PUBLIC_URL,
        },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      });
    const onDomain = await signIn(domain);
    expect(onDomain.status).toBe(404);
    expect(onDomain.headers["set-cookie"]).toBeUndefined();
    const atPortal = await signIn();
    expect(atPortal.status).toBe(200);
    expect(atPortal.headers["set-cookie"]?.join("\n")).toMatch(/session_token=/);
  });

  it("names the domain in its robots.txt and sitemap", async () => {
    const robots = await request("/robots.txt", { host: domain });
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.text).toMatch(/^User-agent: \*$/m);
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const sitemap = await request("/sitemap.xml", { host: domain });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers["content-type"]).toMatch(/^application\/xml/);
    const locations = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([`${origin}/`]);
  });

  it("has QR codes there that open the domain", async () => {
    const svg = await request("/qr.svg", { host: domain });
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.text).toContain("<svg");

    const png = await request("/qr.png", { host: domain });
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(decodeQr(png.body)).toBe(`${origin}/?src=qr`);
  });

  it("is sent there from its portal address, with the query", async () => {
    const moved = await request(site.path);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(`${origin}/`);
    expect(moved.headers["cache-control"]).toBe("public, max-age=300");
    expect(moved.headers["set-cookie"]).toBeUndefined();

    const scanned = await request(`${site.path}?src=qr`);
    expect(scanned.status).toBe(301);
    expect(scanned.headers.location).toBe(`${origin}/?src=qr`);

    // An old slug or none: the same domain.
    expect((await request(`/r/old-name-${site.id}`)).headers.location).toBe(`${origin}/`);
    expect((await request(`/r/${site.id}?a=1&b=2`)).headers.location).toBe(`${origin}/?a=1&b=2`);
  });

  it("keeps its order page at the portal's address, which the domain does not serve", async () => {
    for (const outcome of ["miss", "hit"]) {
      const order = await request(`${site.path}/order`);
      expect(order.status).toBe(200);
      expect(order.headers["x-page-cache"]).toBe(outcome);
      expect(order.headers.location).toBeUndefined();
    }
  });

  it("stays at the portal's address in the editor's preview frame", async () => {
    const preview = await request(site.path, {
      headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": "same-origin" },
    });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("Cafe Rose");
    // Still the domain for search engines.
    expect(canonicalOf(preview.text)).toBe(`${origin}/`);
    // A shared cache (a CDN) keeps neither this page nor the redirect for the other asker.
    expect(preview.headers["cache-control"]).toBe("private, no-cache");
    expect(preview.headers.vary).toMatch(/Sec-Fetch-Dest/);
    // The preview's page is cached at the portal's address, yet the front door leaves the
    // address to Express, which sends visitors on and keeps the preview private.
    const answeredBefore = app.frontAnswers();
    const redirected = await request(site.path);
    expect(redirected.status).toBe(301);
    expect(redirected.headers.vary).toMatch(/Sec-Fetch-Dest/);
    const again = await request(site.path, {
      headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": "same-origin" },
    });
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.headers["cache-control"]).toBe("private, no-cache");
    expect(app.frontAnswers()).toBe(answeredBefore);

    // A frame on another site, or a page that is no frame, is sent to the domain.
    const notPreview: Record<string, string>[] = [
      { "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" },
      { "sec-fetch-dest": "document", "sec-fetch-site": "same-origin" },
      { "sec-fetch-dest": "iframe" },
    ];
    for (const headers of notPreview) {
      const answer = await request(site.path, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(301);
    }
  });

  it("is left out of the portal's sitemap", async () => {
    const plain = await restaurant("Plain Diner");
    const sitemap = await request("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${PUBLIC_URL}${plain.path}</loc>`);
    expect(sitemap.text).not.toContain(site.id);
    expect(sitemap.text).not.toContain(domain);
  });

  it("has QR codes at the portal's address that encode the domain", async () => {
    const png = await request(`${site.path}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(decodeQr(png.body)).toBe(`${origin}/?src=qr`);
    const svg = await request(`${site.path}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  });
});

describe("other hosts", () => {
  it("get a 404 for everything, site paths included", async () => {
    const site = await siteAt("menu.for-strangers.com", "Stranger Test Cafe");
    for (const path of ["/", "/user", "/signin", site.path, `${site.path}/qr.png`, "/qr.svg"]) {
      const answer = await request(path, { host: "stranger.example.org" });
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain("Stranger Test Cafe");
      expect(answer.headers["set-cookie"], path).toBeUndefined();
      expect(answer.headers["cache-control"], path).toBe("no-store");
    }
  });

  it("include a domain asked for but not verified yet", async () => {
    const site = await restaurant("Pending Cafe");
    const domain = "menu.pending-cafe.com";
    await addDomain(services.db, site.id, domain);
    // The records point here, but the TXT record is missing.
    dns.set(domain, "CNAME", [TARGET]);
    expect((await verifyNow(site, domain)).result).toBe("not-yet");

    const answer = await request("/", { host: domain });
    expect(answer.status).toBe(404);
    expect(answer.text).toContain("not connected to a site yet");
    expect(answer.text).not.toContain("Pending Cafe");
    // The site stays at its portal address meanwhile.
    expect((await request(site.path)).status).toBe(200);

    // Verified, it answers at once, though it was just asked for.
    dns.set(verifyRecordName(domain), "TXT", [await tokenOf(site)]);
    expect((await verifyNow(site, domain)).result).toBe("verified");
    const served = await request("/", { host: domain });
    expect(served.status).toBe(200);
    expect(served.text).toContain("Pending Cafe");
    expect((await request(site.path)).status).toBe(301);
  });
});

describe("removing a domain", () => {
  it("takes the site off the domain at once, back at its portal address", async () => {
    const domain = "menu.removed-cafe.com";
    const site = await siteAt(domain, "Removed Cafe");
    expect((await request("/", { host: domain })).status).toBe(200);
    expect((await request(site.path)).status).toBe(301);

    expect(await removeDomain(services.events, site.id)).toBe(true);
    const gone = await request("/", { host: domain });
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain("Removed Cafe");
    expect((await request("/qr.png", { host: domain })).status).toBe(404);
    const back = await request(site.path);
    expect(back.status).toBe(200);
    expect(canonicalOf(back.text)).toBe(`${PUBLIC_URL}${site.path}`);
    expect(decodeQr((await request(`${site.path}/qr.png`)).body)).toBe(
      `${PUBLIC_URL}${site.path}?src=qr`,
    );
    expect(await domainOfSite(services.db, site.id)).toBeNull();
    expect(await isVerifiedDomain(services.db, domain)).toBe(false);
    expect(await removeDomain(services.events, site.id)).toBe(false);

    // Another site may have it now.
    const next = await restaurant("Next Cafe");
    expect(await addDomain(services.db, next.id, domain)).toEqual({ ok: true });
  });

  it("goes with a deleted site", async () => {
    const domain = "menu.deleted-cafe.com";
    const site = await siteAt(domain, "Deleted Cafe");
    expect((await request("/", { host: domain })).status).toBe(200);
    await deleteProduct(services.events, site.ownerUid, site.id);
    expect((await request("/", { host: domain })).status).toBe(404);
    expect((await request(`${TLS_ASK_PATH}?domain=${domain}`)).status).toBe(403);
  });
});

describe("the TLS ask", () => {
  const ask = (query: string, to?: number) => request(`${TLS_ASK_PATH}${query}`, { to });

  it("allows a certificate for a verified domain only", async () => {
    const domain = "menu.tls-cafe.com";
    await siteAt(domain, "TLS Cafe");
    const allowed = await ask(`?domain=${domain}`);
    expect(allowed.status).toBe(200);
    expect(allowed.headers["cache-control"]).toBe("no-store");
    expect((await ask(`?domain=MENU.tls-cafe.com.`)).status).toBe(200);
    // Asked with any Host, as the TLS front does.
    const fromFront = await request(`${TLS_ASK_PATH}?domain=${domain}`, { host: domain });
    expect(fromFront.status).toBe(200);

    const pending = await restaurant("Unverified TLS Cafe");
    await addDomain(services.db, pending.id, "menu.unverified-tls.com");
    expect((await ask("?domain=menu.unverified-tls.com")).status).toBe(403);
    expect((await ask("?domain=unknown.example.org")).status).toBe(403);
    expect((await ask("?domain=localhost")).status).toBe(403);
    expect((await ask("")).status).toBe(400);
    expect((await ask("?domain=")).status).toBe(400);
    expect((await ask("?domain=a&domain=b")).status).toBe(400);
  });

  it("is not there for addresses TLS_ASK_ALLOW does not name", async () => {
    await siteAt("menu.tls-allow.com", "TLS Allow Cafe");
    const elsewhere = await createSecondServices(services, { tlsAskAllow: ["10.0.0.0/8"] });
    const second = await startHttpApp(elsewhere, { countRenders: false });
    try {
      const secondPort = Number(new URL(second.url).port);
      const refused = await ask("?domain=menu.tls-allow.com", secondPort);
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain("allowed");
      expect((await ask("", secondPort)).status).toBe(404);
      // The same database asked from an allowed address says yes.
      expect((await ask("?domain=menu.tls-allow.com")).status).toBe(200);
    } finally {
      await second.close();
      await elsewhere.close();
    }
  });
});

describe("a portal that offers no custom domains", () => {
  it("serves no domain and allows no certificate, even one verified before", async () => {
    const domain = "menu.feature-off.com";
    const site = await siteAt(domain, "Feature Off Cafe");
    const off = await createSecondServices(services, { customDomains: null });
    const second = await startHttpApp(off, { countRenders: false });
    try {
      const secondPort = Number(new URL(second.url).port);
      expect(off.domainChecks).toBeNull();
      expect((await request("/", { host: domain, to: secondPort })).status).toBe(404);
      expect((await request(`${TLS_ASK_PATH}?domain=${domain}`, { to: secondPort })).status).toBe(
        403,
      );
      // The portal's address shows the page, with no redirect to a domain it does not serve,
      // and nothing there names that domain: the canonical address, the QR code, the sitemap.
      const page = await request(site.path, { to: secondPort });
      expect(page.status).toBe(200);
      expect(canonicalOf(page.text)).toBe(`${PUBLIC_URL}${site.path}`);
      expect(page.text).not.toContain(domain);
      const code = await request(`${site.path}/qr.png`, { to: secondPort });
      expect(decodeQr(code.body)).toBe(`${PUBLIC_URL}${site.path}?src=qr`);
      const sitemap = await request("/sitemap.xml", { to: secondPort });
      expect(sitemap.text).toContain(`${PUBLIC_URL}${site.path}`);
    } finally {
      await second.close();
      await off.close();
    }
  });
});
