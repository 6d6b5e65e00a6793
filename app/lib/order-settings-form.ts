/**
 * The Orders tab's form around the rules of ./order-settings.ts: its intent, the answer the
 * editor's action gives, and the stored settings as the form's starting values (amounts as
 * the owner types them, the cap empty for none).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { OrderSettings } from "./order-settings";
import type { OrderSettingsInput } from "./order-settings-schema";
import { priceAmount } from "./price";

export const SAVE_ORDERS_INTENT = "save-orders";

/** What the form yields: the settings, and a restaurant's payment handles. */
export type OrderSettingsFormInput = OrderSettingsInput & {
  paypalUsername?: string;
  venmoUsername?: string;
};

export interface SaveOrderSettingsResult {
  intent: typeof SAVE_ORDERS_INTENT;
  result: SubmissionResult<string[]>;
}

export interface PaymentHandles {
  paypalUsername: string;
  venmoUsername: string;
}

/** The form's fields as they start: what is stored, in the words the owner typed. */
export function orderSettingsFormValues(
  settings: OrderSettings,
  currency: string,
  handles: PaymentHandles,
): Record<string, string | boolean> {
  const amount = (cents: number) => (cents > 0 ? priceAmount(cents, currency) : "");
  return {
    enabled: settings.enabled,
    pickup: settings.pickup,
    delivery: settings.delivery,
    deliveryFee: amount(settings.deliveryFeeCents),
    deliveryMinimum: amount(settings.deliveryMinimumCents),
    deliveryNote: settings.deliveryNote,
    leadMinutes: String(settings.leadMinutes),
    slotMinutes: String(settings.slotMinutes),
    daysAhead: String(settings.daysAhead),
    minimum: amount(settings.minimumCents),
    slotCap: settings.slotCap === null ? "" : String(settings.slotCap),
    email: settings.email,
    remindMinutes: String(settings.remindMinutes),
    giveUpMinutes: settings.giveUpMinutes === null ? "" : String(settings.giveUpMinutes),
    paypalUsername: handles.paypalUsername,
    venmoUsername: handles.venmoUsername,
  };
}
