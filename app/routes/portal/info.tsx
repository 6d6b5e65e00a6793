import { ownerContext, servicesContext } from "~/context";
import { effectiveMaxProducts } from "~/lib/limits";
import { listOwnerProducts } from "~/server/repositories/products.server";
import type { Route } from "./+types/info";

export const meta: Route.MetaFunction = () => [{ title: "User Info · Site Builder" }];

export async function loader({ context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const products = await listOwnerProducts(context.get(servicesContext).db, owner.id);
  return {
    uid: owner.id,
    email: owner.email,
    username: owner.username,
    used: products.length,
    max: effectiveMaxProducts(owner.maxProduct),
  };
}

export default function UserInfo({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container narrow">
      <h1>User Info</h1>
      <dl className="card details">
        <dt>UID</dt>
        <dd>
          <code>{loaderData.uid}</code>
        </dd>
        <dt>Email</dt>
        <dd>{loaderData.email}</dd>
        <dt>Username</dt>
        <dd>{loaderData.username}</dd>
        <dt>Products used</dt>
        <dd>
          {loaderData.used}/{loaderData.max}
        </dd>
      </dl>
    </div>
  );
}
