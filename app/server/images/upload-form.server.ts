/**
 * Reads a form that may carry one image file, bounded while it streams in:
 * the upload route and the editors' Add Item (which takes an optional photo
 * without JavaScript) share it, so both refuse the same things the same way.
 */
import type { FileUpload } from "@remix-run/form-data-parser";
import { MESSAGES } from "~/lib/messages";
import { FormReadError, readForm } from "../http/forms.server";
import { ImageRejectedError, MAX_UPLOAD_BYTES } from "./process-image.server";

const TOO_LARGE = new ImageRejectedError("too-large");
/** Room for the form's other fields and the multipart framing. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * The form's fields and the bytes of its `file` field (null when no file was
 * sent, or an empty one). Throws a FormReadError for a body that is too large,
 * holds several files or cannot be read; a file over the limit is refused with
 * the image pipeline's own message.
 */
export async function readUploadForm(
  request: Request,
): Promise<{ formData: FormData; file: Uint8Array | null }> {
  let file: Uint8Array | null = null;
  try {
    const formData = await readForm(request, {
      maxBytes: MAX_UPLOAD_REQUEST_BYTES,
      maxFiles: 1,
      maxFileBytes: MAX_UPLOAD_BYTES,
      onFile: async (upload: FileUpload) => {
        if (upload.fieldName !== "file") return;
        const bytes = new Uint8Array(await upload.arrayBuffer());
        // A file input left empty still sends a part with no bytes.
        if (bytes.byteLength > 0) file = bytes;
      },
    });
    return { formData, file };
  } catch (error) {
    // Over the size limit, it is the file that is too large, and the owner is told so.
    if (error instanceof FormReadError && error.message === MESSAGES.formTooLarge) {
      throw new FormReadError(TOO_LARGE.message, TOO_LARGE.status);
    }
    throw error;
  }
}
