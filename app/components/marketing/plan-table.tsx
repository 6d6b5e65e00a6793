import { PLANS, PRICES_NOT_PUBLISHED } from "~/lib/catalog";

const PRICE_NOT_ANNOUNCED = "Not announced";

/**
 * The versions table: Beta, Free, Subscription. Prices are not published, and it says so.
 * A phone gets the same plans as one card each, as three columns of sentences do not fit
 * its width; only one of the two is displayed, so assistive technology meets each once.
 */
export function PlanTable({ headingId }: { headingId?: string }) {
  return (
    <>
      <table className="plans" aria-labelledby={headingId}>
        <caption>{PRICES_NOT_PUBLISHED}</caption>
        <thead>
          <tr>
            <td />
            {PLANS.map((plan) => (
              <th key={plan.name} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">What you get</th>
            {PLANS.map((plan) => (
              <td key={plan.name}>{plan.summary}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Price</th>
            {PLANS.map((plan) => (
              <td key={plan.name}>{PRICE_NOT_ANNOUNCED}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <div className="plan-cards">
        <p className="muted">{PRICES_NOT_PUBLISHED}</p>
        <ul className="grid" aria-labelledby={headingId}>
          {PLANS.map((plan) => (
            <li key={plan.name} className="card">
              <h3>{plan.name}</h3>
              <dl className="details">
                <dt>What you get</dt>
                <dd>{plan.summary}</dd>
                <dt>Price</dt>
                <dd>{PRICE_NOT_ANNOUNCED}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
