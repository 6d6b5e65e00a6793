import { customAlphabet } from "nanoid";

/**
 * Opaque ids of 20 letters and digits (about 119 bits). No hyphens: a public
 * slugId's id is whatever follows its last hyphen.
 */
export const createId = customAlphabet(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  20,
);
