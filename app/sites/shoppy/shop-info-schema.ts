/**
 * A shop's Info form: the shared info fields and its currency, plus its tags and its
 * payment handles (./shop-info.ts).
 */
import { pricedInfoSchema } from "~/lib/profile-info-schema";
import { z } from "~/lib/zod";
import {
  parsePaypalUsername,
  parseVenmoUsername,
  PAYPAL_USERNAME_INVALID,
  VENMO_USERNAME_INVALID,
} from "./payments";
import { shopTagsField } from "./tags-schema";

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
