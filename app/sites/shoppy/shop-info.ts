/**
 * A shop's Info form: the shared info fields and its currency, plus its tags and its
 * payment handles. One schema for the browser and the server.
 */
import { pricedInfoSchema } from "~/lib/profile-info";
import { z } from "~/lib/zod";
import {
  parsePaypalUsername,
  parseVenmoUsername,
  PAYPAL_USERNAME_INVALID,
  VENMO_USERNAME_INVALID,
} from "./payments";
import { shopTagsField } from "./tags";

const handle = (parse: (input: string) => string | null, message: string) =>
  z
    .string()
    .max(200, { error: message })
    .optional()
    .transform((value, context) => {
      const parsed = parse(value ?? "");
      if (parsed === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

/** The PayPal.me and Venmo names customers pay to: a shop's Info, a restaurant's Orders tab. */
export const paymentHandleFields = {
  paypalUsername: handle(parsePaypalUsername, PAYPAL_USERNAME_INVALID),
  venmoUsername: handle(parseVenmoUsername, VENMO_USERNAME_INVALID),
};

export const shopInfoSchema = pricedInfoSchema.extend({
  tags: shopTagsField,
  ...paymentHandleFields,
});

/** What a shop stores beyond the shared info. */
export interface ShopExtras {
  tags: string[];
  paypalUsername: string;
  venmoUsername: string;
}

/** The shop's own fields of a checked form or a stored row. */
export function shopExtrasOf(input: Readonly<Record<string, unknown>>): ShopExtras {
  return {
    tags: Array.isArray(input.tags) ? input.tags.filter((tag) => typeof tag === "string") : [],
    paypalUsername: typeof input.paypalUsername === "string" ? input.paypalUsername : "",
    venmoUsername: typeof input.venmoUsername === "string" ? input.venmoUsername : "",
  };
}
