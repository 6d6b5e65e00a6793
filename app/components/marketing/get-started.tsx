import { Link } from "react-router";
import { createSitePath, registerLink } from "~/lib/get-started";
import type { ProductType } from "~/sites/product-types";

/**
 * The call to action of the landing page and of each available product's page: register
 * (keeping the product, so it is chosen on the create screen afterwards), with Sign in beside
 * it. Signed in, it goes straight to creating; with registration closed, Sign in is all.
 */
export function GetStarted({
  product,
  signedIn,
  registerHref,
}: {
  product: ProductType | null;
  signedIn: boolean;
  /** Where Register points (REGISTER_URL, /register or null when closed). */
  registerHref: string | null;
}) {
  if (signedIn) {
    return (
      <p className="button-row">
        {product ? (
          <Link className="button" to={createSitePath(product)}>
            Create your page
          </Link>
        ) : null}
        <Link className={product ? "button secondary" : "button"} to="/user">
          Your Products
        </Link>
      </p>
    );
  }
  const register = registerLink(registerHref, product);
  return (
    <p className="button-row">
      {register ? (
        register.startsWith("/") ? (
          <Link className="button" to={register}>
            Create your page — free
          </Link>
        ) : (
          <a className="button" href={register}>
            Create your page — free
          </a>
        )
      ) : null}
      <Link className={register ? "button secondary" : "button"} to="/signin">
        Sign in
      </Link>
    </p>
  );
}
