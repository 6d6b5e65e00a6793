/**
 * What a restaurant's editor adds: each menu item's one photo, replaced in a dialog, and
 * its allergens and diets.
 */
import type { SiteEditor } from "~/components/editor/site-editor";
import { DietaryFields, DietarySummary } from "./dietary-fields";
import { ReplaceImageDialog } from "./replace-image-dialog";

export const restaurantEditor: SiteEditor = {
  RowSummary: DietarySummary,
  ItemFields: ({ item, fields }) => <DietaryFields item={item} fields={fields} />,
  MenuDialogs: [
    {
      key: "image",
      label: (item) => (item.imageUrl ? "Replace image" : "Add image"),
      Dialog: ReplaceImageDialog,
    },
  ],
};
