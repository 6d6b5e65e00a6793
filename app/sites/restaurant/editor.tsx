/** What a restaurant's editor adds: each menu item's one photo, replaced in a dialog. */
import type { SiteEditor } from "../editor";
import { ReplaceImageDialog } from "./replace-image-dialog";

export const restaurantEditor: SiteEditor = {
  RowActions: ({ productId, item }) => (
    <ReplaceImageDialog productId={productId} item={item} hasImage={Boolean(item.imageUrl)} />
  ),
};
