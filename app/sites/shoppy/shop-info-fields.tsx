import { MAX_SHOP_TAGS } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import type { OwnInfoFields } from "../site";
import { TagsEditor } from "~/components/editor/tags-editor";
import { Field, type FormFields } from "~/components/form";

/** What a shop's Info tab adds: its tags and its payment links. Nothing is charged by us. */
export function ShopInfoFields({
  values,
  fields,
}: {
  values: OwnInfoFields;
  fields: FormFields<keyof OwnInfoFields>;
}) {
  return (
    <>
      <TagsEditor
        label="Shop tags"
        field={fields.tags}
        initial={values.tags ?? []}
        max={MAX_SHOP_TAGS}
        tooManyMessage={MESSAGES.tooManyShopTags}
      />
      <fieldset className="plain-fieldset payment-fields">
        <legend>Payment links</legend>
        <p className="field-hint">
          Optional. Customers see Pay with PayPal and Pay with Venmo buttons with the price filled
          in; the payment happens on PayPal or Venmo.
        </p>
        <Field
          field={fields.paypalUsername}
          label="PayPal.me name"
          hint="The name in your paypal.me link, like janeshop."
        >
          <input autoComplete="off" />
        </Field>
        <Field
          field={fields.venmoUsername}
          label="Venmo username"
          hint="Your Venmo username, like jane-shop. Venmo pays in US dollars: with another currency, customers type the amount themselves."
        >
          <input autoComplete="off" />
        </Field>
      </fieldset>
    </>
  );
}
