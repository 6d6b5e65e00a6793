import { REJECT_REASON_MAX_LENGTH, REJECT_REASONS } from "~/lib/order-states";

/** The fields of an order's rejection: why, from a list or in the owner's words. */
export function RejectFields({ orderId, otherId }: { orderId: string; otherId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="orderId" value={orderId} />
      <fieldset className="plain-fieldset reject-reasons">
        <legend>Why?</legend>
        {REJECT_REASONS.map((reason, index) => (
          <label key={reason} className="reject-reason">
            <input type="radio" name="reason" value={reason} defaultChecked={index === 0} />
            {reason}
          </label>
        ))}
        <label className="reject-reason">
          <input type="radio" name="reason" value="other" />
          Something else
        </label>
        <div className="field">
          <label htmlFor={otherId}>In your words (for “Something else”)</label>
          <input id={otherId} name="otherReason" maxLength={REJECT_REASON_MAX_LENGTH} />
        </div>
      </fieldset>
    </>
  );
}
