import { Field, type FieldState } from "~/components/form";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";

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
        label={editorWords.paypalName}
        hint={fill(editorWords.paypalHint, { example: examples.paypal })}
      >
        <input autoComplete="off" />
      </Field>
      <Field
        field={fields.venmoUsername}
        label={editorWords.venmoName}
        hint={fill(editorWords.venmoHint, { example: examples.venmo })}
      >
        <input autoComplete="off" />
      </Field>
    </>
  );
}
