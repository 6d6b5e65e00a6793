/**
 * The reasons an order is turned down with when its business did not answer it in time
 * (app/server/orders/order-escalation.server.ts; each site type's `notConfirmedReason`). They
 * are stored in English, as an owner's own reason is, so the inbox and the CSV read them as
 * the owner's; the customer's status page and mail show them in the order's language.
 */
import { en } from "./i18n/words/en";
import type { PublicWords } from "./i18n/page-language";

/** A stored reject reason as the customer reads it: a known one in their language, else as written. */
export function rejectReasonForCustomer(reason: string, words: PublicWords): string {
  if (reason === en.rejectReasonNotConfirmedRestaurant) {
    return words.rejectReasonNotConfirmedRestaurant;
  }
  if (reason === en.rejectReasonNotConfirmedShop) return words.rejectReasonNotConfirmedShop;
  return reason;
}
