import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { validateImageChoice } from "~/lib/image-compression";
import type { ItemActionResult } from "~/lib/items";
import { ITEM_IMAGE_TARGET_BYTES, MAX_ITEMS_PER_PRODUCT } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import type { ItemsDefinition, ProductType } from "~/sites";
import { editorOf } from "~/sites/editors";
import { compressAndUpload, UploadProgress, type SingleUploadState } from "../image-uploader";
import { useHydrated } from "../use-hydrated";
import { Field, type FieldErrorMap } from "../form";
import { ItemFormFields } from "./item-fields";

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
  categories: string[];
  /** The shop's tags, offered for the new item (shops only). */
  tagSuggestions: string[];
  /** The answer to a form posted without JavaScript. */
  serverResult?: ItemActionResult;
}) {
  const { ItemFields } = editorOf(type);
  const fetcher = useFetcher<ItemActionResult>();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const pendingPhoto = useRef<File | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrorMap>({});
  const [photo, setPhoto] = useState<SingleUploadState>({ stage: "idle" });
  const [added, setAdded] = useState(false);
  // Bumped after each add, so the tag chips start empty again like the other fields.
  const [formGeneration, setFormGeneration] = useState(0);
  const idPrefix = useId();

  const result = fetcher.data ?? serverResult;
  const failure = fetcher.state === "idle" && result?.ok === false ? result : null;
  const limitReached = itemCount >= MAX_ITEMS_PER_PRODUCT;
  const uploading = photo.stage === "compressing" || photo.stage === "uploading";
  const busy = fetcher.state !== "idle" || uploading;

  // Once the item exists, its photo follows.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    const chosen = pendingPhoto.current;
    pendingPhoto.current = null;
    if (!answer.ok) return;
    formRef.current?.reset();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the server's answer is the outside event this effect handles
    setFormGeneration((generation) => generation + 1);
    setAdded(true);
    if (!chosen) return;
    void (async () => {
      const upload = await compressAndUpload(
        chosen,
        {
          productId,
          target: items.imageTarget,
          itemId: answer.itemId,
          targetBytes: ITEM_IMAGE_TARGET_BYTES,
        },
        (stage, percent) => setPhoto({ stage, percent, name: chosen.name }),
      );
      if (upload.error) setPhoto({ stage: "failed", message: upload.error });
      else setPhoto({ stage: "idle" });
      void revalidator.revalidate();
    })();
    // Runs once per answer of the add request. The revalidator changes as it revalidates,
    // which would run this again and reset what the owner has typed since.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const submitWithScript = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const submission = parseWithZod(formData, { schema: items.addSchema });
    const file = formData.get("file");
    const files = file instanceof File && file.size > 0 ? [file] : [];
    const photoCheck = files.length ? validateImageChoice(files) : { ok: true as const };
    const errors: FieldErrorMap = {
      ...(submission.status === "success" ? {} : submission.error),
      ...(photoCheck.ok ? {} : { file: [photoCheck.message] }),
    };
    setClientErrors(errors);
    setAdded(false);
    setPhoto({ stage: "idle" });
    const invalidFields = Object.keys(errors).filter((name) => errors[name]?.length);
    if (invalidFields.length > 0) {
      // Focus the first invalid field in the form's own order.
      const firstInvalid = Array.from(event.currentTarget.elements).find(
        (element) =>
          element instanceof HTMLElement &&
          invalidFields.includes(element.getAttribute("name") ?? ""),
      ) as HTMLElement | undefined;
      firstInvalid?.focus();
      return;
    }
    formData.delete("file");
    pendingPhoto.current = files[0] ?? null;
    void fetcher.submit(formData, { method: "post" });
  };

  const errors = { ...failure?.fieldErrors, ...clientErrors };
  const addedWithoutScript = !hydrated && serverResult?.ok;

  return (
    <section aria-labelledby="add-item-title">
      <h2 id="add-item-title">Add an item</h2>
      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="form add-item-form"
        noValidate
        onSubmit={submitWithScript}
      >
        <input type="hidden" name="intent" value="add-item" />
        <div aria-live="polite">
          {limitReached ? (
            <p className="alert error" role="alert">
              {MESSAGES.limitReachedItems}
            </p>
          ) : null}
          {failure && !(limitReached && failure.error === MESSAGES.limitReachedItems) ? (
            <p className="alert error" role="alert">
              {failure.error}
            </p>
          ) : null}
          {added || addedWithoutScript ? (
            <p className="alert success" role="status">
              Item added.
            </p>
          ) : null}
          {photo.stage === "compressing" ? <p className="muted">Compressing the photo…</p> : null}
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
          {itemCount} of {MAX_ITEMS_PER_PRODUCT} items used.
        </p>
        <ItemFormFields idPrefix={idPrefix} errors={errors} categories={categories} />
        {ItemFields ? (
          <ItemFields
            key={formGeneration}
            item={null}
            suggestions={tagSuggestions}
            errors={errors}
          />
        ) : null}
        <div className="field checkbox-field">
          <input id={`${idPrefix}-star`} type="checkbox" name="star" />
          <label htmlFor={`${idPrefix}-star`}>Star (shown as Popular)</label>
        </div>
        <Field
          id={`${idPrefix}-file`}
          label="Photo (optional)"
          hint="JPEG, PNG or WebP. It is made smaller before it is sent."
          errors={errors.file}
        >
          <input type="file" name="file" accept="image/*" />
        </Field>
        <div>
          <button type="submit" className="button" disabled={limitReached || busy}>
            {busy ? "Adding…" : "Add item"}
          </button>
        </div>
      </form>
    </section>
  );
}
