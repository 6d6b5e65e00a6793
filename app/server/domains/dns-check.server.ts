/**
 * Looks up an owner's DNS records with node:dns: the TXT record that proves they control
 * the domain, and the records that send its visitors here. Asks the operator's resolvers
 * (CUSTOM_DOMAIN_DNS_SERVERS) or the system's.
 */
import { Resolver } from "node:dns/promises";
import {
  verifyRecordName,
  type DomainCheck,
  type PointingCheck,
  type TxtCheck,
} from "~/lib/custom-domains";
import type { CustomDomainsConfig } from "../runtime/env.server";

/** Answers that mean "there is no such record", as opposed to a failed look-up. */
const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "ENONAME", "NOTFOUND", "NODATA"]);

export class DnsLookupError extends Error {
  override name = "DnsLookupError";
}

/** A check gives up on a resolver that does not answer within this (then tries once more). */
const LOOKUP_TIMEOUT_MS = 3000;

export interface DomainChecker {
  /** What the domain's records say now; throws a DnsLookupError when DNS cannot be asked. */
  check(domain: string, token: string): Promise<DomainCheck>;
}

export function createDomainChecker(config: CustomDomainsConfig): DomainChecker {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  const target = config.target;
  const ips = new Set(config.ips);

  /** The records of one type at a name; [] when there are none. */
  async function records<T>(lookup: () => Promise<T[]>): Promise<T[]> {
    try {
      return await lookup();
    } catch (error) {
      if (NO_RECORD.has((error as { code?: string }).code ?? "")) return [];
      throw new DnsLookupError(`DNS look-up failed: ${(error as Error).message}`);
    }
  }

  async function txtCheck(domain: string, token: string): Promise<TxtCheck> {
    const found = await records(() => resolver.resolveTxt(verifyRecordName(domain)));
    if (found.length === 0) return "missing";
    // A long TXT value arrives in 255-byte pieces: joined, they are the record.
    return found.some((pieces) => pieces.join("").trim() === token) ? "found" : "wrong";
  }

  async function pointingCheck(domain: string): Promise<PointingCheck> {
    const cnames = await records(() => resolver.resolveCname(domain));
    if (cnames.length > 0) {
      return cnames.some((name) => name.toLowerCase().replace(/\.$/, "") === target)
        ? "found"
        : "elsewhere";
    }
    const addresses = [
      ...(await records(() => resolver.resolve4(domain))),
      ...(await records(() => resolver.resolve6(domain))),
    ];
    if (addresses.length === 0) return "missing";
    const ours = await portalAddresses();
    // Every address must be ours: one stray record would send some visitors elsewhere.
    return ours.size > 0 && addresses.every((address) => ours.has(address)) ? "found" : "elsewhere";
  }

  /**
   * CUSTOM_DOMAIN_IPS; without them, the target's own addresses, which is what an ALIAS
   * (or flattened CNAME) record at a domain's root resolves to.
   */
  async function portalAddresses(): Promise<Set<string>> {
    if (ips.size > 0) return ips;
    return new Set([
      ...(await records(() => resolver.resolve4(target))),
      ...(await records(() => resolver.resolve6(target))),
    ]);
  }

  return {
    async check(domain, token) {
      const [txt, pointing] = await Promise.all([txtCheck(domain, token), pointingCheck(domain)]);
      return { txt, pointing };
    },
  };
}
