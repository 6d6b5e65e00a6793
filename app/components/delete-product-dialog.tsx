import { ConfirmDialog } from "./confirm-dialog";

const CONSEQUENCES =
  "The site, its items and its images are removed and its public link stops working. This cannot be undone.";

/** The shared Delete of every editor: a confirm, then a POST to the one delete action. */
export function DeleteProductDialog({ productId, name }: { productId: string; name: string }) {
  return (
    <ConfirmDialog
      trigger="Delete"
      triggerLabel={`Delete ${name}`}
      title={`Delete ${name}?`}
      description={CONSEQUENCES}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      action={`/user/delete/${productId}`}
    />
  );
}

/**
 * The editor's danger zone, at the end of Info: deleting a site is rare and final, so it sits
 * where a thumb reaching for the tabs or Save cannot hit it by accident.
 */
export function DeleteProductSection({ productId, name }: { productId: string; name: string }) {
  return (
    <section className="card danger-zone" aria-labelledby="delete-site-heading">
      <h2 id="delete-site-heading">Delete this site</h2>
      <p>{CONSEQUENCES}</p>
      <DeleteProductDialog productId={productId} name={name} />
    </section>
  );
}
