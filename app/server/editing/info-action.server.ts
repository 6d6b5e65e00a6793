/**
 * Saving a site's Info: the shared info fields and whatever its type adds (a
 * shop's tags and payment handles), checked with the schema its site definition
 * names and saved in one go, or not at all.
 */
import { data } from "react-router";
import { type SaveInfoResult } from "~/lib/profile-info";
import { toProfileInfo } from "~/lib/profile-info-schema";
import { resolveThemeChoice } from "~/lib/themes";
import { siteOf, type ProductType } from "~/sites";
import { formSchemasOf } from "~/sites/form-schemas";
import type { Events } from "../events/events.server";
import { parseSubmission } from "../http/forms.server";
import { saveProductInfo } from "../repositories/products.server";
import { logger } from "../http/log.server";

export async function saveSiteInfo(
  events: Events,
  ownerUid: string,
  product: { id: string; type: ProductType },
  formData: FormData,
  /**
   * The moment of saving, on the clock the public pages read (PUBLIC_PAGES_CLOCK when set),
   * so a special day is dropped as over exactly when the public page stops showing it.
   */
  now: Date,
  /** The HTTP request's id, for the log. */
  requestId?: string,
) {
  const { info: definition } = siteOf(product.type);
  const submission = parseSubmission(formData, formSchemasOf(product.type).info);
  const intent = "save-info";
  if (submission.status !== "success") {
    return data<SaveInfoResult>(
      { intent, result: submission.reply({ formErrors: [definition.failedMessage] }) },
      { status: 400 },
    );
  }

  const { info, colorsFellBack } = toProfileInfo(submission.value, now);
  // Types that upload their logo and background have no such fields in this form, and
  // saving it leaves the images alone.
  const { logoUrl: _logoUrl, bgUrl: _bgUrl, ...withoutImages } = info;
  const toSave = {
    ...(definition.uploadsImages ? withoutImages : info),
    ...resolveThemeChoice(product.type, submission.value.theme, info.colors, info.fontStyle),
    ...definition.ownFields(submission.value),
  };
  try {
    await saveProductInfo(events, ownerUid, product.id, toSave);
  } catch (error) {
    logger.error({ err: error, reqId: requestId }, "saving info failed");
    return data<SaveInfoResult>(
      { intent, result: submission.reply({ formErrors: [definition.failedMessage] }) },
      { status: 500 },
    );
  }
  // The form then shows what was stored (handles and tags tidied), not what was sent.
  const { initialValue: _sent, ...saved } = submission.reply();
  return data<SaveInfoResult>({ intent, result: saved, colorsFellBack });
}
