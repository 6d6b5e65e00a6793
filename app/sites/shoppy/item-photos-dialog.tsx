import * as Dialog from "@radix-ui/react-dialog";
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
      title={`Photos of ${item.name}`}
    >
      <ItemPhotos productId={productId} item={item} />
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="button">
            Done
          </button>
        </Dialog.Close>
      </div>
    </EditorDialog>
  );
}
