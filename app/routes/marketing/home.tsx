import { Link, useRouteLoaderData } from "react-router";
import { PRODUCT_TYPE_DESCRIPTION, PRODUCT_TYPE_LABEL } from "~/lib/product-types";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [
  { title: "Site Builder · pages for small businesses in minutes" },
  {
    name: "description",
    content:
      "Restaurants, shops and dealers build a fast, mobile-friendly page in minutes and share it with a link or a QR code.",
  },
];

export default function Home() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/marketing/layout");
  const signedIn = Boolean(layout?.user);
  return (
    <div className="container">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Your business online in minutes</h1>
        <p>
          A menu for your restaurant or a storefront for your shop: fast on any phone, easy to
          update, shared with one link.
        </p>
        <Link className="button" to={signedIn ? "/user" : "/signin"}>
          {signedIn ? "Your Products" : "Sign in"}
        </Link>
      </section>

      <section id="products" className="section" aria-labelledby="products-title">
        <h2 id="products-title">Products</h2>
        <ul className="grid">
          {(["restaurant", "shoppy"] as const).map((type) => (
            <li key={type} className="card product-card">
              <h3>
                <Link to={`/product/${type}`}>{PRODUCT_TYPE_LABEL[type]}</Link>
              </h3>
              <p className="muted">{PRODUCT_TYPE_DESCRIPTION[type]}</p>
            </li>
          ))}
          {(["dealership", "ecommerce"] as const).map((type) => (
            <li key={type} className="card product-card" aria-disabled="true">
              <h3>{PRODUCT_TYPE_LABEL[type]}</h3>
              <p className="muted">{PRODUCT_TYPE_DESCRIPTION[type]}</p>
            </li>
          ))}
          <li className="card product-card" aria-disabled="true">
            <h3>Coming soon</h3>
            <p className="muted">More site types are on the way.</p>
          </li>
        </ul>
      </section>

      <section id="about" className="section" aria-labelledby="about-title">
        <h2 id="about-title">About</h2>
        <p>
          Site Builder helps small businesses publish a page that opens instantly on a cheap phone
          on a weak signal, without hiring a developer.
        </p>
      </section>

      <section id="contact" className="section" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact</h2>
        <p>Questions? We reply within one business day.</p>
      </section>
    </div>
  );
}
