/**
 * The zod schemas of each site type's forms: Info and, for the types with items, Add Item,
 * the edit dialog and the Orders tab. Kept apart from the site definitions (./index.ts) so
 * that a page needing only a type's names carries no validation code to the browser: the
 * server parses every form with these, and the editor's forms load them on first use to
 * check what the owner types (app/components/use-form-validation.ts).
 */
import type { z } from "zod";
import type { AddItemInput, EditItemInput } from "~/lib/items-schema";
import type { OrderSettingsFormInput } from "~/lib/order-settings-form";
import { profileInfoSchema } from "~/lib/profile-info-schema";
import type { ProductType } from "./product-types";
import { restaurantFormSchemas } from "./restaurant/form-schemas";
import { shoppyFormSchemas } from "./shoppy/form-schemas";
import type { SiteInfoInput } from "./site";

export interface SiteFormSchemas {
  info: z.ZodType<SiteInfoInput>;
  /** Null for the types whose editor is the Info form alone. */
  items: ItemFormSchemas | null;
}

export interface ItemFormSchemas {
  add: z.ZodType<AddItemInput>;
  edit: z.ZodType<EditItemInput>;
  /** The Orders tab: the order settings, and the payment handles where they are set there. */
  orders: z.ZodType<OrderSettingsFormInput>;
}

/** The profile-only types (a dealership, an e-commerce link page): Info is the whole editor. */
const profileOnlyFormSchemas: SiteFormSchemas = { info: profileInfoSchema, items: null };

const FORM_SCHEMAS: { readonly [Type in ProductType]: SiteFormSchemas } = {
  restaurant: restaurantFormSchemas,
  shoppy: shoppyFormSchemas,
  dealership: profileOnlyFormSchemas,
  ecommerce: profileOnlyFormSchemas,
};

/** The schemas of a site type's forms. */
export function formSchemasOf(type: ProductType): SiteFormSchemas {
  return FORM_SCHEMAS[type];
}
