/**
 * Removing a product end to end: the database rows in one transaction, then
 * its stored files. Shared by the editors' Delete and the admin CLI.
 */
import { deleteProduct } from "../repositories/products.server";
import type { AppServices } from "../runtime/services.server";
import { deleteProductFiles } from "../storage/storage.server";

/** True when the owner's product was removed; false when there was none to remove. */
export async function removeProduct(
  services: Pick<AppServices, "events" | "storage">,
  ownerUid: string,
  productId: string,
): Promise<boolean> {
  const removed = await deleteProduct(services.events, ownerUid, productId);
  if (!removed) return false;
  // After the commit: a storage failure leaves orphaned files, never a half-deleted product.
  await deleteProductFiles(services.storage, removed.type, productId, ownerUid);
  return true;
}
