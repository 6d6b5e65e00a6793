import { getFormProps, useForm } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, type RefObject } from "react";
import { useFetcher } from "react-router";
import { type EditorItem, type ItemActionResult } from "~/lib/items";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { priceAmount } from "~/lib/price";
import { returnFocus } from "../confirm-dialog";
import { announceSaved } from "../toasts";
import { useFormValidation } from "../use-form-validation";
import { useHydrated } from "../use-hydrated";
import { siteOf, type ProductType } from "~/sites";
import { ItemFormFields, type ItemFormValues } from "./item-fields";
import { useSiteEditor, type ItemDialogProps } from "./site-editor";
import { ItemOptionsEditor } from "./item-options-editor";
import { useSiteCurrency } from "./site-currency";

/**
 * A modal with a title, focus trapped inside and given back on closing, Escape to
 * close. It brings its own trigger button, or is opened from elsewhere (an item's
 * actions menu), giving focus back to `returnFocusTo`.
 */
export function EditorDialog({
  open,
  onOpenChange,
  trigger,
  triggerLabel,
  returnFocusTo,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: string;
  /** The trigger's accessible name, when its visible text needs the item's name. */
  triggerLabel?: string;
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? (
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
      ) : null}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
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
  open,
  onOpenChange,
  returnFocusTo,
}: Omit<ItemDialogProps, "productId"> & {
  type: ProductType;
  /** The categories in use, or null for a type whose items have none. */
  categories: string[] | null;
  tagSuggestions: string[];
}) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={fill(editorWords.editItemTitle, { name: item.name })}
    >
      {/* Mounted while the dialog is open: each opening starts from the stored item. */}
      <EditItemForm
        item={item}
        type={type}
        categories={categories}
        tagSuggestions={tagSuggestions}
        onSaved={() => onOpenChange(false)}
      />
    </EditorDialog>
  );
}

function EditItemForm({
  item,
  type,
  categories,
  tagSuggestions,
  onSaved,
}: {
  item: EditorItem;
  type: ProductType;
  /** The categories in use, or null for a type whose items have none. */
  categories: string[] | null;
  tagSuggestions: string[];
  onSaved: () => void;
}) {
  const { ItemFields } = useSiteEditor();
  const fetcher = useFetcher<ItemActionResult>();
  const saving = fetcher.state !== "idle";
  const currency = useSiteCurrency();
  // The form's checks in the browser, fetched as it shows (use-form-validation.ts).
  const validate = useFormValidation(type, "editItem");
  const [form, fields] = useForm<ItemFormValues, unknown>({
    lastResult: fetcher.data?.result,
    defaultValue: {
      itemId: item.id,
      name: item.name,
      price: priceAmount(item.priceCents, currency),
      category: item.category,
      description: item.description,
      tags: item.tags,
    },
    shouldRevalidate: "onInput",
    onValidate: validate,
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.result.status !== "success") return;
    announceSaved(editorWords.itemSaved);
    onSaved();
  }, [fetcher.state, fetcher.data, onSaved]);

  return (
    <fetcher.Form method="post" className="form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-item" />
      <input type="hidden" name="itemId" value={item.id} />
      <div id={form.errorId}>
        {form.errors?.length && !saving ? (
          <p className="alert error" role="alert">
            {form.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <ItemFormFields fields={fields} categories={categories} />
      {ItemFields ? <ItemFields item={item} suggestions={tagSuggestions} fields={fields} /> : null}
      <ItemOptionsEditor
        initial={item.options}
        errors={form.allErrors}
        soldOutChoices={siteOf(type).items?.sellsOut ?? false}
      />
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="button secondary">
            {editorWords.cancel}
          </button>
        </Dialog.Close>
        <button type="submit" className="button" disabled={saving}>
          {saving ? editorWords.saving : editorWords.saveChanges}
        </button>
      </div>
    </fetcher.Form>
  );
}
