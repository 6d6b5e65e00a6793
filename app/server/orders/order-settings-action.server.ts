/**
 * Saving a site's Orders tab: the form checked with the schema its site definition names
 * (the one the browser used), then the settings and, for a restaurant, its payment handles
 * written in one go, or nothing at all. The pause is the inbox's and is kept as it is.
 */
import { data } from "react-router";
import { orderSettingsWords } from "~/lib/i18n/portal/order-settings";
import { DEFAULT_ORDER_SETTINGS, ORDER_SETTINGS_MESSAGES } from "~/lib/order-settings";
import { settingsFromForm } from "~/lib/order-settings-schema";
import { SAVE_ORDERS_INTENT, type SaveOrderSettingsResult } from "~/lib/order-settings-form";
import { siteOf, type ProductType } from "~/sites";
import { formSchemasOf } from "~/sites/form-schemas";
import type { Database } from "../db/client.server";
import type { Events } from "../events/events.server";
import { parseSubmission } from "../http/forms.server";
import { logger } from "../http/log.server";
import { saveOrderSettings } from "./orders.server";

export async function saveOrderSettingsForm(
  services: { db: Database; events: Events },
  product: { id: string; type: ProductType },
  formData: FormData,
  /** The HTTP request's id, for the log. */
  requestId?: string,
) {
  const intent = SAVE_ORDERS_INTENT;
  const schema = formSchemasOf(product.type).items?.orders;
  if (!schema) {
    return data<{ error: string }>({ error: orderSettingsWords.editorCannot }, { status: 400 });
  }
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") {
    return data<SaveOrderSettingsResult>(
      { intent, result: submission.reply({ formErrors: [ORDER_SETTINGS_MESSAGES.failed] }) },
      { status: 400 },
    );
  }
  const value = submission.value;
  try {
    await saveOrderSettings(
      services.events,
      product.id,
      // No pause of its own: saving keeps the stored one (saveOrderSettings), a new row has none.
      settingsFromForm(value, DEFAULT_ORDER_SETTINGS),
      siteOf(product.type).items?.orders.paymentHandlesOn === "orders"
        ? {
            paypalUsername: value.paypalUsername ?? "",
            venmoUsername: value.venmoUsername ?? "",
          }
        : undefined,
    );
  } catch (error) {
    logger.error({ err: error, reqId: requestId }, "saving order settings failed");
    return data<SaveOrderSettingsResult>(
      { intent, result: submission.reply({ formErrors: [ORDER_SETTINGS_MESSAGES.failed] }) },
      { status: 500 },
    );
  }
  // The form then shows what was stored (amounts and handles tidied), not what was sent.
  const { initialValue: _sent, ...saved } = submission.reply();
  return data<SaveOrderSettingsResult>({ intent, result: saved });
}
