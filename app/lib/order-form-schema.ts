/** The zod schemas of the customer's order forms (./order-form.ts). */
import { CART_TEXT_MAX_LENGTH } from "./order-cart";
import {
  ADDRESS_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  HONEYPOT_FIELD,
  ORDER_FORM_MESSAGES,
  ORDER_NOTE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PLACE_KEY_PATTERN,
} from "./order-form";
import { z } from "./zod";

const cartText = z
  .string()
  .max(CART_TEXT_MAX_LENGTH, { error: ORDER_FORM_MESSAGES.cartInvalid })
  .optional()
  .transform((value) => value ?? "");

/** "Review order": the cart as it stands (the page's script keeps it, or the server did). */
export const reviewSchema = z.object({ cart: cartText, seenTotal: z.string().max(16).optional() });

/** "Place order". */
export const placeOrderSchema = z
  .object({
    cart: cartText,
    placeKey: z.string({ error: ORDER_FORM_MESSAGES.formExpired }).regex(PLACE_KEY_PATTERN, {
      error: ORDER_FORM_MESSAGES.formExpired,
    }),
    fulfilment: z.enum(["pickup", "delivery"], { error: ORDER_FORM_MESSAGES.chooseFulfilment }),
    slot: z
      .string({ error: ORDER_FORM_MESSAGES.chooseTime })
      .regex(/^\d{10,15}$/, { error: ORDER_FORM_MESSAGES.chooseTime })
      .transform(Number),
    name: z
      .string({ error: ORDER_FORM_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: ORDER_FORM_MESSAGES.nameRequired })
      .max(CUSTOMER_NAME_MAX_LENGTH, { error: ORDER_FORM_MESSAGES.nameTooLong }),
    phone: z
      .string({ error: ORDER_FORM_MESSAGES.phoneRequired })
      .trim()
      .min(1, { error: ORDER_FORM_MESSAGES.phoneRequired })
      .max(PHONE_MAX_LENGTH, { error: ORDER_FORM_MESSAGES.phoneInvalid })
      .regex(/^\+?[0-9 ()./-]{5,}$/, { error: ORDER_FORM_MESSAGES.phoneInvalid })
      .refine((value) => (value.match(/\d/g) ?? []).length >= 5, {
        error: ORDER_FORM_MESSAGES.phoneInvalid,
      }),
    email: z
      .string()
      .trim()
      .max(254, { error: ORDER_FORM_MESSAGES.emailInvalid })
      .optional()
      .transform((value) => value ?? "")
      .refine((value) => value === "" || z.email().safeParse(value).success, {
        error: ORDER_FORM_MESSAGES.emailInvalid,
      }),
    address: z
      .string()
      .trim()
      .max(ADDRESS_MAX_LENGTH, { error: ORDER_FORM_MESSAGES.addressTooLong })
      .optional()
      .transform((value) => value ?? ""),
    note: z
      .string()
      .trim()
      .max(ORDER_NOTE_MAX_LENGTH, { error: ORDER_FORM_MESSAGES.noteTooLong })
      .optional()
      .transform((value) => value ?? ""),
    [HONEYPOT_FIELD]: z.string().max(200).optional(),
  })
  .superRefine((value, context) => {
    if (value.fulfilment === "delivery" && value.address === "") {
      context.addIssue({
        code: "custom",
        path: ["address"],
        message: ORDER_FORM_MESSAGES.addressRequired,
      });
    }
  });

export type PlaceOrderInput = z.output<typeof placeOrderSchema>;
