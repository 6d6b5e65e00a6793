import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { itemFailure, type ItemActionResult } from "~/lib/items";
import { useHydrated } from "./use-hydrated";

/** A refusal with its reason (deleting a site), or an item write's answer. */
type ConfirmAnswer = { error?: string } | ItemActionResult;

/**
 * A destructive action behind a confirm (focus trapped and restored, Escape
 * cancels): the confirm button posts `fields` to `action` and the dialog says
 * why when the server refuses. It brings its own trigger button, or is opened
 * from elsewhere (an item's actions menu) through `open` and `onOpenChange`.
 */
export function ConfirmDialog({
  trigger,
  triggerLabel,
  open: openAsked,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  fields = {},
  triggerClassName = "button danger",
}: {
  /** The trigger's text; left out when the dialog is opened from elsewhere. */
  trigger?: string;
  /** The trigger's accessible name, when its visible text is not enough on its own. */
  triggerLabel?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on closing when there is no trigger to give it back to. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The route to post to; the current route when left out. */
  action?: string;
  fields?: Record<string, string>;
  triggerClassName?: string;
}) {
  const fetcher = useFetcher<ConfirmAnswer>();
  const hydrated = useHydrated();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openAsked ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const pending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && "result" in answer ? itemFailure(answer) : answer?.error;
  const done = answer && "result" in answer && answer.result.status === "success";

  // Close once the server has done it (a redirect unmounts the page anyway): on each new
  // answer, while rendering rather than in an effect.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (done) setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? (
        <AlertDialog.Trigger asChild>
          <button
            type="button"
            className={triggerClassName}
            disabled={!hydrated}
            aria-label={triggerLabel}
          >
            {trigger}
          </button>
        </AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          {error ? (
            <p className="alert error" role="alert">
              {error}
            </p>
          ) : null}
          <fetcher.Form method="post" action={action} className="dialog-actions">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <AlertDialog.Cancel asChild>
              <button type="button" className="button secondary">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="submit" className="button danger" disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * Gives focus back to `target` when a dialog closes, in place of the element that
 * opened it (a menu item, gone once its menu closed).
 */
export function returnFocus(event: Event, target: RefObject<HTMLElement | null> | undefined) {
  if (!target?.current) return;
  event.preventDefault();
  target.current.focus();
}
