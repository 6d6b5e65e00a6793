import { data, Link, useRouteLoaderData } from "react-router";
import { GetStarted } from "~/components/marketing/get-started";
import { ExampleShowcase } from "~/components/marketing/example-showcase";
import { PlanTable } from "~/components/marketing/plan-table";
import { catalogEntry, MOST_REQUESTED } from "~/lib/catalog";
import { startableProduct } from "~/lib/get-started";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { marketingWords } from "~/lib/i18n/portal/marketing";
import { navigationWords } from "~/lib/i18n/portal/navigation";
import { MESSAGES } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/context";
import { existingExampleSites } from "~/server/seed/examples.server";
import type { Route } from "./+types/product";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import productStylesHref from "./product.css?url";
import type { loader as layoutLoader } from "./layout";

export const links: Route.LinksFunction = () => stylesheetLinks(productStylesHref);

export const meta: Route.MetaFunction = (args) =>
  args.data
    ? pageMeta(args, { title: args.data.entry.name, description: args.data.entry.tagline })
    : pageMeta(args, { title: MESSAGES.productNotFound, description: MESSAGES.productNotFound });

// Plain HTML, like the landing page: nothing here needs JavaScript.
export const handle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = catalogEntry(params.id);
  if (!entry) throw data({ message: MESSAGES.productNotFound }, { status: 404 });
  const examples = await existingExampleSites(context.get(servicesContext));
  return { entry, example: examples.find((example) => example.type === entry.id) ?? null };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { entry, example } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/marketing/layout");
  const comingSoon = entry.id === "coming-soon";
  const product = startableProduct(entry.id);
  const getStarted = product ? (
    <GetStarted
      product={product}
      signedIn={Boolean(layout?.user)}
      registerHref={layout?.registerHref ?? null}
    />
  ) : null;
  return (
    <div className="container product-page">
      <div className={example ? "product-intro with-showcase" : "product-intro"}>
        <div>
          <p className="muted">
            <Link to="/#products">{navigationWords.products}</Link>
          </p>
          <h1>{entry.name}</h1>
          <p className="lead">{entry.tagline}</p>
          <p className="product-version">
            <span>
              {fillNodes(marketingWords.productVersion, {
                version: <strong>{entry.version}</strong>,
              })}
            </span>{" "}
            {entry.enabled ? null : (
              <span className="badge muted-badge">{marketingWords.notAvailableYet}</span>
            )}
          </p>
          {getStarted}
        </div>
        {example ? <ExampleShowcase example={example} /> : null}
      </div>

      <section aria-labelledby="what">
        <h2 id="what">{marketingWords.whatItIs}</h2>
        <p>{entry.what}</p>
      </section>
      <section aria-labelledby="why">
        <h2 id="why">{marketingWords.why}</h2>
        <p>{entry.why}</p>
      </section>
      {entry.how.length > 0 ? (
        <section aria-labelledby="how">
          <h2 id="how">{marketingWords.howItWorks}</h2>
          <ol>
            {entry.how.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {entry.features.length > 0 ? (
        <section aria-labelledby="features">
          <h2 id="features">{marketingWords.features}</h2>
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
            <h2 id="requested">{marketingWords.mostRequested}</h2>
            <ul>
              {MOST_REQUESTED.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="request">
            <h2 id="request">{marketingWords.requestSiteType}</h2>
            {/* SPEC: the request form is shown, and disabled. It says why beside it. */}
            <form className="form narrow-section closed-form">
              <p id="request-closed" className="closed-form-reason">
                <span className="badge muted-badge">{marketingWords.requestNotOpen}</span>{" "}
                {fillNodes(marketingWords.requestOpensSoon, {
                  link: <a href="/#contact">{marketingWords.requestWriteToUs}</a>,
                })}
              </p>
              <fieldset disabled className="plain-fieldset" aria-describedby="request-closed">
                <div className="field">
                  <label htmlFor="request-type">{marketingWords.requestTypeLabel}</label>
                  <input id="request-type" name="type" />
                </div>
                <button type="submit" className="button">
                  {marketingWords.sendRequest}
                </button>
              </fieldset>
            </form>
          </section>
        </>
      ) : null}

      <section aria-labelledby="plans">
        <h2 id="plans">{marketingWords.plans}</h2>
        <PlanTable headingId="plans" />
      </section>

      {getStarted ?? (
        <p>
          <Link to="/#contact">{marketingWords.askUsAboutIt}</Link>
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container narrow error-page">
      <h1>{MESSAGES.productNotFound}</h1>
      <p>
        <Link to="/#products">{marketingWords.seeAllProducts}</Link>
      </p>
    </div>
  );
}
