import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { EditorItem, ItemActionResult } from "~/lib/items";
import { centsToDecimalString } from "~/lib/price";
import { useHydrated } from "../use-hydrated";
import { itemsOf, type ProductType } from "~/sites";
import { editorOf } from "~/sites/editors";
import type { FieldErrorMap } from "../form";
import { ItemFormFields } from "./item-fields";

/** A modal with a title, focus trapped inside and given back to its trigger, Escape to close. */
export function EditorDialog({
  open,
  onOpenChange,
  trigger,
  triggerLabel,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: string;
  /** The trigger's accessible name, when its visible text needs the item's name. */
  triggerLabel: string;
  title: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="button secondary small"
          disabled={!hydrated}
          aria-label={triggerLabel}
        >
          {trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The edit modal: name, price, category and description of one item. */
export function EditItemDialog({
  item,
  type,
  categories,
  tagSuggestions,
}: {
  item: EditorItem;
  type: ProductType;
  categories: string[];
  tagSuggestions: string[];
}) {
  const { ItemFields } = editorOf(type);
  const editSchema = itemsOf(type)?.editSchema;
  const fetcher = useFetcher<ItemActionResult>();
  const [open, setOpen] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrorMap>({});
  const idPrefix = useId();
  const saving = fetcher.state !== "idle";
  const failure = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data : null;

  // Close on each new successful answer, while rendering rather than in an effect.
  const [answer, setAnswer] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== answer) {
    setAnswer(fetcher.data);
    if (fetcher.data?.ok) setOpen(false);
  }

  return (
    <EditorDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setClientErrors({});
      }}
      trigger="Edit"
      triggerLabel={`Edit ${item.name}`}
      title={`Edit ${item.name}`}
    >
      <fetcher.Form
        method="post"
        className="form"
        noValidate
        onSubmit={(event) => {
          if (!editSchema) return;
          const submission = parseWithZod(new FormData(event.currentTarget), {
            schema: editSchema,
          });
          if (submission.status !== "success") {
            event.preventDefault();
            setClientErrors(submission.error ?? {});
          } else {
            setClientErrors({});
          }
        }}
      >
        <input type="hidden" name="intent" value="update-item" />
        <input type="hidden" name="itemId" value={item.id} />
        {failure ? (
          <p className="alert error" role="alert">
            {failure.error}
          </p>
        ) : null}
        <ItemFormFields
          idPrefix={idPrefix}
          values={{
            name: item.name,
            price: centsToDecimalString(item.priceCents),
            category: item.category,
            description: item.description,
          }}
          errors={{ ...failure?.fieldErrors, ...clientErrors }}
          categories={categories}
        />
        {ItemFields ? (
          <ItemFields
            item={item}
            suggestions={tagSuggestions}
            errors={{ ...failure?.fieldErrors, ...clientErrors }}
          />
        ) : null}
        <div className="dialog-actions">
          <Dialog.Close asChild>
            <button type="button" className="button secondary">
              Cancel
            </button>
          </Dialog.Close>
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : "Save changes"}
          </button>
        </div>
      </fetcher.Form>
    </EditorDialog>
  );
}
