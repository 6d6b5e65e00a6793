/**
 * The dialog of `ConfirmDialog` (confirm-dialog.tsx), in its own chunk with Radix's
 * AlertDialog: fetched the first time a confirm opens.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { itemFailure, type ItemActionResult } from "~/lib/items";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { returnFocus } from "./return-focus";

/** A refusal with its reason (deleting a site), or an item write's answer. */
type ConfirmAnswer = { error?: string } | ItemActionResult;

export interface ConfirmDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing: the trigger, or the menu button it was opened from. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The route to post to; the current route when left out. */
  action?: string;
  fields?: Record<string, string>;
}

export function ConfirmDialogContent({
  open,
  onOpenChange: setOpen,
  returnFocusTo,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  fields = {},
}: ConfirmDialogContentProps) {
  const fetcher = useFetcher<ConfirmAnswer>();
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
                {siteFieldWords.cancel}
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
