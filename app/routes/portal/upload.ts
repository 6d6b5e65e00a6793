/**
 * The one route every image upload goes through. The product must be the
 * signed-in owner's; the file is bounded while it streams in, then checked,
 * re-encoded and stored by the server's own pipeline. The same route removes
 * a logo, background or menu item image (`intent=remove`).
 */
import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { MESSAGES } from "~/lib/messages";
import { ImageRejectedError, processUploadedImage } from "~/server/images/process-image.server";
import {
  ImageTargetError,
  parseImageTarget,
  removeImage,
  storeImage,
  targetBytesFor,
} from "~/server/images/store-image.server";
import { setFlash } from "~/server/http/flash.server";
import { FormReadError } from "~/server/http/forms.server";
import { readUploadForm } from "~/server/images/upload-form.server";
import { requireSite } from "~/server/access/site-access.server";
import { countOwnerWrite, tooManyWritesMessage } from "~/server/http/write-limits.server";
import type { Route } from "./+types/upload";

export function loader() {
  return redirect("/user");
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { product } = await requireSite(context, params.pid, "site.edit");
  const services = context.get(servicesContext);
  // Scripts ask for JSON; a browser without JavaScript posts the form itself
  // and is sent back to the editor, with the reason (a flash cookie) when the upload failed.
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const editor = `/user/${product.type}/setup/${product.id}`;
  // Back to the editor tab the form was on: Info for the logo and background, else the items.
  let tab: string | null = null;
  const backToEditor = (headers: HeadersInit = {}) =>
    redirect(tab ? `${editor}?${new URLSearchParams({ tab })}` : editor, { status: 303, headers });
  const fail = async (message: string, status: number) =>
    wantsJson
      ? data({ error: message }, { status })
      : backToEditor({ "Set-Cookie": await setFlash(services.env, message) });

  let formData: FormData;
  let upload: Uint8Array | null;
  try {
    ({ formData, file: upload } = await readUploadForm(request));
  } catch (error) {
    if (error instanceof FormReadError) return fail(error.message, error.status);
    throw error;
  }
  const target = formData.get("target");
  tab = target === "logo" || target === "background" ? "info" : "items";
  const removing = formData.get("intent") === "remove";
  if (!upload && !removing) return fail(MESSAGES.chooseImage, 400);

  try {
    const destination = parseImageTarget(product.type, {
      target,
      itemId: formData.get("itemId"),
    });
    if (removing) {
      const removed = await removeImage(services, product, destination);
      return wantsJson ? { removed } : backToEditor();
    }
    if (!upload) return fail(MESSAGES.chooseImage, 400);
    // Counted before the image is decoded and stored: that is what costs time and disk.
    const allowance = await countOwnerWrite(context, "uploads");
    if (!allowance.allowed) {
      return fail(tooManyWritesMessage("uploads", allowance.retryAfterSeconds), 429);
    }
    const image = await processUploadedImage(upload, targetBytesFor(destination));
    const { url } = await storeImage(services, product, destination, image);
    if (!wantsJson) return backToEditor();
    return { url, size: image.size, mime: image.mime, width: image.width, height: image.height };
  } catch (error) {
    if (error instanceof ImageRejectedError || error instanceof ImageTargetError) {
      return fail(error.message, error.status);
    }
    throw error;
  }
}
