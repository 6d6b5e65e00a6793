/**
 * The customer's forms on the order page: adding a line to the cart, and the review form that
 * places the order. One zod schema checks each in the browser and on the server.
 */
import { z } from "./zod";
import { CART_TEXT_MAX_LENGTH } from "./order-cart";

export const CUSTOMER_NAME_MAX_LENGTH = 80;
export const PHONE_MAX_LENGTH = 30;
export const ADDRESS_MAX_LENGTH = 200;
export const ORDER_NOTE_MAX_LENGTH = 300;
/** The review form's key: placing the same form twice gives the one order. */
export const PLACE_KEY_PATTERN = /^[A-Za-z0-9]{16,32}$/;
/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export const ORDER_FORM_MESSAGES = Object.freeze({
  nameRequired: "Enter your name.",
  nameTooLong: `Keep your name to ${CUSTOMER_NAME_MAX_LENGTH} characters.`,
  phoneRequired: "Enter a phone number the business can call.",
  phoneInvalid: "Enter a phone number: digits, spaces and + ( ) - only.",
  emailInvalid: "Enter a valid email address, or leave it empty.",
  addressRequired: "Enter the address to deliver to.",
  addressTooLong: `Keep the address to ${ADDRESS_MAX_LENGTH} characters.`,
  noteTooLong: `Keep the note to ${ORDER_NOTE_MAX_LENGTH} characters.`,
  chooseFulfilment: "Choose pickup or delivery.",
  chooseTime: "Choose a time.",
  formExpired: "This form has expired: please review your order again.",
  cartInvalid: "Your order could not be read: please start it again.",
});

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
