import { MAX_SHOP_TAGS } from "~/lib/limits";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { MESSAGES } from "~/lib/messages";
import type { OwnInfoFields } from "../site";
import { TagsEditor } from "~/components/editor/tags-editor";
import { PaymentHandleFields } from "~/components/editor/payment-handle-fields";
import type { FormFields } from "~/components/form";

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
        label={sitePartWords.shopTags}
        field={fields.tags}
        initial={values.tags ?? []}
        max={MAX_SHOP_TAGS}
        tooManyMessage={MESSAGES.tooManyShopTags}
      />
      <fieldset className="plain-fieldset payment-fields">
        <legend>{sitePartWords.paymentLinks}</legend>
        <p className="field-hint">{sitePartWords.paymentLinksHint}</p>
        <PaymentHandleFields
          fields={fields}
          examples={{ paypal: "janeshop", venmo: "jane-shop" }}
        />
      </fieldset>
    </>
  );
}
