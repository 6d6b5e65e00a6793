import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { EditorDialog } from "~/components/editor/item-dialogs";
import type { ItemDialogProps } from "~/components/editor/site-editor";
import { ImageDropZone } from "~/components/image-drop-zone";
import {
  compressAndUpload,
  removeStoredImage,
  UploadProgress,
  type SingleUploadState,
} from "~/components/image-uploader";
import { announceSaved } from "~/components/toasts";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { validateImageChoice } from "~/lib/image-compression";
import { ITEM_IMAGE_TARGET_BYTES } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";

/**
 * The image modal of a menu item: drop, paste or choose a new image, compressed in the
 * browser and uploaded with progress; or remove the one it has.
 */
export function ReplaceImageDialog({
  productId,
  item,
  open,
  onOpenChange,
  returnFocusTo,
}: ItemDialogProps) {
  const revalidator = useRevalidator();
  const hasImage = Boolean(item.imageUrl);
  const [state, setState] = useState<SingleUploadState>({ stage: "idle" });
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const inputId = useId();
  const [removing, setRemoving] = useState(false);
  const busy = state.stage === "compressing" || state.stage === "uploading" || removing;

  const close = () => {
    setState({ stage: "idle" });
    onOpenChange(false);
    void revalidator.revalidate();
  };

  const remove = async () => {
    setRemoving(true);
    const answer = await removeStoredImage({ productId, target: "item-image", itemId: item.id });
    setRemoving(false);
    if (answer.error) {
      setState({ stage: "failed", message: answer.error });
      return;
    }
    announceSaved(fill(siteFieldWords.itemImageRemoved, { name: item.name }));
    close();
  };

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
    close();
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        onOpenChange(next);
        setState({ stage: "idle" });
        setChoiceError(null);
      }}
      returnFocusTo={returnFocusTo}
      title={fill(siteFieldWords.itemImageTitle, { name: item.name })}
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
        <ImageDropZone
          image={
            hasImage
              ? {
                  url: item.imageUrl,
                  alt: fill(siteFieldWords.currentItemImageAlt, { name: item.name }),
                }
              : null
          }
          previewChoice
        >
          <div className="field">
            <label htmlFor={inputId}>{siteFieldWords.newImage}</label>
            <input
              id={inputId}
              type="file"
              name="file"
              accept="image/*"
              aria-invalid={choiceError ? true : undefined}
              aria-describedby={choiceError ? `${inputId}-error` : `${inputId}-hint`}
              onChange={() => setChoiceError(null)}
            />
            <p id={`${inputId}-hint`} className="field-hint">
              {siteFieldWords.newImageHint}
            </p>
            {choiceError ? (
              <p id={`${inputId}-error`} className="field-error" role="alert">
                {choiceError}
              </p>
            ) : null}
          </div>
        </ImageDropZone>
        <div aria-live="polite">
          {state.stage === "compressing" ? (
            <p className="muted">{siteFieldWords.compressing}</p>
          ) : null}
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
          {hasImage ? (
            <button
              type="button"
              className="button secondary danger-text"
              disabled={busy}
              onClick={() => void remove()}
            >
              {removing ? siteFieldWords.removing : siteFieldWords.removeImage}
            </button>
          ) : null}
          <Dialog.Close asChild>
            <button type="button" className="button secondary" disabled={busy}>
              {siteFieldWords.cancel}
            </button>
          </Dialog.Close>
          <button type="submit" className="button" disabled={busy}>
            {busy
              ? siteFieldWords.uploading
              : hasImage
                ? siteFieldWords.replace
                : siteFieldWords.upload}
          </button>
        </div>
      </form>
    </EditorDialog>
  );
}
