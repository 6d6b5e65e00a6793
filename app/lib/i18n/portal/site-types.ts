/**
 * What the portal calls each kind of site and the names its editor gives things, in English
 * (app/sites/{type}/site.ts). The public pages' words for them are in the public catalogues.
 */
export const siteTypeWords = Object.freeze({
  // The create screen and the owner's list of sites
  restaurant: "Restaurant",
  restaurantDescription: "A menu with categories, prices and photos.",
  shoppy: "Shoppy",
  shoppyDescription: "A storefront with tags, photos and PayPal or Venmo links.",
  dealership: "Dealership",
  dealershipDescription: "A profile with contact details and opening hours.",
  ecommerce: "E-commerce",
  ecommerceDescription: "A store profile with contact details and opening hours.",

  // The Info form's name field
  restaurantName: "Restaurant name",
  shopName: "Shop name",
  profileName: "Name",

  // The editor's tabs
  menuItemsTab: "Menu Items",
  itemsTab: "Items",
  addItemTab: "Add Item",
  infoTab: "Info",
  ordersTab: "Orders",
  reservationsTab: "Reservations",

  /** Items as a sentence names them ("Add at least 3 menu items"). */
  menuItemsNoun: "menu items",
  shopItemsNoun: "items",
  /** What an empty list of items suggests doing first. */
  firstDishHint:
    "Add your first dish: a name and a price are enough, and a photo and a description can follow. Five or more make a menu worth sharing.",
  firstProductHint:
    "Add your first product: a name and a price are enough, and photos and tags can follow. Five or more make a shop worth sharing.",
  /** The flag an owner sets on an item to single it out. */
  popular: "Popular",
  featured: "Featured",
});
