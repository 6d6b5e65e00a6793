import { data } from "react-router";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: MESSAGES.pageNotFound,
    description: "The page you asked for does not exist.",
    noIndex: true,
  });

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="container narrow error-page">
      <h1>{MESSAGES.pageNotFound}</h1>
      <p>The link may be old, or the address mistyped.</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
