/**
 * Saving a menu's category order (the restaurant editor's Category order control). The
 * route has already checked that the product is the signed-in owner's. The form sends the
 * order its page shows and, from a Move button, which category to move; the order asked
 * for is kept only if it names exactly the categories in use, else nothing changes.
 */
import { data } from "react-router";
import {
  CATEGORY_ORDER_INTENT,
  CATEGORY_ORDER_MESSAGES,
  type CategoryOrderResult,
} from "~/sites/restaurant/category-order-form";
import { categoryOrderSchema } from "~/sites/restaurant/category-order-schema";
import { movedCategory } from "~/sites/restaurant/menu";
import type { Events } from "../events/events.server";
import { parseSubmission } from "../http/forms.server";
import { setCategoryOrder } from "../repositories/items.server";
import { logger } from "../http/log.server";

export async function saveCategoryOrder(
  events: Events,
  product: { id: string; ownerUid: string },
  formData: FormData,
  /** The HTTP request's id, for the log. */
  requestId?: string,
) {
  const intent = CATEGORY_ORDER_INTENT;
  const submission = parseSubmission(formData, categoryOrderSchema);
  const refuse = (status: number, message: string) =>
    data<CategoryOrderResult>(
      { intent, result: submission.reply({ formErrors: [message] }) },
      { status },
    );
  if (submission.status !== "success") return refuse(400, CATEGORY_ORDER_MESSAGES.failed);

  const { order, move } = submission.value;
  const asked = move ? movedCategory(order, move) : order;
  if (!asked) return refuse(400, CATEGORY_ORDER_MESSAGES.cannotMove);
  try {
    const saved = await setCategoryOrder(events, product, asked);
    if (saved === "product-missing") return refuse(404, CATEGORY_ORDER_MESSAGES.failed);
    if (saved === "not-the-categories-in-use") {
      return refuse(409, CATEGORY_ORDER_MESSAGES.changed);
    }
  } catch (error) {
    logger.error({ err: error, reqId: requestId }, "saving the category order failed");
    return refuse(500, CATEGORY_ORDER_MESSAGES.failed);
  }
  return data<CategoryOrderResult>({
    intent,
    result: { ...submission.reply({ resetForm: true }), status: "success" },
    ...(move ? { moved: move } : {}),
  });
}
