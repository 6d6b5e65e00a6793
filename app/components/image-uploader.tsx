import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { compressImageFile } from "~/lib/browser-image-encoder";
import { validateImageChoice } from "~/lib/image-compression";
import { ImageDropZone, type ZoneImage } from "./image-drop-zone";
import { announceSaved } from "./toasts";
import { useFilesChosenBeforeHydration } from "./use-choices-before-hydration";
import { useHydrated } from "./use-hydrated";

/**
 * An image stored now, with what a sentence calls it ("logo"): words such as "Could not
 * remove the logo" take it as the catalogue gives it, since only some languages lower a
 * noun's first letter inside a sentence.
 */
export interface StoredImage extends ZoneImage {
  nameInSentence: string;
}

export type UploadTarget = "logo" | "background" | "item-image" | "item-images";

interface UploadRow {
  key: string;
  name: string;
  stage: "compressing" | "uploading" | "done" | "failed";
  percent: number;
  message?: string;
}

/** Sends one file with its upload progress, asking for a JSON answer. */
function sendWithProgress(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<{ url?: string; error?: string }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const answer = (request.response ?? {}) as { url?: string; error?: string };
      resolve(
        request.status < 300
          ? answer
          : {
              error: answer.error ?? fill(siteFieldWords.errorStatus, { status: request.status }),
            },
      );
    });
    request.addEventListener("error", () => resolve({ error: siteFieldWords.connectionLost }));
    request.send(body);
  });
}

/** Where one upload stands, for a single-file field (a dialog, Add Item's photo). */
export type SingleUploadState =
  | { stage: "idle" }
  | { stage: "compressing" | "uploading"; percent: number; name: string }
  | { stage: "failed"; message: string };

export interface ImageDestination {
  productId: string;
  target: UploadTarget;
  itemId?: string;
  targetBytes: number;
}

/**
 * Compresses one image in the browser (SPEC section 5) and uploads it to the
 * upload route, reporting each stage; resolves with the server's answer.
 */
export async function compressAndUpload(
  file: File,
  destination: ImageDestination,
  onProgress: (stage: "compressing" | "uploading", percent: number) => void,
): Promise<{ url?: string; error?: string }> {
  try {
    onProgress("compressing", 0);
    const { blob } = await compressImageFile(file, destination.targetBytes);
    onProgress("uploading", 0);
    const body = new FormData();
    body.set("target", destination.target);
    if (destination.itemId) body.set("itemId", destination.itemId);
    body.set("file", blob, file.name.replace(/\.[^.]*$/, "") + ".jpg");
    return await sendWithProgress(`/user/upload/${destination.productId}`, body, (percent) =>
      onProgress("uploading", percent),
    );
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Removes a stored logo, background or menu item image; resolves with the
 * reason when the server refused.
 */
export async function removeStoredImage(destination: {
  productId: string;
  target: Exclude<UploadTarget, "item-images">;
  itemId?: string;
}): Promise<{ error?: string }> {
  const body = new FormData();
  body.set("intent", "remove");
  body.set("target", destination.target);
  if (destination.itemId) body.set("itemId", destination.itemId);
  try {
    const response = await fetch(`/user/upload/${destination.productId}`, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    if (response.ok) return {};
    const answer = (await response.json().catch(() => ({}))) as {
      error?: string;
      message?: string;
    };
    return {
      error:
        answer.error ??
        answer.message ??
        fill(siteFieldWords.errorStatus, { status: response.status }),
    };
  } catch {
    return { error: siteFieldWords.connectionLost };
  }
}

/** A progress bar with its percentage, named for screen readers. */
export function UploadProgress({ name, percent }: { name: string; percent: number }) {
  return (
    <span className="upload-progress">
      <progress
        max={100}
        value={percent}
        aria-label={fill(siteFieldWords.uploadingFile, { name })}
      />
      <span aria-hidden="true">{percent}%</span>
    </span>
  );
}

/**
 * An image field: the browser compresses each chosen file (SPEC section 5),
 * uploads it with a progress bar, and says how each file ended. Without
 * JavaScript the same form posts the original file and the server does the work.
 */
export function ImageUploader({
  productId,
  target,
  itemId,
  label,
  targetBytes,
  multiple = false,
  disabled = false,
  failureMessage,
  image = null,
  shape = "square",
}: {
  productId: string;
  target: UploadTarget;
  itemId?: string;
  label: string;
  targetBytes: number;
  multiple?: boolean;
  /** Nothing more may be added (a full photo list); earlier results stay on show. */
  disabled?: boolean;
  failureMessage: string;
  /** The image stored now (a logo or background): shown, and offered for removal. */
  image?: StoredImage | null;
  shape?: "square" | "wide";
}) {
  const inputId = useId();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const action = `/user/upload/${productId}`;
  const busy = rows.some((row) => row.stage === "compressing" || row.stage === "uploading");

  const remove = async () => {
    if (target === "item-images") return;
    setRemoving(true);
    const answer = await removeStoredImage({ productId, target, itemId });
    setRemoving(false);
    if (answer.error) {
      setChoiceError(
        fill(siteFieldWords.couldNotRemoveImage, {
          image: image?.nameInSentence ?? label,
          reason: answer.error,
        }),
      );
      return;
    }
    setChoiceError(null);
    setRows([]);
    announceSaved(fill(siteFieldWords.imageRemoved, { image: label }));
    void revalidator.revalidate();
  };

  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const uploadFiles = async (files: File[]) => {
    const checked = validateImageChoice(files);
    if (!checked.ok) {
      setChoiceError(checked.message);
      return;
    }
    setChoiceError(null);
    const batch = files.map((file, i) => ({
      key: `${Date.now()}-${i}`,
      name: file.name,
      stage: "compressing" as const,
      percent: 0,
    }));
    setRows(batch);
    // One after another, so each file's bar means something and the order is kept.
    for (const [i, file] of files.entries()) {
      const key = batch[i]!.key;
      const answer = await compressAndUpload(
        file,
        { productId, target, itemId, targetBytes },
        (stage, percent) => update(key, { stage, percent }),
      );
      if (answer.error) update(key, { stage: "failed", message: answer.error });
      else update(key, { stage: "done", percent: 100 });
    }
    void revalidator.revalidate();
  };

  // A file chosen while the page's script was still loading is sent once it runs.
  const fileInput = useFilesChosenBeforeHydration<HTMLInputElement>((files, input) => {
    input.value = "";
    void uploadFiles(files);
  });

  return (
    <form method="post" action={action} encType="multipart/form-data" className="uploader">
      <input type="hidden" name="target" value={target} />
      {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
      <ImageDropZone
        image={image}
        shape={shape}
        disabled={disabled}
        actions={
          <>
            {/* Without JavaScript the form is sent as it is. */}
            {hydrated ? null : (
              <button type="submit" className="button secondary small" disabled={disabled}>
                {siteFieldWords.upload}
              </button>
            )}
            {image && target !== "item-images" ? (
              <button
                type="submit"
                name="intent"
                value="remove"
                className="button secondary small"
                disabled={busy || removing}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  void remove();
                }}
              >
                {removing ? siteFieldWords.removing : siteFieldWords.remove}
                <span className="visually-hidden"> {image.nameInSentence}</span>
              </button>
            ) : null}
          </>
        }
      >
        <label htmlFor={inputId}>{label}</label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          name="file"
          accept="image/jpeg,image/png,image/webp"
          multiple={multiple}
          disabled={disabled}
          aria-describedby={choiceError ? `${inputId}-error` : undefined}
          onChange={(event) => {
            if (!hydrated) return;
            const files = Array.from(event.currentTarget.files ?? []);
            if (files.length === 0) return;
            event.currentTarget.value = "";
            void uploadFiles(files);
          }}
        />
      </ImageDropZone>
      {choiceError ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {choiceError}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="upload-list" aria-label={fill(siteFieldWords.uploadsOf, { label })}>
          {rows.map((row) => (
            <li key={row.key}>
              <span className="upload-name">{row.name}</span>
              {row.stage === "failed" ? (
                <span className="field-error" role="alert">
                  {failureMessage} {row.message}
                </span>
              ) : row.stage === "done" ? (
                <span className="upload-done">{siteFieldWords.uploaded}</span>
              ) : row.stage === "compressing" ? (
                <span className="muted">{siteFieldWords.compressing}</span>
              ) : (
                <UploadProgress name={row.name} percent={row.percent} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
