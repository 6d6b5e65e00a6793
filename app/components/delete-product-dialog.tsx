import { ConfirmDialog } from "./confirm-dialog";

/** The shared Delete of every editor: a confirm, then a POST to the one delete action. */
export function DeleteProductDialog({ productId, name }: { productId: string; name: string }) {
  return (
    <ConfirmDialog
      trigger="Delete"
      title={`Delete ${name}?`}
      description="The site, its items and its images are removed and its public link stops working. This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={`/user/delete/${productId}`}
    />
  );
}
