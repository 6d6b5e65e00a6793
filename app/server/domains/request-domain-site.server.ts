/**
 * The mark a request on a verified custom domain carries once `routeByHost`
 * (./serve-custom-domains.server.ts) has found its site: the security headers, the page
 * cache and the QR codes read it to treat the request as the public page it is.
 */
import type { Response } from "express";
import type { DomainSite } from "./custom-domains.server";

const SITE_LOCAL = "customDomainSite";

export function markCustomDomainSite(res: Response, site: DomainSite): void {
  res.locals[SITE_LOCAL] = site;
}

/** The site a request on a custom domain is for; undefined at the portal's own host. */
export function customDomainSiteOf(res: Response): DomainSite | undefined {
  return res.locals[SITE_LOCAL] as DomainSite | undefined;
}
