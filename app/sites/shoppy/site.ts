/**
 * A shop: items with tags, up to five photos and a sold-out flag, and the
 * shop's own tags and payment links (SPEC sections 1–5).
 */
import { en } from "~/lib/i18n/words/en";
import { siteTypeWords } from "~/lib/i18n/portal/site-types";
import { MESSAGES } from "~/lib/messages";
import { currencyOf } from "~/lib/profile-info";
import type { SiteDefinition } from "../site";
import { shopExtrasOf } from "./shop-info";

export const shoppySite = {
  type: "shoppy",
  label: siteTypeWords.shoppy,
  description: siteTypeWords.shoppyDescription,
  publicPrefix: "s",
  storageCollection: "shoppies",
  notFoundIn: (words) => ({ message: words.shopNotFound }),
  scanPrompt: (words) => words.scanToShop,
  info: {
    nameLabel: siteTypeWords.shopName,
    savedMessage: MESSAGES.saved,
    failedMessage: MESSAGES.failedToSave,
    uploadsImages: true,
    showsPrices: true,
    ownFields: (input) => ({ ...shopExtrasOf(input), ...currencyOf(input) }),
  },
  items: {
    tabLabels: {
      items: siteTypeWords.itemsTab,
      add: siteTypeWords.addItemTab,
      info: siteTypeWords.infoTab,
      orders: siteTypeWords.ordersTab,
    },
    // A shop's payment links are on Info, beside its tags: its item pages show them too.
    orders: {
      paymentHandlesOn: "info",
      publicPageWords: (words) => ({ name: words.shop, back: words.backToShop }),
      notConfirmedReason: en.rejectReasonNotConfirmedShop,
    },
    itemsNoun: siteTypeWords.shopItemsNoun,
    firstItemHint: siteTypeWords.firstProductHint,
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
      "move-image",
      "remove-image",
    ]),
    categories: false,
    starLabel: siteTypeWords.featured,
    imageTarget: "item-images",
    imageFailureMessage: MESSAGES.failedToUploadImages,
    csv: {
      columns: ["id", "name", "price", "description", "tags", "featured", "sold_out", "options"],
      example: {
        name: "Ceramic mug",
        price: "18.00",
        description: "Hand-glazed stoneware, 350 ml.",
        tags: "kitchen;gifts",
        featured: "no",
        sold_out: "no",
        options: "Size: 250 ml=0 | 350 ml=+4 (sold out)",
      },
    },
  },
} as const satisfies SiteDefinition<"shoppy">;
