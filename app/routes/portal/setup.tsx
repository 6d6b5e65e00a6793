import { data, Link } from "react-router";
import { isProductType, PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import { MESSAGES } from "~/lib/messages";
import { publicPath } from "~/lib/slug";
import { requireOwnedProduct } from "~/server/ownership.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Edit ${data.name} · Site Builder` : "Editor · Site Builder" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isProductType(params.type)) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const { product } = await requireOwnedProduct(context, params.pid, params.type);
  return {
    name: product.name,
    type: product.type,
    publicPath: publicPath(product.type, product.slug, product.id),
  };
}

// Each site type's editor fills this page; until then it names the site and links to it.
export default function Setup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1>{loaderData.name}</h1>
      <p className="muted">{PRODUCT_TYPE_LABEL[loaderData.type]} editor</p>
      <p>
        <a href={loaderData.publicPath} target="_blank" rel="noreferrer">
          View Public
        </a>{" "}
        · <Link to="/user">Back to Your Products</Link>
      </p>
    </div>
  );
}
