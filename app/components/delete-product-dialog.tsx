import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { fill } from "~/lib/i18n/text";
import { ConfirmDialog } from "./confirm-dialog";

/** The shared Delete of every editor: a confirm, then a POST to the one delete action. */
export function DeleteProductDialog({ productId, name }: { productId: string; name: string }) {
  return (
    <ConfirmDialog
      trigger={sitePartWords.delete}
      triggerLabel={fill(sitePartWords.deleteNamed, { name })}
      title={fill(sitePartWords.deleteNamedTitle, { name })}
      description={sitePartWords.deleteSiteConsequences}
      confirmLabel={sitePartWords.delete}
      pendingLabel={sitePartWords.deleting}
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
      <h2 id="delete-site-heading">{sitePartWords.deleteThisSite}</h2>
      <p>{sitePartWords.deleteSiteConsequences}</p>
      <DeleteProductDialog productId={productId} name={name} />
    </section>
  );
}
