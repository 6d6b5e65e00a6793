import { DECLINE_REASON_MAX_LENGTH } from "~/lib/booking-settings";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";

/** The fields of a booking's decline: the reason the guest is told, required. */
export function DeclineFields({ bookingId, reasonId }: { bookingId: string; reasonId: string }) {
  const hintId = `${reasonId}-hint`;
  return (
    <>
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <div className="field">
        <label htmlFor={reasonId}>{bookingsWords.declineReason}</label>
        <input
          id={reasonId}
          name="reason"
          required
          maxLength={DECLINE_REASON_MAX_LENGTH}
          aria-describedby={hintId}
          autoComplete="off"
        />
        <p id={hintId} className="field-hint">
          {fill(bookingsWords.declineReasonHint, { max: DECLINE_REASON_MAX_LENGTH })}
        </p>
      </div>
    </>
  );
}
