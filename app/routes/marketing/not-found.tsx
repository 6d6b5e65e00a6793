import { data } from "react-router";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: MESSAGES.pageNotFound,
    description: navigationWords.pageNotFoundText,
    noIndex: true,
  });

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="container narrow error-page">
      <h1>{MESSAGES.pageNotFound}</h1>
      <p>{marketingWords.linkMayBeOld}</p>
      <p>
        <a href="/">{navigationWords.goToHomePage}</a>
      </p>
    </div>
  );
}
