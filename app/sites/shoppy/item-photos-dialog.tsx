import * as Dialog from "@radix-ui/react-dialog";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { EditorDialog } from "~/components/editor/item-dialogs";
import type { ItemDialogProps } from "~/components/editor/site-editor";
import { ItemPhotos } from "./item-photos";

/** A shop item's photos, managed in a dialog opened from the item's actions menu. */
export function ItemPhotosDialog({
  productId,
  item,
  open,
  onOpenChange,
  returnFocusTo,
}: ItemDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={fill(siteFieldWords.photosOf, { name: item.name })}
    >
      <ItemPhotos productId={productId} item={item} />
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="button">
            {siteFieldWords.done}
          </button>
        </Dialog.Close>
      </div>
    </EditorDialog>
  );
}
