/**
 * The bookings page's Decline dialog, in its own chunk with Radix's Dialog: fetched the first
 * time someone reaches for Decline, not with the page. The same fields are shown in place
 * without JavaScript (`DeclineFields`).
 */
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import type { FetcherWithComponents } from "react-router";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { returnFocus } from "../return-focus";
import { DeclineFields } from "./decline-fields";

export function DeclineDialog({
  bookingId,
  guestName,
  reasonId,
  fetcher,
  busy,
  open,
  onOpenChange,
  triggerRef,
}: {
  bookingId: string;
  guestName: string;
  /** The reason field's id, as in the form shown without JavaScript. */
  reasonId: string;
  /** The booking's fetcher, which shows the answer on the booking. */
  fetcher: FetcherWithComponents<unknown>;
  busy: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Decline button, which takes focus back when the dialog closes. */
  triggerRef: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => returnFocus(event, triggerRef)}
        >
          <Dialog.Title className="dialog-title">
            {fill(bookingsWords.declineTitle, { name: guestName })}
          </Dialog.Title>
          <Dialog.Description>{bookingsWords.declineExplained}</Dialog.Description>
          <fetcher.Form
            method="post"
            className="reject-form"
            onSubmit={(event) => {
              // The browser's own check (required, length) stops an empty reason first.
              if (event.currentTarget.checkValidity()) onOpenChange(false);
            }}
          >
            <DeclineFields bookingId={bookingId} reasonId={reasonId} />
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="button secondary">
                  {bookingsWords.keepBooking}
                </button>
              </Dialog.Close>
              <button type="submit" className="button danger" disabled={busy}>
                {bookingsWords.declineBooking}
              </button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
