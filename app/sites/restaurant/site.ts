/** A restaurant: a menu of items in categories, each with one photo (SPEC sections 1–5). */
import { en } from "~/lib/i18n/words/en";
import { siteTypeWords } from "~/lib/i18n/portal/site-types";
import { MESSAGES } from "~/lib/messages";
import { currencyOf } from "~/lib/profile-info";
import type { SiteDefinition } from "../site";

export const restaurantSite = {
  type: "restaurant",
  label: siteTypeWords.restaurant,
  description: siteTypeWords.restaurantDescription,
  publicPrefix: "r",
  storageCollection: "restaurants",
  notFoundIn: (words) => ({ message: words.restaurantNotFound }),
  scanPrompt: (words) => words.scanForMenu,
  info: {
    nameLabel: siteTypeWords.restaurantName,
    savedMessage: MESSAGES.infoSaved,
    failedMessage: MESSAGES.failedToSaveInfo,
    uploadsImages: true,
    showsPrices: true,
    ownFields: currencyOf,
  },
  items: {
    tabLabels: {
      items: siteTypeWords.menuItemsTab,
      add: siteTypeWords.addItemTab,
      info: siteTypeWords.infoTab,
      orders: siteTypeWords.ordersTab,
      bookings: siteTypeWords.reservationsTab,
    },
    orders: {
      paymentHandlesOn: "orders",
      publicPageWords: (words) => ({ name: words.menu, back: words.backToMenu }),
      notConfirmedReason: en.rejectReasonNotConfirmedRestaurant,
    },
    itemsNoun: siteTypeWords.menuItemsNoun,
    firstItemHint: siteTypeWords.firstDishHint,
    sellsOut: true,
    intents: new Set([
      "add-item",
      "update-price",
      "toggle-star",
      "toggle-sold-out",
      "sell-out",
      "back-on-sale",
      "update-item",
      "delete-item",
    ]),
    categories: true,
    starLabel: siteTypeWords.popular,
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
