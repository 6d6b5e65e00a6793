import { PLANS, PRICES_NOT_PUBLISHED } from "~/lib/catalog";

/** The versions table: Beta, Free, Subscription. Prices are not published, and it says so. */
export function PlanTable({ headingId }: { headingId?: string }) {
  return (
    // On a narrow phone the table scrolls sideways; the scroller takes keyboard focus for that.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable to scroll by keyboard
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={headingId}>
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
              <td key={plan.name}>Not announced</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
