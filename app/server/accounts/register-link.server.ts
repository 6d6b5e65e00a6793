import type { Env } from "../runtime/env.server";

/** Where Register points: the configured external page, our own page, or nowhere when closed. */
export function registerHref(env: Env): string | null {
  if (env.registerUrl) return env.registerUrl;
  return env.registrationOpen ? "/register" : null;
}
