import type { RefObject } from "react";

/**
 * Gives focus back to `target` when a dialog closes, in place of the element that
 * opened it (a menu item, gone once its menu closed).
 */
export function returnFocus(event: Event, target: RefObject<HTMLElement | null> | undefined) {
  if (!target?.current) return;
  event.preventDefault();
  target.current.focus();
}
