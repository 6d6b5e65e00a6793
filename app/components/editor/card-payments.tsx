import type { CardPaymentsChoice, PaymentAccountStatus } from "~/lib/card-payments";
import { cardPaymentsWords } from "~/lib/i18n/portal/card-payments";

/** What the Orders tab's Card payments section shows; absent while cards are not set up. */
export interface CardPaymentsData {
  status: PaymentAccountStatus;
  choice: CardPaymentsChoice;
  /** Where its forms post (/user/payments/{pid}). */
  action: string;
  /** The answer of the last thing done here, shown once. */
  flash: { message: string; tone: "success" | "warning" | "error" } | null;
}

const STATUS_TEXT: Record<PaymentAccountStatus, { label: string; hint: string }> = {
  "not-connected": {
    label: cardPaymentsWords.notConnected,
    hint: cardPaymentsWords.notConnectedHint,
  },
  "details-needed": {
    label: cardPaymentsWords.detailsNeeded,
    hint: cardPaymentsWords.detailsNeededHint,
  },
  ready: { label: cardPaymentsWords.ready, hint: cardPaymentsWords.readyHint },
};

/** The owner's choices, the strictest first, each with what it means for customers. */
const CHOICES: Array<{ value: CardPaymentsChoice; label: string; hint: string }> = [
  {
    value: "required",
    label: cardPaymentsWords.choiceRequired,
    hint: cardPaymentsWords.choiceRequiredHint,
  },
  {
    value: "optional",
    label: cardPaymentsWords.choiceOptional,
    hint: cardPaymentsWords.choiceOptionalHint,
  },
  { value: "off", label: cardPaymentsWords.choiceOff, hint: cardPaymentsWords.choiceOffHint },
];

/**
 * The Orders tab's Card payments: the site's Stripe account in plain words, the button that
 * connects it (or finishes its details), Disconnect behind a confirm step, and once the
 * account is ready, how customers pay. Plain forms posting to /user/payments/{pid}, which
 * answers with this tab again: all of it works without JavaScript.
 */
export function CardPaymentsSection({ data }: { data: CardPaymentsData }) {
  const { status, choice, action, flash } = data;
  const text = STATUS_TEXT[status];
  return (
    <section id="card-payments" className="card-payments" aria-labelledby="card-payments-title">
      <h2 id="card-payments-title" className="card-payments-title">
        {cardPaymentsWords.title}
      </h2>
      {flash ? (
        <p className={`alert ${flash.tone}`} role={flash.tone === "error" ? "alert" : "status"}>
          {flash.message}
        </p>
      ) : null}
      <p className="field-hint card-payments-intro">{cardPaymentsWords.intro}</p>

      <div className="card card-payments-status" data-status={status}>
        <p className="card-payments-state">
          <span className="card-payments-dot" aria-hidden="true" />
          {text.label}
        </p>
        <p className="muted">{text.hint}</p>
        {status !== "ready" ? (
          <form method="post" action={action} className="card-payments-connect">
            <input type="hidden" name="intent" value="connect" />
            <button type="submit" className="button">
              {status === "not-connected"
                ? cardPaymentsWords.connect
                : cardPaymentsWords.finishSetup}
            </button>
          </form>
        ) : null}
      </div>

      {status === "ready" ? (
        <form method="post" action={action} className="card-payments-choice">
          <input type="hidden" name="intent" value="choose" />
          <fieldset className="plain-fieldset card-payments-choices">
            <legend>{cardPaymentsWords.howCustomersPayByCard}</legend>
            {CHOICES.map((option) => {
              const id = `card-payments-${option.value}`;
              return (
                <div key={option.value} className="card-payments-option">
                  <input
                    id={id}
                    type="radio"
                    name="choice"
                    value={option.value}
                    defaultChecked={option.value === choice}
                    aria-describedby={`${id}-hint`}
                  />
                  <label htmlFor={id}>
                    {option.label}
                    <span id={`${id}-hint`} className="field-hint">
                      {option.hint}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          <p>
            <button type="submit" className="button">
              {cardPaymentsWords.saveChoice}
            </button>
          </p>
        </form>
      ) : null}

      {status !== "not-connected" ? (
        <details className="card-payments-disconnect">
          <summary className="button secondary danger-text">{cardPaymentsWords.disconnect}</summary>
          <div className="card danger-zone card-payments-confirm">
            <h3>{cardPaymentsWords.disconnectTitle}</h3>
            <p>{cardPaymentsWords.disconnectExplained}</p>
            <form method="post" action={action}>
              <input type="hidden" name="intent" value="disconnect" />
              <button type="submit" className="button danger">
                {cardPaymentsWords.disconnectConfirm}
              </button>
            </form>
          </div>
        </details>
      ) : null}
    </section>
  );
}
