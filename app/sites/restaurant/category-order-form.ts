/**
 * The Category order control's form (app/sites/restaurant/category-order.tsx): the order
 * the page shows, as repeated `order` fields, and the button pressed, `moveUp` or
 * `moveDown` with the category as its value. One schema for the browser and the server;
 * without JavaScript each button is a plain form post.
 */
import type { SubmissionResult } from "@conform-to/react";
import { CATEGORY_MAX_LENGTH } from "~/lib/items";
import { MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { z } from "~/lib/zod";
import type { CategoryMove } from "./menu";

export const CATEGORY_ORDER_INTENT = "set-category-order";

export const CATEGORY_ORDER_MESSAGES = {
  failed: "Failed to save the category order.",
  changed: "The categories changed since this page was loaded. Reload the page and try again.",
  cannotMove: "That category cannot move that way.",
} as const;

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

/** What saving the order answers; `moved` lets the control keep focus on the moved category. */
export interface CategoryOrderResult {
  intent: typeof CATEGORY_ORDER_INTENT;
  result: SubmissionResult<string[]>;
  moved?: CategoryMove;
}
