/**
 * The DNS check against a real DNS server (tests/support/dns-server.ts) asked over the
 * network by node:dns, as the operator's resolvers are.
 */
import { Resolver } from "node:dns/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyRecordName } from "~/lib/custom-domains";
import { startDnsServer, type TestDnsServer } from "../../../tests/support/dns-server";
import type { CustomDomainsConfig } from "../runtime/env.server";
import { createDomainChecker, DnsLookupError, type DomainChecker } from "./dns-check.server";

const TARGET = "sites.example.net";
const IPS = ["203.0.113.10", "203.0.113.11", "2001:db8::10"];
const TOKEN = "portal-verify-the-right-token";

let dns: TestDnsServer;
let checker: DomainChecker;

beforeAll(async () => {
  dns = await startDnsServer();
  const config: CustomDomainsConfig = { target: TARGET, ips: IPS, dnsServers: [dns.address] };
  checker = createDomainChecker(config);
});
afterAll(async () => {
  await dns?.close();
});
beforeEach(() => {
  dns.clear();
});

describe("the test DNS server", () => {
  it("answers node:dns: records, NODATA for a name without the type, NXDOMAIN for none", async () => {
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([dns.address]);
    dns.set("Menu.Example.org.", "CNAME", ["sites.example.net"]);
    dns.set("menu.example.org", "TXT", ["hello"]);
    expect(await resolver.resolveCname("MENU.example.org")).toEqual(["sites.example.net"]);
    expect(await resolver.resolveTxt("menu.example.org.")).toEqual([["hello"]]);
    await expect(resolver.resolve4("menu.example.org")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(resolver.resolve4("nobody.example.org")).rejects.toMatchObject({
      code: "ENOTFOUND",
    });
    dns.set("menu.example.org", "TXT", []);
    dns.set("menu.example.org", "CNAME", []);
    await expect(resolver.resolveTxt("menu.example.org")).rejects.toMatchObject({
      code: "ENOTFOUND",
    });
  });

  it("answers over TCP what does not fit in a UDP message", async () => {
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([dns.address]);
    const values = Array.from({ length: 20 }, (_, i) => `value-${i}-${"x".repeat(100)}`);
    dns.set("big.example.org", "TXT", values);
    const found = await resolver.resolveTxt("big.example.org");
    expect(found.map((pieces) => pieces.join("")).sort()).toEqual([...values].sort());
  });
});

describe("createDomainChecker", () => {
  const domain = "menu.caferose.com";
  const apex = "caferose.com";

  it("finds both records: a CNAME to the target and the TXT record with the token", async () => {
    dns.set(domain, "CNAME", [TARGET]);
    dns.set(verifyRecordName(domain), "TXT", [TOKEN]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "found" });
  });

  it("takes the target in any case and with a final dot", async () => {
    dns.set(domain, "CNAME", ["Sites.Example.NET."]);
    dns.set(verifyRecordName(domain), "TXT", [TOKEN]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "found" });
  });

  it("tells a TXT record holding another token from a missing one", async () => {
    dns.set(domain, "CNAME", [TARGET]);
    dns.set(verifyRecordName(domain), "TXT", ["portal-verify-someone-elses-token"]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "wrong", pointing: "found" });

    dns.set(verifyRecordName(domain), "TXT", []);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "missing", pointing: "found" });
    // The TXT record on the domain itself is not the one asked for.
    dns.set(domain, "TXT", [TOKEN]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "missing", pointing: "found" });
  });

  it("finds the token among other TXT records at the name", async () => {
    dns.set(domain, "CNAME", [TARGET]);
    dns.set(verifyRecordName(domain), "TXT", ["v=spf1 -all", ` ${TOKEN} `, "another"]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "found" });
  });

  it("joins a TXT record sent in several strings", async () => {
    const longToken = `portal-verify-${"k".repeat(300)}`;
    dns.set(domain, "CNAME", [TARGET]);
    // Split by the server in 255-byte strings, and split by hand.
    dns.set(verifyRecordName(domain), "TXT", [longToken]);
    expect(await checker.check(domain, longToken)).toEqual({ txt: "found", pointing: "found" });
    dns.set(verifyRecordName(domain), "TXT", [["portal-verify-", "the-right-", "token"]]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "found" });
  });

  it("sees a CNAME to another host as pointing elsewhere", async () => {
    dns.set(domain, "CNAME", ["caferose.squarespace.example"]);
    dns.set(verifyRecordName(domain), "TXT", [TOKEN]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
    // A name that merely ends like the target is another host.
    dns.set(domain, "CNAME", [`evil${TARGET}`]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
    dns.set(domain, "CNAME", [`www.${TARGET}`]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
  });

  it("takes an apex domain's A and AAAA records when every one is ours", async () => {
    dns.set(verifyRecordName(apex), "TXT", [TOKEN]);
    dns.set(apex, "A", ["203.0.113.10"]);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "found" });
    dns.set(apex, "A", ["203.0.113.10", "203.0.113.11"]);
    dns.set(apex, "AAAA", ["2001:db8::10"]);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "found" });
    dns.set(apex, "A", []);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "found" });
  });

  it("sees one stray address as pointing elsewhere", async () => {
    dns.set(verifyRecordName(apex), "TXT", [TOKEN]);
    dns.set(apex, "A", ["203.0.113.10", "198.51.100.7"]);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
    dns.set(apex, "A", ["203.0.113.10"]);
    dns.set(apex, "AAAA", ["2001:db8::99"]);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
  });

  it("takes the target's own addresses when the operator named none (an ALIAS record)", async () => {
    const withoutIps = createDomainChecker({
      target: TARGET,
      ips: [],
      dnsServers: [dns.address],
    });
    dns.set(verifyRecordName(apex), "TXT", [TOKEN]);
    dns.set(apex, "A", ["198.51.100.20"]);
    // The target has no addresses: nothing can be ours.
    expect(await withoutIps.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });

    dns.set(TARGET, "A", ["198.51.100.20", "198.51.100.21"]);
    dns.set(TARGET, "AAAA", ["2001:db8::20"]);
    expect(await withoutIps.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "found" });
    dns.set(apex, "AAAA", ["2001:db8::20"]);
    expect(await withoutIps.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "found" });
    dns.set(apex, "A", ["198.51.100.20", "203.0.113.10"]);
    expect(await withoutIps.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
    // With CUSTOM_DOMAIN_IPS set, only they count, not the target's addresses.
    dns.set(apex, "A", ["198.51.100.20"]);
    dns.set(apex, "AAAA", []);
    expect(await checker.check(apex, TOKEN)).toEqual({ txt: "found", pointing: "elsewhere" });
  });

  it("reports missing records for a name with none, or with other types only", async () => {
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "missing", pointing: "missing" });
    dns.set(domain, "TXT", ["something"]);
    expect(await checker.check(domain, TOKEN)).toEqual({ txt: "missing", pointing: "missing" });
  });

  it("throws a DnsLookupError when no DNS server answers", async () => {
    const gone = await startDnsServer();
    await gone.close();
    const unreachable = createDomainChecker({
      target: TARGET,
      ips: IPS,
      dnsServers: [gone.address],
    });
    const failure = await unreachable.check(domain, TOKEN).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DnsLookupError);
    expect((failure as Error).message).toMatch(/^DNS look-up failed: /);
  }, 20_000);
});
