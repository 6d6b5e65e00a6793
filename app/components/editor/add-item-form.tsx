import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ItemActionResult } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { MESSAGES } from "~/lib/messages";
import type { ItemsDefinition, ProductType } from "~/sites";
import { ImageDropZone } from "../image-drop-zone";
import { compressAndUpload, UploadProgress, type SingleUploadState } from "../image-uploader";
import { announceSaved } from "../toasts";
import { useFormValidation } from "../use-form-validation";
import { useHydrated } from "../use-hydrated";
import { Field } from "../form";
import { SaveBar, UnsavedChangesDialog, useUnsavedChanges } from "../unsaved-changes";
import { ItemFormFields, type ItemFormValues } from "./item-fields";
import { ItemOptionsEditor } from "./item-options-editor";
import { useSiteEditor } from "./site-editor";

/**
 * The Add Item tab. With JavaScript the item is saved first and its photo is
 * then compressed in the browser and uploaded with a progress bar; without
 * JavaScript the photo travels with the form and the server compresses it.
 */
export function AddItemForm({
  productId,
  type,
  items,
  itemCount,
  categories,
  tagSuggestions,
  serverResult,
}: {
  productId: string;
  type: ProductType;
  /** The item rules of the site's type. */
  items: ItemsDefinition;
  itemCount: number;
  /** The categories in use, or null for a type whose items have none. */
  categories: string[] | null;
  /** The shop's tags, offered for the new item (shops only). */
  tagSuggestions: string[];
  /** The answer to a form posted without JavaScript. */
  serverResult?: ItemActionResult;
}) {
  const { ItemFields } = useSiteEditor();
  const fetcher = useFetcher<ItemActionResult>();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const pendingPhoto = useRef<File | null>(null);
  const [photo, setPhoto] = useState<SingleUploadState>({ stage: "idle" });
  // Bumped after each add, so the tag chips start empty again like the other fields.
  const [formGeneration, setFormGeneration] = useState(0);
  // The form's checks in the browser, fetched as it shows (use-form-validation.ts).
  const validate = useFormValidation(type, "addItem");

  const [form, fields] = useForm<ItemFormValues, unknown>({
    lastResult: (fetcher.data ?? serverResult)?.result,
    shouldRevalidate: "onInput",
    onValidate: validate,
    // With JavaScript: the item through a fetcher, then its photo with progress.
    onSubmit(event, { formData }) {
      event.preventDefault();
      const file = formData.get("file");
      formData.delete("file");
      pendingPhoto.current = file instanceof File && file.size > 0 ? file : null;
      void fetcher.submit(formData, { method: "post" });
    },
  });
  const formProps = getFormProps(form);

  const limitReached = itemCount >= MAX_ITEMS_PER_PRODUCT;
  const uploading = photo.stage === "compressing" || photo.stage === "uploading";
  const busy = fetcher.state !== "idle" || uploading;
  const formErrors =
    fetcher.state === "idle"
      ? form.errors?.filter((error) => !(limitReached && error === MESSAGES.limitReachedItems))
      : undefined;

  // Once the item exists, its photo follows. Handled as soon as the answer arrives, once:
  // the list reloads after that, and what the owner types meanwhile for the next item stays.
  const handledAnswer = useRef<ItemActionResult | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer === handledAnswer.current) return;
    handledAnswer.current = answer;
    const chosen = pendingPhoto.current;
    pendingPhoto.current = null;
    const itemId = answer.itemId;
    if (answer.result.status !== "success" || !itemId) return;
    formRef.current?.reset();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the server's answer is the outside event this effect handles
    setFormGeneration((generation) => generation + 1);
    if (!chosen) {
      announceSaved(editorWords.itemAdded);
      return;
    }
    // With a photo, the item counts as added once its photo is in the list too.
    void (async () => {
      const upload = await compressAndUpload(
        chosen,
        {
          productId,
          target: items.imageTarget,
          itemId,
          targetBytes: ITEM_IMAGE_TARGET_BYTES,
        },
        (stage, percent) => setPhoto({ stage, percent, name: chosen.name }),
      );
      if (upload.error) setPhoto({ stage: "failed", message: upload.error });
      else setPhoto({ stage: "idle" });
      await revalidator.revalidate();
      announceSaved(editorWords.itemAdded);
    })();
    // Runs once per answer of the add request. The revalidator changes as it revalidates,
    // which would run this again and reset what the owner has typed since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  // Each add resets the form, which then counts as saved again.
  const { dirty, blocker } = useUnsavedChanges(formRef, formGeneration);

  const addedWithoutScript = !hydrated && serverResult?.result.status === "success";

  return (
    <section aria-labelledby="add-item-title">
      <h2 id="add-item-title">{editorWords.addItemTitle}</h2>
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="form add-item-form"
        {...formProps}
        onSubmit={(event) => {
          setPhoto({ stage: "idle" });
          formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="add-item" />
        <div id={form.errorId} aria-live="polite">
          {limitReached ? (
            <p className="alert error" role="alert">
              {MESSAGES.limitReachedItems}
            </p>
          ) : null}
          {formErrors?.length ? (
            <p className="alert error" role="alert">
              {formErrors.join(" ")}
            </p>
          ) : null}
          {addedWithoutScript ? (
            <p className="alert success" role="status">
              {editorWords.itemAdded}
            </p>
          ) : null}
          {photo.stage === "compressing" ? (
            <p className="muted">{editorWords.compressingPhoto}</p>
          ) : null}
          {photo.stage === "uploading" ? (
            <UploadProgress name={photo.name} percent={photo.percent} />
          ) : null}
          {photo.stage === "failed" ? (
            <p className="alert error" role="alert">
              {items.imageFailureMessage} {photo.message}
            </p>
          ) : null}
        </div>
        <p className="muted">
          {portalPlural(editorWords.itemsUsed, MAX_ITEMS_PER_PRODUCT, { used: itemCount })}
        </p>
        <ItemFormFields fields={fields} categories={categories} />
        {ItemFields ? (
          <ItemFields
            key={formGeneration}
            item={null}
            suggestions={tagSuggestions}
            fields={fields}
          />
        ) : null}
        <ItemOptionsEditor
          // Its own key: siblings sharing one would confuse React's reconciling of the form.
          key={`options-${formGeneration}`}
          initial={[]}
          errors={form.allErrors}
          soldOutChoices={items.sellsOut}
        />
        <div className="field checkbox-field">
          <input id={fields.star.id} type="checkbox" name={fields.star.name} />
          <label htmlFor={fields.star.id}>
            {fill(editorWords.starShownAs, { label: items.starLabel })}
          </label>
        </div>
        <ImageDropZone previewChoice>
          <Field field={fields.file} label={editorWords.photoOptional} hint={editorWords.photoHint}>
            <input type="file" accept="image/*" />
          </Field>
        </ImageDropZone>
        <SaveBar dirty={dirty}>
          <button type="submit" className="button" disabled={limitReached || busy}>
            {busy ? editorWords.adding : editorWords.addItem}
          </button>
        </SaveBar>
        <UnsavedChangesDialog blocker={blocker} what={editorWords.unsavedNewItem} />
      </form>
    </section>
  );
}
