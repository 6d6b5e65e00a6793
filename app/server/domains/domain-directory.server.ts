/**
 * Which host is what, asked on every request: the portal's own host, a verified custom
 * domain (and the site it serves), or a stranger. Answers from the database are kept for
 * a few seconds, so a busy custom domain costs one query per interval rather than one per
 * view; a write made here (a domain verified or removed, a site deleted) drops them at
 * once, and other processes see it within that interval.
 */
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client.server";
import type { Env } from "../runtime/env.server";
import type { Events } from "../events/events.server";
import {
  siteOfVerifiedDomain,
  verifiedDomainOfSite,
  type DomainSite,
} from "./custom-domains.server";
import { hostOfRequest } from "./domain-name.server";

/** How long another process's change to a domain may take to be seen here. */
export const DOMAIN_LOOKUP_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

/** Names that can only come from this machine: a newcomer's browser, a probe, a test. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export interface DomainDirectory {
  /** Whether custom domains are offered (CUSTOM_DOMAIN_TARGET is set). */
  readonly enabled: boolean;
  /** The portal's own host (PUBLIC_URL's), or a name of this machine. */
  isPortalHost(hostname: string): boolean;
  /** The site a verified domain serves, or null (always null while custom domains are off). */
  siteOf(hostname: string): Promise<DomainSite | null>;
  /** The site's verified domain, or null; up to 10 seconds old (for the hot path). */
  domainOf(productId: string): Promise<string | null>;
  /**
   * What `siteOf` and `domainOf` would answer from memory alone: undefined when that
   * needs the database. For the page cache's front door, which never waits.
   */
  knownSiteOf(hostname: string): DomainSite | null | undefined;
  knownDomainOf(productId: string): string | null | undefined;
  /** The same, read now: for what is shown to the owner or printed. */
  currentDomainOf(productId: string): Promise<string | null>;
  /** The address a site answers at on its domain: `https://menu.caferose.com`. */
  originOf(domain: string): string;
}

/** `{ value }`: the cache keeps "none" answers as well as sites. */
type Cached<T> = { value: T };

export function createDomainDirectory(
  env: Pick<Env, "publicUrl" | "customDomains">,
  db: Database,
  events: Pick<Events, "onProductChangeCommitted">,
): DomainDirectory {
  const portalUrl = new URL(env.publicUrl);
  const portalHost = hostOfRequest(portalUrl.hostname);
  const enabled = env.customDomains !== null;
  const options = { max: MAX_ENTRIES, ttl: DOMAIN_LOOKUP_TTL_MS };
  const byHost = new LRUCache<string, Cached<DomainSite | null>>(options);
  const byProduct = new LRUCache<string, Cached<string | null>>(options);

  if (enabled) {
    events.onProductChangeCommitted((productId) => {
      byProduct.delete(productId);
      for (const [host, entry] of byHost.entries()) {
        // A host kept as "none" may be the domain just verified: it is looked up again.
        if (entry.value === null || entry.value.productId === productId) byHost.delete(host);
      }
    });
  }

  return {
    enabled,
    isPortalHost(hostname) {
      const host = hostOfRequest(hostname);
      return host === portalHost || LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost");
    },
    async siteOf(hostname) {
      if (!enabled) return null;
      const host = hostOfRequest(hostname);
      const cached = byHost.get(host);
      if (cached) return cached.value;
      const site = await siteOfVerifiedDomain(db, host);
      byHost.set(host, { value: site });
      return site;
    },
    async domainOf(productId) {
      if (!enabled) return null;
      const cached = byProduct.get(productId);
      if (cached) return cached.value;
      const domain = await verifiedDomainOfSite(db, productId);
      byProduct.set(productId, { value: domain });
      return domain;
    },
    knownSiteOf: (hostname) => (enabled ? byHost.get(hostOfRequest(hostname))?.value : null),
    knownDomainOf: (productId) => (enabled ? byProduct.get(productId)?.value : null),
    currentDomainOf: (productId) =>
      enabled ? verifiedDomainOfSite(db, productId) : Promise.resolve(null),
    originOf: (domain) => `${portalUrl.protocol}//${domain}`,
  };
}
