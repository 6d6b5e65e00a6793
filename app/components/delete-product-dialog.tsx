import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useFetcher } from "react-router";
import { useHydrated } from "./use-hydrated";

/**
 * The shared Delete of every editor: a confirm dialog (focus trapped and
 * restored, Escape cancels), then a POST to the one delete action.
 */
export function DeleteProductDialog({ productId, name }: { productId: string; name: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const hydrated = useHydrated();
  const deleting = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="button danger" disabled={!hydrated}>
          Delete
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">Delete {name}?</AlertDialog.Title>
          <AlertDialog.Description>
            The site, its items and its images are removed and its public link stops working. This
            cannot be undone.
          </AlertDialog.Description>
          {error ? (
            <p className="alert error" role="alert">
              {error}
            </p>
          ) : null}
          <fetcher.Form
            method="post"
            action={`/user/delete/${productId}`}
            className="dialog-actions"
          >
            <AlertDialog.Cancel asChild>
              <button type="button" className="button secondary">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button type="submit" className="button danger" disabled={deleting}>
              {deleting ? "Deleting…" : "Delete"}
            </button>
          </fetcher.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
