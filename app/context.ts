import { createContext } from "react-router";
import type { AppServices } from "./server/services.server";
import type { SessionUser } from "./server/session.server";

/** The process-wide services (config, database, auth), set by the HTTP server for every request. */
export const servicesContext = createContext<AppServices>();

/** The signed-in owner, set by the portal guard for everything under /user. */
export const ownerContext = createContext<SessionUser>();
