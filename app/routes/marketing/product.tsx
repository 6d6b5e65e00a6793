import { data, Link } from "react-router";
import { PlanTable } from "~/components/marketing/plan-table";
import { catalogEntry, MOST_REQUESTED } from "~/lib/catalog";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, { title: args.data.entry.name, description: args.data.entry.tagline })
    : pageMeta(args, { title: MESSAGES.productNotFound, description: MESSAGES.productNotFound });

export function loader({ params }: Route.LoaderArgs) {
  const entry = catalogEntry(params.id);
  if (!entry) throw data({ message: MESSAGES.productNotFound }, { status: 404 });
  return { entry };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  const comingSoon = entry.id === "coming-soon";
  return (
    <div className="container product-page">
      <p className="muted">
        <Link to="/#products">Products</Link>
      </p>
      <h1>{entry.name}</h1>
      <p className="lead">{entry.tagline}</p>
      <p>
        Version: <strong>{entry.version}</strong>
        {entry.enabled ? null : <span className="badge muted-badge">Not available yet</span>}
      </p>

      <section aria-labelledby="what">
        <h2 id="what">What it is</h2>
        <p>{entry.what}</p>
      </section>
      <section aria-labelledby="why">
        <h2 id="why">Why</h2>
        <p>{entry.why}</p>
      </section>
      {entry.how.length > 0 ? (
        <section aria-labelledby="how">
          <h2 id="how">How it works</h2>
          <ol>
            {entry.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {entry.features.length > 0 ? (
        <section aria-labelledby="features">
          <h2 id="features">Features</h2>
          <ul>
            {entry.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {comingSoon ? (
        <>
          <section aria-labelledby="requested">
            <h2 id="requested">Most requested</h2>
            <ul>
              {MOST_REQUESTED.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="request">
            <h2 id="request">Request a site type</h2>
            <p className="muted">
              Requests open soon. Until then, write to us from the Contact section.
            </p>
            <form className="form narrow-section" aria-describedby="request-closed">
              <fieldset disabled className="plain-fieldset">
                <p id="request-closed" className="visually-hidden">
                  This form is not open yet.
                </p>
                <div className="field">
                  <label htmlFor="request-type">What kind of business?</label>
                  <input id="request-type" name="type" />
                </div>
                <button type="submit" className="button">
                  Send request
                </button>
              </fieldset>
            </form>
          </section>
        </>
      ) : null}

      <section aria-labelledby="plans">
        <h2 id="plans">Plans</h2>
        <PlanTable headingId="plans" />
      </section>

      <p>
        {entry.enabled ? (
          <Link className="button" to="/signin">
            Get started
          </Link>
        ) : (
          <Link to="/#contact">Ask us about it</Link>
        )}
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
