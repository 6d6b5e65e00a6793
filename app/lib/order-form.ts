/**
 * The customer's forms on the order page: adding a line to the cart, and the review form that
 * places the order: their limits. The review form's zod schema, with its messages in the page's
 * language, is in ./order-form-schema.ts.
 */

export const CUSTOMER_NAME_MAX_LENGTH = 80;
export const PHONE_MAX_LENGTH = 30;
export const ADDRESS_MAX_LENGTH = 200;
export const ORDER_NOTE_MAX_LENGTH = 300;
/** The review form's key: placing the same form twice gives the one order. */
export const PLACE_KEY_PATTERN = /^[A-Za-z0-9]{16,32}$/;
/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";
