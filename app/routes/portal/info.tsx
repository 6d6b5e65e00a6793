import { useOwnerLiveUpdates } from "~/components/live-updates";
import { ownerContext, servicesContext } from "~/context";
import { effectiveMaxProducts } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { listOwnerProducts } from "~/server/repositories/products.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/info";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "User Info",
    description: "Your account: user id, email, username and sites used.",
    noIndex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  try {
    const products = await listOwnerProducts(context.get(servicesContext).db, owner.id);
    return {
      error: null,
      info: {
        uid: owner.id,
        email: owner.email,
        username: owner.username,
        used: products.length,
        max: effectiveMaxProducts(owner.maxProduct),
      },
    };
  } catch (error) {
    console.error("loading user info failed:", error);
    return { error: `${MESSAGES.errorPrefix}${loadFailureReason(error)}`, info: null };
  }
}

/** The underlying cause (a query wrapper's own message repeats the SQL), kept short. */
function loadFailureReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.length > 200 ? `${message.slice(0, 200)}…` : message;
}

export default function UserInfo({ loaderData }: Route.ComponentProps) {
  useOwnerLiveUpdates();
  const { info, error } = loaderData;
  return (
    <div className="container narrow">
      <h1>User Info</h1>
      {info ? (
        <dl className="card details">
          <dt>UID</dt>
          <dd>
            <code>{info.uid}</code>
          </dd>
          <dt>Email</dt>
          <dd>{info.email}</dd>
          <dt>Username</dt>
          <dd>{info.username}</dd>
          <dt>Products used</dt>
          <dd>{`${info.used}/${info.max}`}</dd>
        </dl>
      ) : (
        <p className="alert error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
