/**
 * The Radix half of `ActionMenu` (action-menu.tsx), in its own chunk: Radix's menu and
 * floating-ui are fetched the first time a menu is opened, not with the page.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useRef, type ReactElement } from "react";

export interface ActionMenuEntry {
  key: string;
  label: string;
  /** Drawn as a destructive action (Delete). */
  danger?: boolean;
}

/** How the menu was first asked for: keyboard users start on its first entry, as in Radix. */
export type MenuOpenedBy = "pointer" | "keyboard";

export function RadixActionMenu({
  trigger,
  heading,
  entries,
  onSelect,
  openedBy,
}: {
  /** The button, as drawn before the menu was loaded. */
  trigger: ReactElement;
  heading?: string;
  entries: ActionMenuEntry[];
  onSelect: (key: string) => void;
  openedBy: MenuOpenedBy;
}) {
  // Radix moves to the first entry when its own trigger saw the key; this menu was opened by
  // the plain button before Radix was on the page, so the first opening does it here.
  const startOnFirstEntry = useRef(openedBy === "keyboard");
  return (
    // Not modal, so the dialog an entry opens takes focus cleanly.
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          ref={(content) => {
            if (!content || !startOnFirstEntry.current) return;
            startOnFirstEntry.current = false;
            // Before Radix's own focusing, which then leaves focus where it is.
            content
              .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
              ?.focus({ preventScroll: true });
          }}
        >
          {heading ? (
            <DropdownMenu.Label className="menu-label">{heading}</DropdownMenu.Label>
          ) : null}
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
