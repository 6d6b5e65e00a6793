import { customAlphabet } from "nanoid";

/**
 * Opaque ids of 20 letters and digits (about 119 bits). No hyphens: a public
 * slugId's id is whatever follows its last hyphen.
 */
export const createId = customAlphabet(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  20,
);

/** Product ids are letters and digits (see `createId`; imported ids are bounded the same way). */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;
