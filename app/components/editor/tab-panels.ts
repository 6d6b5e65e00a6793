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
/** A restaurant's Reservations tab. */
export const BookingSettingsPanel = lazyComponent(() =>
  import("./booking-settings").then((module) => module.BookingSettingsForm),
);
export const SiteInfoPanel = lazyComponent(() =>
  import("./site-info").then((module) => module.SiteInfo),
);
/** The whole editor of the types without items (a dealership, an e-commerce link page). */
export const ProfileEditorPanel = lazyComponent(() =>
  import("../profile-editor").then((module) => module.ProfileEditor),
);

/** What a tab shows, if it is a chunk of its own. */
function panelOf(tab: EditorTab, hasItems: boolean) {
  if (!hasItems) return ProfileEditorPanel;
  switch (tab) {
    case "add":
      return AddItemPanel;
    case "orders":
      return OrderSettingsPanel;
    case "bookings":
      return BookingSettingsPanel;
    case "info":
      return SiteInfoPanel;
    case "items":
      return null;
  }
}

/** Fetches the code of what a tab shows, if it is a chunk of its own. */
export function preloadTab(tab: EditorTab, hasItems: boolean): Promise<void> {
  return panelOf(tab, hasItems)?.preload() ?? Promise.resolve();
}

/** The page is not hydrated until the tab it shows is (app/components/lazy-component.ts). */
export function awaitTabOnScreen(tab: EditorTab, hasItems: boolean): void {
  panelOf(tab, hasItems)?.awaitOnScreen();
}
