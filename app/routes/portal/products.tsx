import { Link } from "react-router";
import { ownerContext, servicesContext } from "~/context";
import { effectiveMaxProducts } from "~/lib/limits";
import { PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import { publicPath } from "~/lib/slug";
import { listOwnerProducts } from "~/server/repositories/products.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Your Products · Site Builder" }];

export async function loader({ context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const products = await listOwnerProducts(context.get(servicesContext).db, owner.id);
  return {
    products: products.map((product) => ({
      id: product.id,
      type: product.type,
      name: product.name,
      publicPath: publicPath(product.type, product.slug, product.id),
    })),
    max: effectiveMaxProducts(owner.maxProduct),
  };
}

export default function YourProducts({ loaderData }: Route.ComponentProps) {
  const { products, max } = loaderData;
  return (
    <div className="container">
      <h1>Your Products</h1>
      <p className="muted">
        Using {products.length}/{max}
      </p>
      {products.length === 0 ? (
        <p>
          No sites yet. <Link to="/user/create">Create your first one</Link>.
        </p>
      ) : (
        <ul className="grid" aria-label="Your sites">
          {products.map((product) => (
            <li key={product.id} className="card">
              <h2>{product.name}</h2>
              <p className="muted">{PRODUCT_TYPE_LABEL[product.type]}</p>
              <p>
                <Link to={`/user/${product.type}/setup/${product.id}`}>Edit</Link> ·{" "}
                <a href={product.publicPath}>View Public</a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="button" to="/user/create">
          Create
        </Link>
      </p>
    </div>
  );
}
