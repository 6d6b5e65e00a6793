import { data, Link } from "react-router";
import { CopyLinkButton } from "~/components/copy-link-button";
import { DeleteProductDialog } from "~/components/delete-product-dialog";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { isProductType, PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import { requireOwnedProduct } from "~/server/ownership.server";
import { publicLink } from "~/server/site-config.server";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Edit ${data.name} · Site Builder` : "Editor · Site Builder" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isProductType(params.type)) throw data({ message: MESSAGES.pageNotFound }, { status: 404 });
  const { product } = await requireOwnedProduct(context, params.pid, params.type);
  return {
    id: product.id,
    name: product.name,
    type: product.type,
    ...publicLink(context.get(servicesContext).env, product.type, product.slug, product.id),
  };
}

// Each site type's editor fills this page; the shared header and Delete are already here.
export default function Setup({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <div className="page-header">
        <div>
          <h1>{loaderData.name}</h1>
          <p className="muted">{PRODUCT_TYPE_LABEL[loaderData.type]} editor</p>
        </div>
        <div className="card-actions">
          <a
            className="button secondary"
            href={loaderData.publicPath}
            target="_blank"
            rel="noreferrer"
          >
            View Public
          </a>
          <CopyLinkButton
            url={loaderData.publicUrl}
            label={`Copy the public link of ${loaderData.name}`}
          />
          <DeleteProductDialog productId={loaderData.id} name={loaderData.name} />
        </div>
      </div>
      <p>
        <Link to="/user">Back to Your Products</Link>
      </p>
    </div>
  );
}
