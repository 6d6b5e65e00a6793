/**
 * What a site type is, as the shared code needs to know it: its names and messages, where
 * its pages and files live and, for the types with items, the intents and columns of its
 * item editor. Each type's folder exports one of these; the registry (`./index.ts`) maps a
 * type to it. Plain data, read alike by the browser and the server; the zod schemas of a
 * type's forms are kept apart (./form-schemas.ts), so that a page needing only these names
 * carries no validation code.
 */
import type { CurrencyCode } from "~/lib/currency";
import type { PublicWords } from "~/lib/i18n/page-language";
import type { CsvColumn } from "~/lib/items-csv";
import type { ItemIntent } from "~/lib/items";
import type { ProfileInfoInput } from "~/lib/profile-info-schema";
import type { ProductType, PublicPrefix } from "./product-types";

/** What any site's Info form yields; a type may add fields of its own (a shop's tags). */
export type SiteInfoInput = ProfileInfoInput & Record<string, unknown>;

/**
 * The info columns that only some types use (SPEC section 3: a shop's tags and handles; the
 * currency of the types that show prices).
 */
export interface OwnInfoFields {
  currency?: CurrencyCode;
  tags?: string[];
  paypalUsername?: string;
  venmoUsername?: string;
}

export interface NotFoundWords {
  message: string;
  detail?: string;
}

export interface SiteDefinition<Type extends ProductType = ProductType> {
  type: Type;
  /** Its name in the portal ("Restaurant"). */
  label: string;
  /** One line for the create screen. */
  description: string;
  /** `/r`, `/s`, `/d`, `/e` (SPEC section 2). */
  publicPrefix: PublicPrefix;
  /** The collection name of SPEC section 3, also the first segment of its storage keys. */
  storageCollection: string;
  /**
   * What its public page says, in a page's language, when the address names no such site:
   * the heading, and for some types a line under it.
   */
  notFoundIn: (words: PublicWords) => NotFoundWords;
  /**
   * The line under the QR code on its printed table card and poster ("Scan for our menu"),
   * in one of the site's languages: the sheet speaks them all.
   */
  scanPrompt: (words: PublicWords) => string;
  info: InfoDefinition;
  /** Null for the types whose editor is the Info form alone. */
  items: ItemsDefinition | null;
}

export interface InfoDefinition {
  /** The label of the name field. */
  nameLabel: string;
  /** The spec's words after a save, and before the reason when a save fails. */
  savedMessage: string;
  failedMessage: string;
  /**
   * Restaurants and shops upload their logo and background beside the form; the other
   * types type image addresses into it.
   */
  uploadsImages: boolean;
  /**
   * Whether its public page shows prices (a menu, a shop): its Info form then has the
   * currency they are shown in. The profile-only types show none, so they have no such field.
   */
  showsPrices: boolean;
  /**
   * The fields of this type beyond the shared info, picked from a checked form or a
   * stored row (for the editor).
   */
  ownFields: (input: Readonly<Record<string, unknown>>) => OwnInfoFields;
}

export interface ItemsDefinition {
  /** `bookings`: the Reservations tab, for the types that take table bookings. */
  tabLabels: { items: string; add: string; info: string; orders: string; bookings?: string };
  /** Its Orders tab (app/lib/order-settings.ts): customers order from its items. */
  orders: OrdersDefinition;
  /** Its items as a sentence names them ("Add at least 3 menu items"). */
  itemsNoun: string;
  /** What the empty items tab suggests doing first. */
  firstItemHint: string;
  /**
   * Whether its items and their choices can be sold out, for today or until the owner turns
   * them back (app/lib/sold-out.ts): the editor's row and the inbox offer it, the public pages
   * and the order page show it, and an order holding one is refused.
   */
  sellsOut: boolean;
  /** The writes its editor offers; anything else is refused. */
  intents: ReadonlySet<ItemIntent>;
  /** Whether items have a category (a menu's sections); a shop groups by tags instead. */
  categories: boolean;
  /** What a starred item is called on the public page. */
  starLabel: string;
  /** One replaceable photo per item, or a list of up to five. */
  imageTarget: "item-image" | "item-images";
  /** Said before the reason when an item photo fails to upload. */
  imageFailureMessage: string;
  /**
   * Its items as a CSV file (app/lib/items-csv.ts): the columns in the order an export
   * writes them, and the example row of the template.
   */
  csv: {
    columns: readonly CsvColumn[];
    example: Partial<Record<CsvColumn, string>>;
  };
}

export interface OrdersDefinition {
  /**
   * Where the owner types the PayPal.me and Venmo names customers may pay to: on the Orders
   * tab (a restaurant), or on Info, where a shop's item pages use them too.
   */
  paymentHandlesOn: "orders" | "info";
  /**
   * What the order page calls the public page it came from (its header's link) and its way
   * back there, in a page's language: "Menu" and "Back to the menu", or the shop's.
   */
  publicPageWords: (words: PublicWords) => { name: string; back: string };
  /**
   * The reason an order is turned down with when the owner did not answer it in time, as
   * stored (in English, like an owner's own reason): "The restaurant did not confirm…".
   */
  notConfirmedReason: string;
}
