/**
 * The question a TLS front (Caddy's on-demand TLS) asks before it requests a certificate
 * for a host it has never seen: `GET /internal/tls-allowed?domain=menu.caferose.com`.
 * 200 for a verified domain of a live site, 403 for anything else, so that nobody can
 * make the front request certificates for names of their choosing. Only the addresses
 * TLS_ASK_ALLOW names may ask; to everyone else the path does not exist.
 */
import { BlockList, isIP } from "node:net";
import type { RequestHandler } from "express";
import { normalizeAddress } from "../http/client-address.server";
import type { AppServices } from "../runtime/services.server";
import { isVerifiedDomain } from "./custom-domains.server";
import { hostOfRequest } from "./domain-name.server";

export const TLS_ASK_PATH = "/internal/tls-allowed";

/** Addresses and CIDR ranges ("10.0.0.0/8") as one list to check a socket's address against. */
export function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

function isListed(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

export function serveTlsAsk(services: Pick<AppServices, "env" | "db">): RequestHandler {
  const allowed = addressList(services.env.tlsAskAllow);
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- errors go to next() below
  return async (req, res, next) => {
    // The front connects directly: the socket's address, never a forwarded one.
    const caller = normalizeAddress(req.socket.remoteAddress);
    if (!isListed(allowed, caller)) {
      return void res.status(404).type("text/plain").send("Not found.");
    }
    res.set("Cache-Control", "no-store").type("text/plain");
    const domain = typeof req.query.domain === "string" ? hostOfRequest(req.query.domain) : "";
    if (!domain) return void res.status(400).send("Name the domain: ?domain=example.com");
    try {
      const verified =
        services.env.customDomains !== null && (await isVerifiedDomain(services.db, domain));
      res.status(verified ? 200 : 403).send(verified ? "allowed" : "not a verified domain");
    } catch (error) {
      next(error);
    }
  };
}
