/**
 * Saving a site's Info: the shared info form, plus a shop's tags and payment
 * handles. Everything is checked first and saved in one go, or nothing is.
 */
import { data } from "react-router";
import type { ProfileEditorResult } from "~/components/profile-editor";
import { profileInfoSchema, toProfileInfo } from "~/lib/profile-info";
import type { ProductType } from "~/lib/product-types";
import { parseShopExtras } from "~/lib/shop-info";
import type { Events } from "./events.server";
import { parseSubmission } from "./forms.server";
import { saveProductInfo } from "./repositories/products.server";

/** The answer the info form shows. */
export type SaveInfoResult = ProfileEditorResult;

export async function saveSiteInfo(
  events: Events,
  ownerUid: string,
  product: { id: string; type: ProductType },
  formData: FormData,
  messages: { failed: string },
) {
  const submission = parseSubmission(formData, profileInfoSchema);
  const shopExtras = product.type === "shoppy" ? parseShopExtras(formData) : null;
  if (submission.status !== "success" || (shopExtras && !shopExtras.ok)) {
    const fieldErrors = {
      ...(submission.status === "success" ? {} : submission.error),
      ...(shopExtras && !shopExtras.ok ? shopExtras.fieldErrors : {}),
    };
    return data<SaveInfoResult>({ error: messages.failed, fieldErrors }, { status: 400 });
  }

  const { info, colorsFellBack } = toProfileInfo(submission.value);
  // Restaurants and shops upload their logo and background through the upload
  // route; their form has no such fields, and saving it leaves the images alone.
  const uploadsImages = product.type === "restaurant" || product.type === "shoppy";
  const { logoUrl: _logoUrl, bgUrl: _bgUrl, ...withoutImages } = info;
  const toSave = uploadsImages ? { ...withoutImages, ...shopExtras?.value } : info;
  try {
    await saveProductInfo(events, ownerUid, product.id, toSave);
  } catch (error) {
    console.error("saving info failed:", error);
    return data<SaveInfoResult>({ error: messages.failed }, { status: 500 });
  }
  return data<SaveInfoResult>({ saved: true, colorsFellBack });
}
