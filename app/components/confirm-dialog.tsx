import { useRef, useState } from "react";
import { lazyComponent } from "./lazy-component";
import type { ConfirmDialogContentProps } from "./confirm-dialog-content";
import { OnceOpened } from "./once-opened";
import { useHydrated } from "./use-hydrated";

export { returnFocus } from "./return-focus";

/** The dialog with Radix's AlertDialog, fetched once: when first opened, or as its trigger nears. */
const ConfirmDialogContentLazy = lazyComponent(() =>
  import("./confirm-dialog-content").then((module) => module.ConfirmDialogContent),
);
const ConfirmDialogContent = ConfirmDialogContentLazy.Component;

/**
 * A destructive action behind a confirm (focus trapped and restored, Escape
 * cancels): the confirm button posts `fields` to `action` and the dialog says
 * why when the server refuses. It brings its own trigger button, or is opened
 * from elsewhere (an item's actions menu) through `open` and `onOpenChange`.
 * The dialog's code loads the first time it opens.
 */
export function ConfirmDialog({
  trigger,
  triggerLabel,
  open: openAsked,
  onOpenChange,
  returnFocusTo,
  triggerClassName = "button danger",
  ...content
}: Omit<ConfirmDialogContentProps, "open" | "onOpenChange"> & {
  /** The trigger's text; left out when the dialog is opened from elsewhere. */
  trigger?: string;
  /** The trigger's accessible name, when its visible text is not enough on its own. */
  triggerLabel?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  triggerClassName?: string;
}) {
  const hydrated = useHydrated();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openAsked ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {trigger ? (
        <button
          ref={triggerRef}
          type="button"
          className={triggerClassName}
          disabled={!hydrated}
          aria-label={triggerLabel}
          // What Radix's trigger says of its dialog.
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={ConfirmDialogContentLazy.prefetch}
          onFocus={ConfirmDialogContentLazy.prefetch}
          onClick={() => setOpen(true)}
        >
          {trigger}
        </button>
      ) : null}
      <OnceOpened open={open}>
        <ConfirmDialogContent
          {...content}
          open={open}
          onOpenChange={setOpen}
          // Back to the given element, or else to this dialog's own trigger.
          returnFocusTo={returnFocusTo ?? triggerRef}
        />
      </OnceOpened>
    </>
  );
}
