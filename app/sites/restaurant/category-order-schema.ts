/** The zod schema of the Category order control's form (./category-order-form.ts). */
import { CATEGORY_MAX_LENGTH } from "~/lib/items";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { z } from "~/lib/zod";
import type { CategoryMove } from "./menu";

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

// Each category an item may have, and no more of them than a menu has items.
const categoryName = z.string().trim().min(1).max(CATEGORY_MAX_LENGTH);

export const categoryOrderSchema = z
  .object({
    order: z.preprocess(asList, z.array(categoryName).max(MAX_ITEMS_PER_PRODUCT)),
    moveUp: categoryName.optional(),
    moveDown: categoryName.optional(),
  })
  .transform(({ order, moveUp, moveDown }) => {
    const move: CategoryMove | null = moveUp
      ? { category: moveUp, direction: "up" }
      : moveDown
        ? { category: moveDown, direction: "down" }
        : null;
    return { order, move };
  });
