import { Outlet } from "react-router";
import { requireOwnerMiddleware } from "~/server/accounts/session.server";
import { portalStylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => portalStylesheetLinks();

// Printables are an owner's own, guarded like the portal, but carry none of its chrome:
// what is on screen is what goes on paper.
export const middleware: Route.MiddlewareFunction[] = [requireOwnerMiddleware];

export default function PrintLayout() {
  return <Outlet />;
}
