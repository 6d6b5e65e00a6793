/**
 * An owner's typed domain made into the one form it is stored, looked up and served
 * under, or the reason it cannot be theirs.
 */
import { isIP } from "node:net";
import { domainToASCII, domainToUnicode } from "node:url";
import { getDomain, parse } from "tldts";
import { MESSAGES } from "~/lib/messages";

export type DomainNameResult =
  | {
      ok: true;
      /** Lower-case ASCII, without a final dot: `menu.caferose.com`, `xn--caf-dma.fr`. */
      domain: string;
      /** A registrable domain itself (`caferose.com`), where DNS allows no CNAME. */
      apex: boolean;
    }
  | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * What an owner typed, as a domain: "https://Menu.CaféRose.com/" becomes
 * `menu.xn--caferose-...com`. `reserved` are the portal's own host names: they and
 * every name under them are refused.
 */
export function parseDomainName(input: string, reserved: readonly string[]): DomainNameResult {
  const typed = input
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/[/?#].*$/s, "")
    .replace(/\.$/, "");
  if (!typed) return { ok: false, message: MESSAGES.domainRequired };
  if (typed.length > 300 || /[\s@:]/.test(typed) || isIP(typed.replace(/^\[|\]$/g, "")) !== 0) {
    return { ok: false, message: MESSAGES.domainInvalid };
  }
  const domain = domainToASCII(typed.toLowerCase());
  const labels = domain.split(".");
  if (!domain || domain.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    return { ok: false, message: MESSAGES.domainInvalid };
  }
  if (reserved.some((host) => domain === host || domain.endsWith(`.${host}`))) {
    return { ok: false, message: MESSAGES.domainOurs };
  }
  // Private suffixes too (github.io, blogspot.com): a name there is shared with strangers.
  const parts = parse(domain, { allowPrivateDomains: true });
  if (!parts.isIcann && !parts.isPrivate) return { ok: false, message: MESSAGES.domainUnknownTld };
  if (!parts.domain || domain === parts.publicSuffix) {
    return { ok: false, message: MESSAGES.domainPublicSuffix };
  }
  return { ok: true, domain, apex: domain === parts.domain };
}

/** A request's host name in the form domains are stored in (no port, no final dot). */
export function hostOfRequest(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/** A stored domain as people write it: `café.fr` rather than `xn--caf-dma.fr`. */
export function displayDomain(domain: string): string {
  return domainToUnicode(domain) || domain;
}

/** The registrable domain a name is under (`caferose.com`): where the owner's DNS zone starts. */
export function zoneOf(domain: string): string {
  return getDomain(domain, { allowPrivateDomains: true }) ?? domain;
}
