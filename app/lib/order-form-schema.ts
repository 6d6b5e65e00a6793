/**
 * The zod schema of the customer's review form (./order-form.ts), which places the order:
 * one per page language, its messages in that language's words.
 */
import type { PublicWords } from "./i18n/page-language";
import { fill } from "./i18n/text";
import { CART_TEXT_MAX_LENGTH } from "./order-cart";
import {
  ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  HONEYPOT_FIELD,
  ORDER_NOTE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PLACE_KEY_PATTERN,
} from "./order-form";
import { z } from "./zod";

/** A field the customer may leave out: trimmed, "" when absent. */
const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .optional()
    .transform((value) => value ?? "");

function buildPlaceOrderSchema(words: PublicWords) {
  const messages = {
    cartInvalid: words.orderUnreadable,
    formExpired: words.formExpired,
    chooseFulfilment: words.chooseFulfilment,
    chooseTime: words.chooseTime,
    nameRequired: words.enterName,
    nameTooLong: fill(words.nameTooLong, { max: CUSTOMER_NAME_MAX_LENGTH }),
    phoneRequired: words.enterPhone,
    phoneInvalid: words.phoneInvalid,
    emailInvalid: words.emailInvalid,
    addressRequired: words.enterAddress,
    addressTooLong: fill(words.addressTooLong, { max: ADDRESS_MAX_LENGTH }),
    noteTooLong: fill(words.noteTooLong, { max: ORDER_NOTE_MAX_LENGTH }),
  };
  return z
    .object({
      cart: z
        .string()
        .max(CART_TEXT_MAX_LENGTH, { error: messages.cartInvalid })
        .optional()
        .transform((value) => value ?? ""),
      placeKey: z.string({ error: messages.formExpired }).regex(PLACE_KEY_PATTERN, {
        error: messages.formExpired,
      }),
      fulfilment: z.enum(["pickup", "delivery"], { error: messages.chooseFulfilment }),
      slot: z
        .string({ error: messages.chooseTime })
        .regex(/^\d{10,15}$/, { error: messages.chooseTime })
        .transform(Number),
      name: z
        .string({ error: messages.nameRequired })
        .trim()
        .min(1, { error: messages.nameRequired })
        .max(CUSTOMER_NAME_MAX_LENGTH, { error: messages.nameTooLong }),
      phone: z
        .string({ error: messages.phoneRequired })
        .trim()
        .min(1, { error: messages.phoneRequired })
        .max(PHONE_MAX_LENGTH, { error: messages.phoneInvalid })
        .regex(/^\+?[0-9 ()./-]{5,}$/, { error: messages.phoneInvalid })
        .refine((value) => (value.match(/\d/g) ?? []).length >= 5, {
          error: messages.phoneInvalid,
        }),
      email: optionalText(254, messages.emailInvalid).refine(
        (value) => value === "" || z.email().safeParse(value).success,
        {
          error: messages.emailInvalid,
        },
      ),
      address: optionalText(ADDRESS_MAX_LENGTH, messages.addressTooLong),
      note: optionalText(ORDER_NOTE_MAX_LENGTH, messages.noteTooLong),
      // Whether the site takes cards, and must, is checked when the order is placed.
      payment: z
        .enum(["in-person", "card"], { error: words.paymentChoiceInvalid })
        .optional()
        .transform((value) => value ?? "in-person"),
      [HONEYPOT_FIELD]: z.string().max(200).optional(),
    })
    .superRefine((value, context) => {
      if (value.fulfilment === "delivery" && value.address === "") {
        context.addIssue({
          code: "custom",
          path: ["address"],
          message: messages.addressRequired,
        });
      }
    });
}

const schemas = new WeakMap<PublicWords, ReturnType<typeof buildPlaceOrderSchema>>();

/** "Place order", refused in the page's words (`page.words`). Built once per language. */
export function placeOrderSchema(words: PublicWords) {
  let schema = schemas.get(words);
  if (!schema) {
    schema = buildPlaceOrderSchema(words);
    schemas.set(words, schema);
  }
  return schema;
}

export type PlaceOrderInput = z.output<ReturnType<typeof buildPlaceOrderSchema>>;
