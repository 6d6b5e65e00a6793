import { Field, type FieldState } from "~/components/form";

/**
 * The PayPal.me name and Venmo username a shop's Info tab and a restaurant's Orders tab ask
 * for (the shop's schema checks both, app/sites/shoppy/shop-info.ts). Pages turn them into
 * Pay buttons with the amount filled in; nothing is charged by us.
 */
export function PaymentHandleFields({
  fields,
  examples,
}: {
  fields: { paypalUsername: FieldState; venmoUsername: FieldState };
  /** The handles the hints give as examples, in the site's own voice. */
  examples: { paypal: string; venmo: string };
}) {
  return (
    <>
      <Field
        field={fields.paypalUsername}
        label="PayPal.me name"
        hint={`The name in your paypal.me link, like ${examples.paypal}.`}
      >
        <input autoComplete="off" />
      </Field>
      <Field
        field={fields.venmoUsername}
        label="Venmo username"
        hint={`Your Venmo username, like ${examples.venmo}. Venmo pays in US dollars: with another currency, customers type the amount themselves.`}
      >
        <input autoComplete="off" />
      </Field>
    </>
  );
}
