/**
 * The texts of a site its owner may translate, read as they are now: for the Languages page
 * and its CSV file alike (app/lib/i18n/translatable-texts.ts says which they are).
 */
import { translatableTexts, type TranslatableText } from "~/lib/i18n/translatable-texts";
import { storedOptions } from "~/lib/item-options";
import { storedSpecialHours } from "~/lib/special-hours";
import type { Database } from "../db/client.server";
import { loadOrderSettings } from "../orders/orders.server";
import { listItems } from "../repositories/items.server";

export async function loadTranslatableTexts(
  db: Database,
  productId: string,
  info: { specialHours: unknown } | null,
): Promise<TranslatableText[]> {
  const [itemRows, settings] = await Promise.all([
    listItems(db, productId),
    loadOrderSettings(db, productId),
  ]);
  return translatableTexts({
    items: itemRows.map((item) => ({ ...item, options: storedOptions(item.options) })),
    specialHours: storedSpecialHours(info?.specialHours),
    // Customers read the note only where the site takes delivery orders.
    deliveryNote: settings.enabled && settings.delivery ? settings.deliveryNote : "",
  });
}
