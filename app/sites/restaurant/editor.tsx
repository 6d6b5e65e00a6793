/** What a restaurant's editor adds: each menu item's one photo, replaced in a dialog. */
import type { SiteEditor } from "../editor";
import { ReplaceImageDialog } from "./replace-image-dialog";

export const restaurantEditor: SiteEditor = {
  MenuDialogs: [
    {
      key: "image",
      label: (item) => (item.imageUrl ? "Replace image" : "Add image"),
      Dialog: ReplaceImageDialog,
    },
  ],
};
