/**
 * What a site type adds to the shared editor (app/routes/portal/setup.tsx and
 * app/components/editor/): pieces of an item row, fields of the item forms and
 * of the Info form. A type leaves out what it does not add.
 */
import type { ComponentType } from "react";
import type { ItemDialogProps } from "~/components/editor/item-dialogs";
import type { FormFields } from "~/components/form";
import type { EditorItem } from "~/lib/items";
import type { OwnInfoFields } from "./site";

export interface SiteEditor {
  /** Beside an item's price (a shop's In Stock or Sold Out). */
  RowBadges?: ComponentType<{ item: EditorItem }>;
  /** Under an item's name and price, before its description (a shop's tags). */
  RowSummary?: ComponentType<{ item: EditorItem }>;
  /** Toggles of an item row after Star (a shop's Sold out). */
  RowToggles?: ComponentType<{ item: EditorItem }>;
  /**
   * Entries of an item's actions menu between Edit and Delete, each opening its
   * own dialog (a menu item's image, a shop item's photos).
   */
  MenuDialogs?: ItemMenuDialog[];
  /**
   * Fields the Add Item form and the edit modal add after the shared ones (a shop's
   * tags, a dish's allergens and diets), as fields of the same Conform form:
   * `fields.tags` has their errors.
   */
  ItemFields?: ComponentType<{
    item: EditorItem | null;
    suggestions: string[];
    fields: FormFields<"tags" | "allergens" | "diets">;
  }>;
  /** Fields the Info form adds before Save (a shop's tags and payment links), likewise. */
  InfoFields?: ComponentType<{ values: OwnInfoFields; fields: FormFields<keyof OwnInfoFields> }>;
}

/** One entry of an item's actions menu and the dialog it opens. */
export interface ItemMenuDialog {
  /** Tells the entries of one menu apart. */
  key: string;
  /** The entry's text, which may depend on the item ("Add image" or "Replace image"). */
  label: (item: EditorItem) => string;
  Dialog: ComponentType<ItemDialogProps>;
}
