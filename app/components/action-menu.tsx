import {
  startTransition,
  Suspense,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
  type RefObject,
} from "react";
import { lazyComponent } from "./lazy-component";
import type { ActionMenuEntry, MenuOpenedBy } from "./action-menu-radix";
import { useHydrated } from "./use-hydrated";

export type { ActionMenuEntry } from "./action-menu-radix";

/** Radix's menu, fetched once: on the first opening, or earlier when a pointer or focus nears. */
const RadixActionMenuLazy = lazyComponent(() =>
  import("./action-menu-radix").then((module) => module.RadixActionMenu),
);
const RadixActionMenu = RadixActionMenuLazy.Component;

/** Keys that open a menu from its button, as on Radix's own trigger. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A button opening a menu of actions: arrow keys move through the entries, Escape closes
 * and gives focus back to the button, and each entry calls `onSelect` with its key.
 *
 * The menu (Radix DropdownMenu, with floating-ui) is a large part of a page's script yet is
 * opened rarely, so the page comes with a plain button drawn the same; its first click or
 * opening key loads the menu and opens it, and from then on Radix's trigger takes its place.
 */
export function ActionMenu({
  label,
  className,
  disabled = false,
  children,
  heading,
  entries,
  onSelect,
  triggerRef,
  onPreload,
}: {
  /** The button's accessible name. */
  label: string;
  className: string;
  disabled?: boolean;
  /** What the button shows. */
  children: ReactNode;
  /** A heading at the top of the menu. */
  heading?: string;
  entries: ActionMenuEntry[];
  onSelect: (key: string) => void;
  triggerRef?: RefObject<HTMLButtonElement | null>;
  /** Fetches what the entries will likely need next (their dialogs), along with the menu. */
  onPreload?: () => void;
}) {
  const hydrated = useHydrated();
  const [openedBy, setOpenedBy] = useState<MenuOpenedBy | null>(null);
  const button = (props: ButtonHTMLAttributes<HTMLButtonElement>) => (
    <button
      ref={triggerRef}
      type="button"
      className={className}
      aria-label={label}
      disabled={disabled || !hydrated}
      {...props}
    >
      {children}
    </button>
  );

  const preload = () => {
    RadixActionMenuLazy.prefetch();
    onPreload?.();
  };
  // In a transition, so the plain button stays until the menu has loaded, then the two swap.
  const open = (by: MenuOpenedBy) => {
    preload();
    startTransition(() => setOpenedBy(by));
  };
  const plainButton = button({
    // What Radix's trigger says of its closed menu.
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    // A click made with a key or by a screen reader has no pointer behind it (detail 0).
    onClick: (event) => open(event.detail === 0 ? "keyboard" : "pointer"),
    onKeyDown: (event) => {
      if (!OPENING_KEYS.has(event.key)) return;
      // In place of the click Enter or Space would make: one key press opens the menu once.
      event.preventDefault();
      open("keyboard");
    },
  });

  return (
    <Suspense fallback={plainButton}>
      {openedBy ? (
        <RadixActionMenu
          trigger={button({})}
          heading={heading}
          entries={entries}
          onSelect={onSelect}
          openedBy={openedBy}
        />
      ) : (
        plainButton
      )}
    </Suspense>
  );
}
