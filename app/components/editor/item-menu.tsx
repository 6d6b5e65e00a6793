import type { RefObject } from "react";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { ActionMenu, type ActionMenuEntry } from "../action-menu";

/**
 * An item's secondary actions behind one button: arrow keys move through the
 * entries, Escape closes, and each entry opens its dialog through `onSelect`.
 * The menu itself loads on the first opening (see `ActionMenu`).
 */
export function ItemActionsMenu({
  itemName,
  entries,
  onSelect,
  triggerRef,
  onPreload,
}: {
  itemName: string;
  entries: ActionMenuEntry[];
  onSelect: (key: string) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** Fetches the dialogs the entries open, with the menu. */
  onPreload?: () => void;
}) {
  return (
    <ActionMenu
      label={fill(editorWords.itemActions, { name: itemName })}
      className="button secondary icon-button item-menu-button"
      entries={entries}
      onSelect={onSelect}
      triggerRef={triggerRef}
      onPreload={onPreload}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <circle cx="5" cy="12" r="2" />
        <circle cx="12" cy="12" r="2" />
        <circle cx="19" cy="12" r="2" />
      </svg>
    </ActionMenu>
  );
}
