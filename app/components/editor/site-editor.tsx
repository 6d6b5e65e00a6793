/**
 * What a site type adds to the shared editor (app/routes/portal/setup.tsx and this
 * folder): pieces of an item row, fields of the item forms and of the Info form. A type
 * leaves out what it does not add. The shared editor defines the slots and the types
 * fill them (app/sites/editors.ts); the route hands the type's pieces down through
 * `SiteEditorProvider`, so nothing here imports a site type.
 */
import { createContext, useContext, type ComponentType, type RefObject } from "react";
import type { FormFields } from "~/components/form";
import type { EditorItem } from "~/lib/items";
import type { OwnInfoFields } from "~/sites/site";

/** What every dialog opened from an item's actions menu is given. */
export interface ItemDialogProps {
  productId: string;
  item: EditorItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu's button, which takes focus back when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

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
  /**
   * Rendered from its first opening on; made with React.lazy, so its code (and Radix's
   * Dialog) is fetched then rather than with the editor.
   */
  Dialog: ComponentType<ItemDialogProps>;
}

const SiteEditorContext = createContext<SiteEditor>({});

/** Gives the editor's parts below it the pieces of the site type being edited. */
export const SiteEditorProvider = SiteEditorContext.Provider;

/** The pieces the site type being edited adds (none outside a `SiteEditorProvider`). */
export function useSiteEditor(): SiteEditor {
  return useContext(SiteEditorContext);
}
