/**
 * What the editor's always-loaded parts say, in English: each site type's own parts of the items
 * list and its forms (a restaurant's image entry, category order, allergens and diets; a shop's
 * stock badges, tags, photos entry and payment links), and a site's Delete and Copy link.
 *
 * Apart from site-fields.ts (the Info tab's fields and the dialogs) because these ship with the
 * editor's first load, which has a weight budget: a catalogue comes whole with its first user.
 */
export const sitePartWords = Object.freeze({
  // Copying a link
  copyLink: "Copy link",

  // Deleting a site
  delete: "Delete",
  deleting: "Deleting…",
  deleteNamed: "Delete {name}",
  deleteNamedTitle: "Delete {name}?",
  deleteThisSite: "Delete this site",
  deleteSiteConsequences:
    "The site, its items and its images are removed and its public link stops working. This cannot be undone.",

  // A menu item's image entry (restaurant)
  replaceImage: "Replace image",
  addImage: "Add image",

  // Category order (restaurant)
  categoryOrder: "Category order",
  categoryOrderHint:
    "The order of the sections on your public menu and in its Menu list. Items in each section stay sorted by name; a new category goes last.",
  moveCategoryUp: "Move {category} up",
  moveCategoryDown: "Move {category} down",
  moveUp: "Move up",
  moveDown: "Move down",
  categoryOrderFailed: "Failed to save the category order.",
  categoryOrderChanged:
    "The categories changed since this page was loaded. Reload the page and try again.",
  categoryOrderCannotMove: "That category cannot move that way.",

  // Allergens and diets (restaurant)
  allergensAndDiets: "Allergens and diets",
  /** After “Allergens and diets”, in a muted span: what is chosen, or that nothing need be. */
  dietaryChosen: { one: "({count} chosen)", other: "({count} chosen)" },
  dietaryOptional: "(optional)",
  containsAllergens: "Contains (allergens)",
  allergensHint: "The 14 allergens that must be declared in the EU.",
  suitableFor: "Suitable for",
  /** A dish's allergens in the editor's list, `{allergens}` joined by commas. */
  containsList: "Contains: {allergens}",

  // A shop's items
  soldOutBadge: "Sold Out",
  inStockBadge: "In Stock",
  itemTags: "Tags of {name}",
  soldOut: "Sold out",
  soldOutOf: "Sold out: {name}",
  /** The item menu's entry, with the photos it has and may have. */
  photosMenu: "Photos ({count} of {max})",
  tags: "Tags",

  // A shop's Info
  shopTags: "Shop tags",
  paymentLinks: "Payment links",
  paymentLinksHint:
    "Optional. Customers see Pay with PayPal and Pay with Venmo buttons with the price filled in; the payment happens on PayPal or Venmo.",
});
