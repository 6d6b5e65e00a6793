/**
 * What a restaurant's editor adds: each menu item's one photo, replaced in a dialog, and
 * its allergens and diets.
 */
import { lazyComponent } from "~/components/lazy-component";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import type { SiteEditor } from "~/components/editor/site-editor";
import { DietaryFields, DietarySummary } from "./dietary-fields";

/** Loaded when first opened (the item row renders it from then on), not with the editor. */
const ReplaceImageDialog = lazyComponent(() =>
  import("./replace-image-dialog").then((module) => module.ReplaceImageDialog),
).Component;

export const restaurantEditor: SiteEditor = {
  RowSummary: DietarySummary,
  ItemFields: ({ item, fields }) => <DietaryFields item={item} fields={fields} />,
  MenuDialogs: [
    {
      key: "image",
      label: (item) => (item.imageUrl ? sitePartWords.replaceImage : sitePartWords.addImage),
      Dialog: ReplaceImageDialog,
    },
  ],
};
