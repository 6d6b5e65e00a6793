import { PLANS } from "~/lib/catalog";
import { marketingWords } from "~/lib/i18n/portal/marketing";

/**
 * The versions table: Beta, Free, Subscription. Prices are not published, and it says so.
 * A phone gets the same plans as one card each, as three columns of sentences do not fit
 * its width; only one of the two is displayed, so assistive technology meets each once.
 */
export function PlanTable({ headingId }: { headingId?: string }) {
  return (
    <>
      <table className="plans" aria-labelledby={headingId}>
        <caption>{marketingWords.pricesNotPublished}</caption>
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
            <th scope="row">{marketingWords.planWhatYouGet}</th>
            {PLANS.map((plan) => (
              <td key={plan.name}>{plan.summary}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">{marketingWords.planPrice}</th>
            {PLANS.map((plan) => (
              <td key={plan.name}>{marketingWords.priceNotAnnounced}</td>
            ))}
          </tr>
        </tbody>
      </table>
      <div className="plan-cards">
        <p className="muted">{marketingWords.pricesNotPublished}</p>
        <ul className="grid" aria-labelledby={headingId}>
          {PLANS.map((plan) => (
            <li key={plan.name} className="card">
              <h3>{plan.name}</h3>
              <dl className="details">
                <dt>{marketingWords.planWhatYouGet}</dt>
                <dd>{plan.summary}</dd>
                <dt>{marketingWords.planPrice}</dt>
                <dd>{marketingWords.priceNotAnnounced}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
