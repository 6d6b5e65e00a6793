/**
 * Each site type's editor pieces (see app/components/editor/site-editor.tsx), apart from the registry in
 * `./index.ts` so that pages which only need a type's names and rules do not load
 * its editor's components.
 */
import type { SiteEditor } from "~/components/editor/site-editor";
import type { ProductType } from "./product-types";
import { restaurantEditor } from "./restaurant/editor";
import { shopEditor } from "./shoppy/editor";

const EDITORS: { readonly [Type in ProductType]: SiteEditor } = {
  restaurant: restaurantEditor,
  shoppy: shopEditor,
  // Their editor is the shared Info form alone.
  dealership: {},
  ecommerce: {},
};

export function editorOf(type: ProductType): SiteEditor {
  return EDITORS[type];
}
