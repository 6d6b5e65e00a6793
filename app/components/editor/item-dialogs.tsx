import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { validateImageChoice } from "~/lib/image-compression";
import { editItemSchema, type EditorItem, type ItemActionResult, type ItemKind } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_TAGS_PER_ITEM } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { centsToDecimalString } from "~/lib/price";
import { compressAndUpload, UploadProgress, type SingleUploadState } from "../image-uploader";
import { useHydrated } from "../use-hydrated";
import { ItemFormFields, type FieldErrorMap } from "./item-fields";
import { TagsEditor } from "./tags-editor";

/** A modal with a title, focus trapped inside and given back to its trigger, Escape to close. */
function EditorDialog({
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
  kind,
  categories,
  tagSuggestions,
}: {
  item: EditorItem;
  kind: ItemKind;
  categories: string[];
  tagSuggestions: string[];
}) {
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
          const submission = parseWithZod(new FormData(event.currentTarget), {
            schema: editItemSchema,
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
        {kind === "shoppy" ? (
          <TagsEditor
            label="Tags"
            initial={item.tags}
            suggestions={tagSuggestions}
            max={MAX_TAGS_PER_ITEM}
            tooManyMessage={MESSAGES.tooManyItemTags}
            errors={failure?.fieldErrors?.tags}
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

/** The image-replace modal of a menu item: choose, compress in the browser, upload with progress. */
export function ReplaceImageDialog({
  productId,
  item,
  hasImage,
}: {
  productId: string;
  item: EditorItem;
  hasImage: boolean;
}) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<SingleUploadState>({ stage: "idle" });
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const inputId = useId();
  const busy = state.stage === "compressing" || state.stage === "uploading";

  const replace = async (files: File[]) => {
    const checked = validateImageChoice(files);
    if (!checked.ok) {
      setChoiceError(checked.message);
      return;
    }
    setChoiceError(null);
    const file = files[0]!;
    const answer = await compressAndUpload(
      file,
      { productId, target: "item-image", itemId: item.id, targetBytes: ITEM_IMAGE_TARGET_BYTES },
      (stage, percent) => setState({ stage, percent, name: file.name }),
    );
    if (answer.error) {
      setState({ stage: "failed", message: answer.error });
      return;
    }
    setState({ stage: "idle" });
    setOpen(false);
    void revalidator.revalidate();
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setState({ stage: "idle" });
        setChoiceError(null);
      }}
      trigger={hasImage ? "Replace image" : "Add image"}
      triggerLabel={`${hasImage ? "Replace image" : "Add image"} for ${item.name}`}
      title={`Image of ${item.name}`}
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement;
          void replace(Array.from(input.files ?? []));
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Choose an image</label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept="image/*"
            aria-invalid={choiceError ? true : undefined}
            aria-describedby={choiceError ? `${inputId}-error` : `${inputId}-hint`}
          />
          <p id={`${inputId}-hint`} className="field-hint">
            JPEG, PNG or WebP. It is made smaller before it is sent.
          </p>
          {choiceError ? (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {choiceError}
            </p>
          ) : null}
        </div>
        <div aria-live="polite">
          {state.stage === "compressing" ? <p className="muted">Compressing…</p> : null}
          {state.stage === "uploading" ? (
            <UploadProgress name={state.name} percent={state.percent} />
          ) : null}
          {state.stage === "failed" ? (
            <p className="alert error" role="alert">
              {MESSAGES.failedToReplaceImage} {state.message}
            </p>
          ) : null}
        </div>
        <div className="dialog-actions">
          <Dialog.Close asChild>
            <button type="button" className="button secondary" disabled={busy}>
              Cancel
            </button>
          </Dialog.Close>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Uploading…" : hasImage ? "Replace" : "Upload"}
          </button>
        </div>
      </form>
    </EditorDialog>
  );
}
