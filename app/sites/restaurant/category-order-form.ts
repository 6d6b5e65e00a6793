/**
 * The Category order control's form (app/sites/restaurant/category-order.tsx): the order
 * the page shows, as repeated `order` fields, and the button pressed, `moveUp` or
 * `moveDown` with the category as its value; its zod schema is in ./category-order-schema.ts.
 * Without JavaScript each button is a plain form post.
 */
import type { SubmissionResult } from "@conform-to/react";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import type { CategoryMove } from "./menu";

export const CATEGORY_ORDER_INTENT = "set-category-order";

export const CATEGORY_ORDER_MESSAGES = {
  failed: sitePartWords.categoryOrderFailed,
  changed: sitePartWords.categoryOrderChanged,
  cannotMove: sitePartWords.categoryOrderCannotMove,
} as const;

/** What saving the order answers; `moved` lets the control keep focus on the moved category. */
export interface CategoryOrderResult {
  intent: typeof CATEGORY_ORDER_INTENT;
  result: SubmissionResult<string[]>;
  moved?: CategoryMove;
}
