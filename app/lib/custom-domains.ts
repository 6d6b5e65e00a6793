import { z } from "zod";
import { MESSAGES } from "./messages";
/**
 * Owners' own domains: what their DNS must say, and what a check found. Shared by the
 * portal's page and the server that checks and serves them.
 */

/** The TXT record that proves an owner controls a domain sits at this name. */
export const VERIFY_RECORD_PREFIX = "_portal-verify";

/**
 * A site's root on its own domain, served with the portal's scheme (behind the same TLS
 * front): `https://menu.caferose.com/`.
 */
export function customDomainUrl(publicUrl: string, domain: string): string {
  return `${new URL(publicUrl).protocol}//${domain}/`;
}

export function verifyRecordName(domain: string): string {
  return `${VERIFY_RECORD_PREFIX}.${domain}`;
}

/** The TXT record: present with the domain's token, absent, or holding something else. */
export type TxtCheck = "found" | "missing" | "wrong";
/** The domain's own records: pointing at the portal, absent, or pointing somewhere else. */
export type PointingCheck = "found" | "missing" | "elsewhere";

export interface DomainCheck {
  txt: TxtCheck;
  pointing: PointingCheck;
}

export function isCheckPassed(check: DomainCheck): boolean {
  return check.txt === "found" && check.pointing === "found";
}

/** A stored check, read back from the database's JSON; null for anything else. */
export function storedDomainCheck(value: unknown): DomainCheck | null {
  const check = value as Partial<DomainCheck> | null;
  const txt = ["found", "missing", "wrong"].includes(String(check?.txt));
  const pointing = ["found", "missing", "elsewhere"].includes(String(check?.pointing));
  return txt && pointing ? (check as DomainCheck) : null;
}

/** How often an unverified domain is checked in the background, and for how long. */
export const DOMAIN_RECHECK_INTERVAL_MS = 5 * 60 * 1000;
export const DOMAIN_RECHECK_PERIOD_MS = 60 * 60 * 1000;

export const DOMAIN_INTENTS = ["add-domain", "verify-domain", "remove-domain"] as const;
export type DomainIntent = (typeof DOMAIN_INTENTS)[number];

/** The Add form: the browser only checks that something was typed; the server checks the rest. */
export const addDomainSchema = z.object({
  domain: z
    .string({ error: MESSAGES.domainRequired })
    .trim()
    .min(1, MESSAGES.domainRequired)
    .max(300, MESSAGES.domainInvalid),
});

export type DnsRecordPurpose = "points" | "proves";

export interface DnsRecordToSet {
  type: "CNAME" | "A" | "AAAA" | "ALIAS" | "TXT";
  /** The full name: `menu.caferose.com`. */
  name: string;
  /** The name as most providers' forms want it, inside the owner's zone: `menu`, or `@`. */
  host: string;
  value: string;
  /** Sends visitors here, or proves the owner controls the domain. */
  purpose: DnsRecordPurpose;
}

/**
 * What the owner sets at their DNS provider. A name under their domain gets a CNAME to the
 * portal's target; the domain itself (where DNS forbids a CNAME) gets A/AAAA records to the
 * portal's addresses, or, when the operator gives none, an ALIAS (also called ANAME or CNAME
 * flattening) to the target.
 */
export function dnsRecordsToSet(options: {
  domain: string;
  /** The registrable domain it is under (`caferose.com`), where the owner's zone starts. */
  zone: string;
  token: string;
  target: string;
  ips: readonly string[];
}): DnsRecordToSet[] {
  const { domain, zone, token, target, ips } = options;
  const hostIn = (name: string) =>
    name === zone ? "@" : name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name;
  const apex = domain === zone;
  const pointing: DnsRecordToSet[] = !apex
    ? [{ type: "CNAME", name: domain, host: hostIn(domain), value: target, purpose: "points" }]
    : ips.length > 0
      ? ips.map((ip) => ({
          type: ip.includes(":") ? ("AAAA" as const) : ("A" as const),
          name: domain,
          host: "@",
          value: ip,
          purpose: "points" as const,
        }))
      : [{ type: "ALIAS", name: domain, host: "@", value: target, purpose: "points" }];
  const proof = verifyRecordName(domain);
  return [
    ...pointing,
    { type: "TXT", name: proof, host: hostIn(proof), value: token, purpose: "proves" },
  ];
}
