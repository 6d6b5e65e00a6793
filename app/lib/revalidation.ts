import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A navigation that only changes the page's query string (an editor tab, a search, a
 * sort) and sends no form: data that does not read the query need not be loaded again, so
 * the switch is instant even on a slow connection.
 */
export function onlyQueryChanged({
  currentUrl,
  nextUrl,
  formMethod,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod">): boolean {
  return (
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.href !== nextUrl.href
  );
}
