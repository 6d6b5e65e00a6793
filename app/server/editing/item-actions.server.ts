/**
 * The item writes of the restaurant and shop editors, one function per
 * intent. The route has already checked that the product is the signed-in
 * owner's; each intent validates its fields with the shared schema, refuses
 * with the spec's message and changes nothing when anything is wrong.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import {
  ITEM_ID_PATTERN,
  movedImages,
  withoutImage,
  type ItemActionResult,
  type ItemIntent,
} from "~/lib/items";
import {
  itemFlagSchema,
  itemIdSchema,
  itemImageSchema,
  itemPriceSchema,
  soldOutSchema,
} from "~/lib/items-schema";
import { ITEM_IMAGE_TARGET_BYTES } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { siteOf, type ItemsDefinition } from "~/sites";
import { formSchemasOf } from "~/sites/form-schemas";
import { withOptionIds } from "~/lib/item-options-schema";
import type { products } from "../db/schema";
import { parseSubmission } from "../http/forms.server";
import {
  ImageRejectedError,
  processUploadedImage,
  type ProcessedImage,
} from "../images/process-image.server";
import { deleteStoredPhoto, itemImageKey, storeImage } from "../images/store-image.server";
import {
  addItem,
  changeItemImages,
  deleteItem,
  updateItem,
  type ItemFields,
} from "../repositories/items.server";
import type { AppServices } from "../runtime/services.server";
import { deletePrefix } from "../storage/storage.server";
import { logger } from "../http/log.server";
import { changeSoldOut } from "./sold-out.server";

type Product = typeof products.$inferSelect;
type Services = Pick<AppServices, "events" | "storage">;

interface ItemRequest {
  services: Services;
  product: Product;
  formData: FormData;
  /** The optional photo of Add Item, posted without JavaScript. */
  file: Uint8Array | null;
  /** The item rules of the product's type. */
  items: ItemsDefinition;
  /** The HTTP request's id, for the log. */
  requestId?: string;
  /** The time a "sold out today" is counted from (the public pages' clock). */
  now?: number;
}

const FAILURE: Record<ItemIntent, string> = {
  "add-item": MESSAGES.failedToAddItem,
  "update-price": MESSAGES.failedToUpdatePrice,
  "toggle-star": MESSAGES.failedToUpdateFlag,
  "toggle-sold-out": MESSAGES.failedToUpdateFlag,
  "sell-out": MESSAGES.failedToUpdateFlag,
  "back-on-sale": MESSAGES.failedToUpdateFlag,
  "update-item": MESSAGES.failedToUpdateItem,
  "delete-item": MESSAGES.failedToDeleteItem,
  "move-image": MESSAGES.failedToUpdateItem,
  "remove-image": MESSAGES.failedToUpdateItem,
};

/** Whether an editor with these item rules offers the intent (its site definition says which). */
export function isItemIntent(items: ItemsDefinition, intent: unknown): intent is ItemIntent {
  return items.intents.has(intent as ItemIntent);
}

type Reply = Pick<Submission<unknown>, "reply">;

function answer(
  intent: ItemIntent,
  result: SubmissionResult<string[]>,
  itemId: string | undefined,
  status = 200,
  saved: Pick<ItemActionResult, "priceCents"> = {},
) {
  return data<ItemActionResult>(
    itemId ? { intent, itemId, result, ...saved } : { intent, result },
    { status },
  );
}

/** A refusal: the intent's message (or `message`) as the form's error, and any field errors. */
function refuse(
  intent: ItemIntent,
  status: number,
  submission: Reply | null,
  itemId?: string,
  message = FAILURE[intent],
  fieldErrors?: Record<string, string[]>,
) {
  const result = submission
    ? submission.reply({ formErrors: [message], ...(fieldErrors ? { fieldErrors } : {}) })
    : { status: "error" as const, error: { "": [message], ...fieldErrors } };
  return answer(intent, result, itemId, status);
}

/** Done: the form starts again from its own values (Add Item empties; an edit shows the stored item). */
function done(
  intent: ItemIntent,
  submission: Reply,
  itemId: string,
  saved?: Pick<ItemActionResult, "priceCents">,
) {
  return answer(
    intent,
    { ...submission.reply({ resetForm: true }), status: "success" },
    itemId,
    200,
    saved,
  );
}

/** The item id a form names, when it looks like one (for answers about a refused form). */
function namedItemId(formData: FormData): string | undefined {
  const itemId = formData.get("itemId");
  return typeof itemId === "string" && ITEM_ID_PATTERN.test(itemId) ? itemId : undefined;
}

/** Parses with the shared schema, or answers 400 with the field errors. */
function parse<Schema extends z.ZodType>(
  intent: ItemIntent,
  formData: FormData,
  schema: Schema,
): { value: z.output<Schema>; submission: Reply } | { refusal: ReturnType<typeof answer> } {
  const submission = parseSubmission(formData, schema);
  if (submission.status === "success") return { value: submission.value, submission };
  return { refusal: refuse(intent, 400, submission, namedItemId(formData)) };
}

export async function runItemIntent(intent: ItemIntent, request: ItemRequest) {
  try {
    switch (intent) {
      case "add-item":
        return await addItemIntent(request);
      case "update-price": {
        const parsed = parse(intent, request.formData, itemPriceSchema);
        if ("refusal" in parsed) return parsed.refusal;
        const { itemId, price } = parsed.value;
        return await update(intent, request, parsed.submission, itemId, { priceCents: price });
      }
      case "toggle-star":
      case "toggle-sold-out": {
        const parsed = parse(intent, request.formData, itemFlagSchema);
        if ("refusal" in parsed) return parsed.refusal;
        const { itemId, value } = parsed.value;
        // Either way the toggle leaves no "for today" behind: sold out is now what it says.
        const fields =
          intent === "toggle-star" ? { star: value } : { soldOut: value, soldOutUntil: null };
        return await update(intent, request, parsed.submission, itemId, fields);
      }
      case "sell-out":
      case "back-on-sale":
        return await soldOutIntent(intent, request);
      case "update-item": {
        const parsed = parse(
          intent,
          request.formData,
          formSchemasOf(request.product.type).items!.edit,
        );
        if ("refusal" in parsed) return parsed.refusal;
        const { itemId, name, price, category, description, tags, allergens, diets } = parsed.value;
        const { options, optionsShown } = parsed.value;
        return await update(intent, request, parsed.submission, itemId, {
          name,
          priceCents: price,
          description,
          ...(category !== undefined ? { category } : {}),
          ...(tags ? { tags } : {}),
          ...(allergens ? { allergens } : {}),
          ...(diets ? { diets } : {}),
          ...(optionsShown ? { options: withOptionIds(options) } : {}),
        });
      }
      case "delete-item":
        return await deleteItemIntent(request);
      case "move-image":
      case "remove-image":
        return await changeImagesIntent(intent, request);
    }
  } catch (error) {
    logger.error({ err: error, reqId: request.requestId }, `${intent} failed`);
    return refuse(intent, 500, null, namedItemId(request.formData));
  }
}

async function update(
  intent: ItemIntent,
  { services, product }: ItemRequest,
  submission: Reply,
  itemId: string,
  fields: Partial<ItemFields>,
) {
  const found = await updateItem(services.events, product, itemId, fields);
  if (!found) return refuse(intent, 404, submission, itemId);
  // The stored price goes back with the answer: the row shows it without reloading the list.
  return done(
    intent,
    submission,
    itemId,
    intent === "update-price" ? { priceCents: fields.priceCents } : undefined,
  );
}

async function addItemIntent(request: ItemRequest) {
  const { services, product, formData, file, items } = request;
  const intent = "add-item";
  const parsed = parse(intent, formData, formSchemasOf(product.type).items!.add);
  if ("refusal" in parsed) return parsed.refusal;
  const { submission } = parsed;
  const { name, price, category, description, star, tags, allergens, diets, options } =
    parsed.value;

  // The photo is checked and re-encoded before anything is written, so a bad
  // file refuses the whole item instead of leaving one without its photo.
  let image: ProcessedImage | null = null;
  if (file) {
    try {
      image = await processUploadedImage(file, ITEM_IMAGE_TARGET_BYTES);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return refuse(
        intent,
        error.status,
        submission,
        undefined,
        `${MESSAGES.chooseValidImage} ${error.message}`,
        { file: [MESSAGES.chooseValidImage] },
      );
    }
  }

  const added = await addItem(services.events, product, {
    name,
    priceCents: price,
    category: category ?? "",
    description,
    star,
    ...(tags ? { tags } : {}),
    ...(allergens ? { allergens } : {}),
    ...(diets ? { diets } : {}),
    options: withOptionIds(options),
  });
  if (!added.ok) {
    return added.reason === "limit-reached"
      ? refuse(intent, 409, submission, undefined, MESSAGES.limitReachedItems)
      : refuse(intent, 404, submission);
  }
  if (image) {
    try {
      const target = { kind: items.imageTarget, itemId: added.itemId };
      await storeImage(services, product, target, image);
    } catch (error) {
      // Take the item back out: an add either lands whole or not at all.
      await deleteItem(services.events, product, added.itemId);
      await deleteItemFiles(services, product, added.itemId);
      throw error;
    }
  }
  return done(intent, submission, added.itemId);
}

/**
 * The row's "Sold out today" (or until turned back, with `span`), or "Back on sale", of the
 * item or one of its choices; refused when the form names no span for a sell-out.
 */
async function soldOutIntent(intent: "sell-out" | "back-on-sale", request: ItemRequest) {
  const parsed = parse(intent, request.formData, soldOutSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const { itemId, choiceId, span } = parsed.value;
  if (intent === "sell-out" && !span) return refuse(intent, 400, parsed.submission, itemId);
  const result = await changeSoldOut(
    request.services.events,
    request.product,
    { itemId, choiceId: choiceId ?? null },
    intent === "sell-out" ? span! : "back",
    request.now ?? Date.now(),
  );
  if (!result.ok) return refuse(intent, 404, parsed.submission, itemId);
  return done(intent, parsed.submission, itemId);
}

async function deleteItemIntent({ services, product, formData }: ItemRequest) {
  const intent = "delete-item";
  const parsed = parse(intent, formData, itemIdSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const { itemId } = parsed.value;
  if (!(await deleteItem(services.events, product, itemId))) {
    return refuse(intent, 404, parsed.submission, itemId);
  }
  await deleteItemFiles(services, product, itemId);
  return done(intent, parsed.submission, itemId);
}

async function changeImagesIntent(intent: "move-image" | "remove-image", request: ItemRequest) {
  const { services, product, formData } = request;
  const parsed = parse(intent, formData, itemImageSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const { submission } = parsed;
  const { itemId, index, move } = parsed.value;
  if (intent === "move-image" && !move) return refuse(intent, 400, submission, itemId);
  const changed = await changeItemImages(services.events, product, itemId, (images) =>
    intent === "move-image" ? movedImages(images, index, move!) : withoutImage(images, index),
  );
  if (!changed) return refuse(intent, 404, submission, itemId);
  // A removed photo's file goes too; its slot is reused by the next upload.
  for (const url of changed.before.filter((url) => !changed.after.includes(url))) {
    const key = itemImageKey(product, itemId, url);
    if (key) await deleteStoredPhoto(services.storage, key);
  }
  return done(intent, submission, itemId);
}

/** After the row is gone; SPEC section 8: storage deletion errors are ignored (and logged). */
async function deleteItemFiles(services: Services, product: Product, itemId: string) {
  const prefix = `${siteOf(product.type).storageCollection}/${product.id}/items/${itemId}`;
  try {
    await deletePrefix(services.storage, prefix);
  } catch (error) {
    logger.error({ err: error, prefix }, "Could not delete stored files");
  }
}
