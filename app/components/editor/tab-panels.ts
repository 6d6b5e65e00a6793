/**
 * The editor's tabs beyond its items list, each a chunk of its own (../lazy-component.ts):
 * the editor's first load carries the list alone, and a tab's code comes as the owner
 * reaches for it (`EditorTabs` preloads it on hover, focus or touch) or opens it.
 */
import { lazyComponent } from "../lazy-component";
import type { EditorTab } from "./editor-tabs";

export const AddItemPanel = lazyComponent(() =>
  import("./add-item-form").then((module) => module.AddItemForm),
);
export const OrderSettingsPanel = lazyComponent(() =>
  import("./order-settings").then((module) => module.OrderSettingsForm),
);
export const SiteInfoPanel = lazyComponent(() =>
  import("./site-info").then((module) => module.SiteInfo),
);
/** The whole editor of the types without items (a dealership, an e-commerce link page). */
export const ProfileEditorPanel = lazyComponent(() =>
  import("../profile-editor").then((module) => module.ProfileEditor),
);

/** Fetches the code of what a tab shows, if it is a chunk of its own. */
export function preloadTab(tab: EditorTab, hasItems: boolean): Promise<void> {
  if (!hasItems) return ProfileEditorPanel.preload();
  switch (tab) {
    case "add":
      return AddItemPanel.preload();
    case "orders":
      return OrderSettingsPanel.preload();
    case "info":
      return SiteInfoPanel.preload();
    case "items":
      return Promise.resolve();
  }
}
