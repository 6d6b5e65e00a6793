/** A restaurant: a menu of items in categories, each with one photo (SPEC sections 1–5). */
import { MESSAGES } from "~/lib/messages";
import { currencyOf } from "~/lib/profile-info";
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
    ownFields: currencyOf,
  },
  items: {
    tabLabels: { items: "Menu Items", add: "Add Item", info: "Info", orders: "Orders" },
    orders: { paymentHandlesOn: "orders" },
    itemsNoun: "menu items",
    firstItemHint:
      "Add your first dish: a name and a price are enough, and a photo and a description can follow. Five or more make a menu worth sharing.",
    intents: new Set(["add-item", "update-price", "toggle-star", "update-item", "delete-item"]),
    categories: true,
    starLabel: "Popular",
    imageTarget: "item-image",
    imageFailureMessage: MESSAGES.failedToReplaceImage,
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
