import { createContext } from "react-router";
import type { AppServices } from "./server/runtime/services.server";

/** The process-wide services (config, database, auth), set by the HTTP server for every request. */
export const servicesContext = createContext<AppServices>();

/** The signed-in owner, as the portal guard (app/server/accounts/session.server.ts) finds them. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  status: string;
  maxProduct: number;
}

/** The signed-in owner, set by the portal guard for everything under /user. */
export const ownerContext = createContext<SessionUser>();

/**
 * The Content-Security-Policy nonce of this page, set by the HTTP server
 * (app/server/http/security-headers.server.ts); null where the page's policy has none.
 */
export const cspNonceContext = createContext<string | null>(null);

/**
 * A built stylesheet's text by its address, for a page that carries its styles inline; null
 * keeps the sheet a link (always, under the development server).
 */
export const stylesheetTextContext = createContext<(href: string) => string | null>(() => null);
