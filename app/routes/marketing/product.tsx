import { data, Link } from "react-router";
import { MESSAGES } from "~/lib/messages";
import { isProductType, PRODUCT_TYPE_DESCRIPTION, PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.label} · Site Builder` : `${MESSAGES.productNotFound} · Site Builder` },
];

export function loader({ params }: Route.LoaderArgs) {
  if (!isProductType(params.id)) throw data({ message: MESSAGES.productNotFound }, { status: 404 });
  return { label: PRODUCT_TYPE_LABEL[params.id], description: PRODUCT_TYPE_DESCRIPTION[params.id] };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1>{loaderData.label}</h1>
      <p>{loaderData.description}</p>
      <p>
        <Link className="button" to="/signin">
          Get started
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container narrow error-page">
      <h1>{MESSAGES.productNotFound}</h1>
      <p>
        <Link to="/#products">See all products</Link>
      </p>
    </div>
  );
}
