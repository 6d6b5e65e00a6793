/**
 * The dialog of `UnsavedChangesDialog` (unsaved-changes.tsx), in its own chunk with
 * Radix's AlertDialog: fetched once a form has changes that could be lost.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { Blocker } from "react-router";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";

export function LeaveWithoutSavingDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  const open = blocker.state === "blocked";
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === "blocked") blocker.reset();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">
            {siteFieldWords.leaveWithoutSavingTitle}
          </AlertDialog.Title>
          <AlertDialog.Description>
            {fill(siteFieldWords.unsavedChangesWarning, { what })}
          </AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {siteFieldWords.stayAndSave}
              </button>
            </AlertDialog.Cancel>
            {/* A plain button: closing the dialog is the blocker's to do once it proceeds. */}
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                if (blocker.state === "blocked") blocker.proceed();
              }}
            >
              {siteFieldWords.leaveWithoutSaving}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
