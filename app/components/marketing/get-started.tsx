import { Link } from "react-router";
import { createSitePath, registerLink } from "~/lib/get-started";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { navigationWords } from "~/lib/i18n/portal/navigation";
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
            {marketingWords.createYourPage}
          </Link>
        ) : null}
        <Link className={product ? "button secondary" : "button"} to="/user">
          {marketingWords.yourProducts}
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
            {marketingWords.createYourPageFree}
          </Link>
        ) : (
          <a className="button" href={register}>
            {marketingWords.createYourPageFree}
          </a>
        )
      ) : null}
      <Link className={register ? "button secondary" : "button"} to="/signin">
        {navigationWords.signIn}
      </Link>
    </p>
  );
}
