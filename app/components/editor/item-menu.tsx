import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { RefObject } from "react";
import { useHydrated } from "../use-hydrated";

export interface ItemMenuEntry {
  key: string;
  label: string;
  /** Drawn as a destructive action (Delete). */
  danger?: boolean;
}

/**
 * An item's secondary actions behind one button: arrow keys move through the
 * entries, Escape closes, and each entry opens its dialog through `onSelect`.
 * The menu is not modal, so the dialog it opens takes focus cleanly.
 */
export function ItemActionsMenu({
  itemName,
  entries,
  onSelect,
  triggerRef,
}: {
  itemName: string;
  entries: ItemMenuEntry[];
  onSelect: (key: string) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const hydrated = useHydrated();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className="button secondary icon-button item-menu-button"
          aria-label={`Actions for ${itemName}`}
          disabled={!hydrated}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
          {entries.map((entry) => (
            <DropdownMenu.Item
              key={entry.key}
              className={entry.danger ? "menu-item danger" : "menu-item"}
              onSelect={() => onSelect(entry.key)}
            >
              {entry.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
