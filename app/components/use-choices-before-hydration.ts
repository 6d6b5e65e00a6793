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

/**
 * The file input `element` is, or the first one inside it; null when there is none.
 */
function fileInputOf(element: HTMLElement): HTMLInputElement | null {
  if (element instanceof HTMLInputElement) return element.type === "file" ? element : null;
  return element.querySelector<HTMLInputElement>("input[type=file]");
}

/** The files chosen now in the file input `element` is or holds (none when it has none). */
export function chosenFiles(element: HTMLElement): File[] {
  return Array.from(fileInputOf(element)?.files ?? []);
}

/**
 * Files chosen in a server-rendered file input before React took it over. The browser keeps
 * them in the input when React hydrates it, but the change event went by while no handler
 * listened, so the field would show nothing chosen and never send them. `take` is called
 * once, right after the first commit, with the files the input (the element the returned ref
 * is attached to, or the file input inside it) holds then, and the input; it hands them to
 * the field's ordinary "files chosen" path. Nothing is taken when none were chosen or the
 * input is disabled.
 */
export function useFilesChosenBeforeHydration<Element extends HTMLElement>(
  take: (files: File[], input: HTMLInputElement) => void,
): RefObject<Element | null> {
  return useChoicesMadeBeforeHydration<Element>((element) => {
    const input = fileInputOf(element);
    if (!input || input.disabled) return;
    const files = chosenFiles(input);
    if (files.length > 0) take(files, input);
  });
}
