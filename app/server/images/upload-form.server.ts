/**
 * Reads a form that may carry one image file, bounded while it streams in:
 * the upload route and the editors' Add Item (which takes an optional photo
 * without JavaScript) share it, so both refuse the same things the same way.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { ImageRejectedError, MAX_UPLOAD_BYTES } from "./process-image.server";

const TOO_LARGE = new ImageRejectedError("too-large");
// Room for the form's other fields and the multipart framing.
const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export class UploadFormError extends Error {
  override name = "UploadFormError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The form's fields and the bytes of its `file` field (null when no file was
 * sent, or an empty one). Throws UploadFormError for a body that is too large,
 * holds several files or cannot be read.
 */
export async function readUploadForm(
  request: Request,
): Promise<{ formData: FormData; file: Uint8Array | null }> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) {
    throw new UploadFormError(TOO_LARGE.message, TOO_LARGE.status);
  }
  let file: Uint8Array | null = null;
  try {
    const formData = await parseFormData(
      request,
      { maxFileSize: MAX_UPLOAD_BYTES, maxFiles: 1, maxTotalSize: MAX_REQUEST_BYTES },
      async (upload: FileUpload) => {
        if (upload.fieldName !== "file") return;
        const bytes = new Uint8Array(await upload.arrayBuffer());
        // A file input left empty still sends a part with no bytes.
        if (bytes.byteLength > 0) file = bytes;
      },
    );
    return { formData, file };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || isTotalSizeError(error)) {
      throw new UploadFormError(TOO_LARGE.message, TOO_LARGE.status);
    }
    if (error instanceof MaxFilesExceededError) {
      throw new UploadFormError("Send one file at a time.", 400);
    }
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new UploadFormError("The upload could not be read.", 400);
    }
    throw error;
  }
}

function isTotalSizeError(error: unknown): boolean {
  return error instanceof Error && error.name === "MaxTotalSizeExceededError";
}
