/** A shop's forms (./site.ts): Info with tags and payment handles, items with tags and no category. */
import { refusePricesBelowZero } from "~/lib/item-options-schema";
import { addItemSchema, editItemSchema } from "~/lib/items-schema";
import { orderSettingsSchema } from "~/lib/order-settings-schema";
import { shopInfoSchema } from "./shop-info-schema";
import { itemTagsField } from "./tags-schema";

export const shoppyFormSchemas = {
  info: shopInfoSchema,
  items: {
    add: addItemSchema
      .omit({ category: true })
      .extend({ tags: itemTagsField })
      .superRefine(refusePricesBelowZero),
    edit: editItemSchema
      .omit({ category: true })
      .extend({ tags: itemTagsField })
      .superRefine(refusePricesBelowZero),
    orders: orderSettingsSchema,
  },
};
