import { ordersWords } from "~/lib/i18n/portal/orders";
import { REJECT_REASON_MAX_LENGTH } from "~/lib/order-states";

/** The reasons to pick from; the one picked is the reason the customer is told. */
const REJECT_REASONS = [
  ordersWords.reasonSoldOut,
  ordersWords.reasonClosingEarly,
  ordersWords.reasonTooBusy,
];

/** The fields of an order's rejection: why, from a list or in the owner's words. */
export function RejectFields({ orderId, otherId }: { orderId: string; otherId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="orderId" value={orderId} />
      <fieldset className="plain-fieldset reject-reasons">
        <legend>{ordersWords.rejectWhy}</legend>
        {REJECT_REASONS.map((reason, index) => (
          <label key={reason} className="reject-reason">
            <input type="radio" name="reason" value={reason} defaultChecked={index === 0} />
            {reason}
          </label>
        ))}
        <label className="reject-reason">
          <input type="radio" name="reason" value="other" />
          {ordersWords.reasonSomethingElse}
        </label>
        <div className="field">
          <label htmlFor={otherId}>{ordersWords.reasonInYourWords}</label>
          <input id={otherId} name="otherReason" maxLength={REJECT_REASON_MAX_LENGTH} />
        </div>
      </fieldset>
    </>
  );
}
