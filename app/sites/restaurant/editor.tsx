/**
 * What a restaurant's editor adds: each menu item's one photo, replaced in a dialog, and
 * its allergens and diets.
 */
import { lazy } from "react";
import type { SiteEditor } from "~/components/editor/site-editor";
import { DietaryFields, DietarySummary } from "./dietary-fields";

/** Loaded when first opened (the item row renders it from then on), not with the editor. */
const ReplaceImageDialog = lazy(() =>
  import("./replace-image-dialog").then((module) => ({ default: module.ReplaceImageDialog })),
);

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
