import { Suspense, useState, type ReactNode } from "react";

/**
 * Renders `children` (a dialog whose code is loaded with React.lazy) from the first time
 * `open` is true on, and nothing before: a page whose dialogs are never opened never fetches
 * them. Once rendered it stays, so it closes as it always did (focus given back, its state
 * kept) and opens again at once.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  // Nothing to show while the dialog's code arrives: the click already gave its feedback.
  return <Suspense fallback={null}>{children}</Suspense>;
}
