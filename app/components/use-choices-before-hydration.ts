import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * Choices made in a server-rendered form before React took it over. On a slow phone an
 * owner can pick a time or type a note while the page's JavaScript is still loading. React
 * leaves a controlled control as the person left it when it hydrates, but its state still
 * holds the server's value, and the next render puts that value back (a select's `value`,
 * an input's `value` or `checked`): the choice on screen is silently undone, and later
 * choices are made against the stale state.
 *
 * `adopt` is called once, right after the first commit and before the browser paints,
 * with the element the returned ref is attached to; the component reads its controls
 * there and takes into its state whatever differs from what it rendered (its closure is
 * the first render's). After a client-side navigation the controls show what was
 * rendered, and nothing is taken.
 */
export function useChoicesMadeBeforeHydration<Element extends HTMLElement>(
  adopt: (element: Element) => void,
): RefObject<Element | null> {
  const element = useRef<Element>(null);
  const firstAdopt = useRef(adopt);
  useLayoutEffect(() => {
    if (element.current) firstAdopt.current(element.current);
  }, []);
  return element;
}

/**
 * What the control named `name` inside `element` holds now: its value, or for radio
 * buttons the checked one's; null when there is no such control (or no radio is checked).
 */
export function controlValue(element: HTMLElement, name: string): string | null {
  const controls = element.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input, select, textarea",
  );
  for (const control of controls) {
    if (control.name !== name) continue;
    if (control instanceof HTMLInputElement && control.type === "radio") {
      if (control.checked) return control.value;
    } else {
      return control.value;
    }
  }
  return null;
}
