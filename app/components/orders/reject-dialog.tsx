/**
 * The orders inbox's Reject dialog, in its own chunk with Radix's Dialog: fetched the
 * first time an owner reaches for Reject, not with the inbox.
 */
import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import type { FetcherWithComponents } from "react-router";
import { ordersWords } from "~/lib/i18n/portal/orders";
import { fill } from "~/lib/i18n/text";
import { returnFocus } from "../return-focus";
import { RejectFields } from "./reject-fields";

export function RejectDialog({
  orderId,
  orderNumber,
  otherId,
  fetcher,
  busy,
  open,
  onOpenChange,
  triggerRef,
}: {
  orderId: string;
  orderNumber: number;
  /** The id of the "In your words" field, as in the form shown without JavaScript. */
  otherId: string;
  /** The order card's fetcher, which shows the answer on the card. */
  fetcher: FetcherWithComponents<unknown>;
  busy: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Reject button, which takes focus back when the dialog closes. */
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
            {fill(ordersWords.rejectTitle, { number: orderNumber })}
          </Dialog.Title>
          <Dialog.Description>{ordersWords.rejectExplained}</Dialog.Description>
          <fetcher.Form
            method="post"
            className="reject-form"
            onSubmit={() => {
              onOpenChange(false);
            }}
          >
            <RejectFields orderId={orderId} otherId={otherId} />
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="button secondary">
                  {ordersWords.keepIt}
                </button>
              </Dialog.Close>
              <button type="submit" className="button danger" disabled={busy}>
                {ordersWords.rejectOrder}
              </button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
