import { MAX_SHOP_TAGS } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import type { OwnInfoFields } from "../site";
import { TagsEditor } from "~/components/editor/tags-editor";
import { Field, type FieldErrorMap } from "~/components/form";

/** What a shop's Info tab adds: its tags and its payment links. Nothing is charged by us. */
export function ShopInfoFields({
  values,
  errors,
}: {
  values: OwnInfoFields;
  errors: FieldErrorMap;
}) {
  return (
    <>
      <TagsEditor
        label="Shop tags"
        initial={values.tags ?? []}
        max={MAX_SHOP_TAGS}
        tooManyMessage={MESSAGES.tooManyShopTags}
        errors={errors.tags}
      />
      <fieldset className="plain-fieldset payment-fields">
        <legend>Payment links</legend>
        <p className="field-hint">
          Optional. Customers see Pay with PayPal and Pay with Venmo buttons with the price filled
          in; the payment happens on PayPal or Venmo.
        </p>
        <Field
          id="shop-paypal"
          label="PayPal.me name"
          hint="The name in your paypal.me link, like janeshop."
          errors={errors.paypalUsername}
        >
          <input
            name="paypalUsername"
            defaultValue={values.paypalUsername ?? ""}
            autoComplete="off"
          />
        </Field>
        <Field
          id="shop-venmo"
          label="Venmo username"
          hint="Your Venmo username, like jane-shop."
          errors={errors.venmoUsername}
        >
          <input
            name="venmoUsername"
            defaultValue={values.venmoUsername ?? ""}
            autoComplete="off"
          />
        </Field>
      </fieldset>
    </>
  );
}
