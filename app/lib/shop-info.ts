/**
 * What a shop's Info tab adds to the shared info form: its tags and its
 * payment handles. Shared by the browser and the server.
 */
import { z } from "./zod";
import {
  parsePaypalUsername,
  parseVenmoUsername,
  PAYPAL_USERNAME_INVALID,
  VENMO_USERNAME_INVALID,
} from "./payments";
import { shopTagsSchema, tagFieldsOf } from "./tags";

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

const paymentHandlesSchema = z.object({
  paypalUsername: handle(parsePaypalUsername, PAYPAL_USERNAME_INVALID),
  venmoUsername: handle(parseVenmoUsername, VENMO_USERNAME_INVALID),
});

export interface ShopExtras {
  tags: string[];
  paypalUsername: string;
  venmoUsername: string;
}

/** The shop's tags and payment handles from a submitted form, or the errors per field. */
export function parseShopExtras(
  formData: FormData,
): { ok: true; value: ShopExtras } | { ok: false; fieldErrors: Record<string, string[]> } {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const handles = paymentHandlesSchema.safeParse({
    paypalUsername: field("paypalUsername"),
    venmoUsername: field("venmoUsername"),
  });
  const tags = shopTagsSchema.safeParse(tagFieldsOf(formData));
  if (handles.success && tags.success) {
    return { ok: true, value: { tags: tags.data, ...handles.data } };
  }
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of [...(handles.error?.issues ?? []), ...(tags.error?.issues ?? [])]) {
    const name = String(issue.path[0] ?? "form");
    (fieldErrors[name] ??= []).push(issue.message);
  }
  return { ok: false, fieldErrors };
}
