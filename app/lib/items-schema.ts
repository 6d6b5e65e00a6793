/**
 * The zod schemas of an item's forms (Add Item, the edit dialog, the inline price, the flags
 * and the photo moves), for the server and for the browser's validation as the owner types.
 */
import { checkbox, z } from "./zod";
import { optionsField, type OptionsInput } from "./item-options-schema";
import {
  ITEM_ID_PATTERN,
  CATEGORY_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PRICE_INPUT_MAX_LENGTH,
} from "./items";
import { MAX_IMAGES_PER_ITEM, NAME_MAX_LENGTH } from "./limits";
import { MESSAGES } from "./messages";
import { OPTION_ID_PATTERN } from "./option-groups";
import { SOLD_OUT_SPANS } from "./sold-out";
import { parsePriceToCents } from "./price";
import { optionalText } from "./profile-info-schema";

const itemId = z.string().regex(ITEM_ID_PATTERN);

/** SPEC section 5: "Price is required.", then the shared parsing rule (digits and dot, 2 decimals). */
const priceField = z
  .string({ error: MESSAGES.priceRequired })
  .trim()
  .min(1, { error: MESSAGES.priceRequired })
  .max(PRICE_INPUT_MAX_LENGTH, { error: MESSAGES.textTooLong })
  .transform((value) => parsePriceToCents(value));

const itemFields = {
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong }),
  price: priceField,
  category: optionalText(CATEGORY_MAX_LENGTH),
  description: optionalText(DESCRIPTION_MAX_LENGTH),
  options: optionsField,
  /**
   * Set by a form that shows the item's options, so that an edit without any options left
   * clears them, and a form that does not show them (an older page) leaves them alone.
   */
  optionsShown: checkbox,
};

/** The Add Item form. */
export const addItemSchema = z.object({ ...itemFields, star: checkbox });

/** The edit modal: name, price, category and description of one item. */
export const editItemSchema = z.object({ itemId, ...itemFields });

/**
 * What the Add Item and edit forms yield; a site type's own schemas may leave out the
 * category and add tags (see `app/sites/shoppy/site.ts`).
 */
type ItemInput<Schema extends z.ZodType> = Omit<z.output<Schema>, "category"> & {
  category?: string;
  tags?: string[];
  /** A menu's dishes: keys of app/lib/dietary.ts. */
  allergens?: string[];
  diets?: string[];
  options?: OptionsInput;
};
export type AddItemInput = ItemInput<typeof addItemSchema>;
export type EditItemInput = ItemInput<typeof editItemSchema>;

/** The inline price editor. */
export const itemPriceSchema = z.object({ itemId, price: priceField });

/** A flag toggle (star, sold out): the value the owner asked for, not a blind flip. */
export const itemFlagSchema = z.object({
  itemId,
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const itemIdSchema = z.object({ itemId });

/**
 * Marking an item, or one of its choices (`choiceId`), sold out for today or until turned
 * back (`span`, app/lib/sold-out.ts), or back on sale (no span).
 */
export const soldOutSchema = z.object({
  itemId,
  choiceId: z.string().regex(OPTION_ID_PATTERN).optional(),
  span: z.enum(SOLD_OUT_SPANS).optional(),
});

/** Moving or removing one of a shop item's photos, by its place in the list. */
export const itemImageSchema = z.object({
  itemId,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_IMAGES_PER_ITEM - 1),
  move: z.enum(["earlier", "later"]).optional(),
});
