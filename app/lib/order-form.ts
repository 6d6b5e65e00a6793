/**
 * The customer's forms on the order page: adding a line to the cart, and the review form that
 * places the order: their limits and messages. Their zod schemas are in ./order-form-schema.ts.
 */

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
