/** A restaurant's forms (./site.ts): Info with a currency, dishes with allergens and diets. */
import { allergensField, dietsField } from "~/lib/dietary-schema";
import { refusePricesBelowZero } from "~/lib/item-options-schema";
import { addItemSchema, editItemSchema } from "~/lib/items-schema";
import { orderSettingsSchema } from "~/lib/order-settings-schema";
import { pricedInfoSchema } from "~/lib/profile-info-schema";
import { paymentHandleFields } from "../shoppy/shop-info-schema";

export const restaurantFormSchemas = {
  info: pricedInfoSchema,
  items: {
    add: addItemSchema
      .extend({ allergens: allergensField, diets: dietsField })
      .superRefine(refusePricesBelowZero),
    edit: editItemSchema
      .extend({ allergens: allergensField, diets: dietsField })
      .superRefine(refusePricesBelowZero),
    // A restaurant's PayPal.me and Venmo names are set on its Orders tab.
    orders: orderSettingsSchema.safeExtend(paymentHandleFields),
  },
};
