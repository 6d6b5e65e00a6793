import { Link } from "react-router";
import { PRODUCT_TYPE_DESCRIPTION, PRODUCT_TYPE_LABEL, PRODUCT_TYPES } from "~/lib/product-types";
import type { Route } from "./+types/create";

export const meta: Route.MetaFunction = () => [{ title: "Create · Site Builder" }];

// The create form arrives with the portal's product management; the types are listed already.
export default function Create() {
  return (
    <div className="container">
      <h1>Create a site</h1>
      <ul className="grid">
        {PRODUCT_TYPES.map((type) => (
          <li key={type} className="card">
            <h2>{PRODUCT_TYPE_LABEL[type]}</h2>
            <p className="muted">{PRODUCT_TYPE_DESCRIPTION[type]}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/user">Back to Your Products</Link>
      </p>
    </div>
  );
}
