/** A restaurant: a menu of items in categories, each with one photo (SPEC sections 1–5). */
import { allergensField, dietsField } from "~/lib/dietary";
import { refusePricesBelowZero } from "~/lib/item-options";
import { addItemSchema, editItemSchema } from "~/lib/items";
import { MESSAGES } from "~/lib/messages";
import { orderSettingsSchema } from "~/lib/order-settings";
import { currencyOf, pricedInfoSchema } from "~/lib/profile-info";
import { paymentHandleFields } from "../shoppy/shop-info";
import type { SiteDefinition } from "../site";

export const restaurantSite = {
  type: "restaurant",
  label: "Restaurant",
  description: "A menu with categories, prices and photos.",
  publicPrefix: "r",
  storageCollection: "restaurants",
  notFoundMessage: MESSAGES.restaurantNotFound,
  scanPrompt: "Scan for our menu",
  info: {
    nameLabel: "Restaurant name",
    savedMessage: MESSAGES.infoSaved,
    failedMessage: MESSAGES.failedToSaveInfo,
    uploadsImages: true,
    showsPrices: true,
    schema: pricedInfoSchema,
    ownFields: currencyOf,
  },
  items: {
    tabLabels: { items: "Menu Items", add: "Add Item", info: "Info", orders: "Orders" },
    orders: {
      schema: orderSettingsSchema.safeExtend(paymentHandleFields),
      paymentHandlesOn: "orders",
    },
    itemsNoun: "menu items",
    firstItemHint:
      "Add your first dish: a name and a price are enough, and a photo and a description can follow. Five or more make a menu worth sharing.",
    intents: new Set(["add-item", "update-price", "toggle-star", "update-item", "delete-item"]),
    categories: true,
    starLabel: "Popular",
    imageTarget: "item-image",
    imageFailureMessage: MESSAGES.failedToReplaceImage,
    addSchema: addItemSchema
      .extend({ allergens: allergensField, diets: dietsField })
      .superRefine(refusePricesBelowZero),
    editSchema: editItemSchema
      .extend({ allergens: allergensField, diets: dietsField })
      .superRefine(refusePricesBelowZero),
    csv: {
      columns: [
        "id",
        "name",
        "price",
        "category",
        "description",
        "popular",
        "allergens",
        "diets",
        "options",
      ],
      example: {
        name: "Margherita pizza",
        price: "11.50",
        category: "Pizza",
        description: "Tomato, mozzarella and basil.",
        popular: "yes",
        allergens: "gluten;milk",
        diets: "vegetarian",
        options: "Size: Small=0 | Large=+4; Extras (up to 2): Burrata=+3 | Basil=0",
      },
    },
  },
} as const satisfies SiteDefinition<"restaurant">;
