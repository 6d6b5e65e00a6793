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
