/**
 * The editor forms' validation in the browser: zod, Conform's reading of a form with it,
 * and each site type's form schemas. Imported only through `useFormValidation`
 * (./use-form-validation.ts), so it is a chunk of its own that a page loads once one of
 * these forms is on screen, not part of the editor's first load.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { bookingClosureSchema, bookingSettingsSchema } from "~/lib/booking-settings-schema";
import { validateImageChoice } from "~/lib/image-compression";
import { z } from "~/lib/zod";
import { takesBookings, type ProductType } from "~/sites";
import { formSchemasOf } from "~/sites/form-schemas";

type Schema = z.ZodType;

/** Reads a form with a schema: Conform's submission, with the field errors zod found. */
export function validate(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

/** The optional photo of Add Item, checked before anything is sent. */
const photoField = z
  .file()
  .optional()
  .superRefine((file, context) => {
    if (!file) return;
    const check = validateImageChoice([file]);
    if (!check.ok) context.addIssue({ code: "custom", message: check.message });
  });

function schemasOf(type: ProductType) {
  const { info, items } = formSchemasOf(type);
  return {
    info,
    // Add Item sends the item and, without JavaScript, its photo in the same form.
    addItem: items ? z.intersection(items.add, z.object({ file: photoField })) : null,
    editItem: items?.edit ?? null,
    orders: items?.orders ?? null,
    // A restaurant's Reservations tab: its settings and its closures.
    bookings: takesBookings(type) ? bookingSettingsSchema : null,
    bookingClosure: takesBookings(type) ? bookingClosureSchema : null,
  };
}

const built = new Map<ProductType, ReturnType<typeof schemasOf>>();

/** The schema of each editor form of a site type, built once per type. */
export function editorSchemas(type: ProductType): ReturnType<typeof schemasOf> {
  let schemas = built.get(type);
  if (!schemas) built.set(type, (schemas = schemasOf(type)));
  return schemas;
}

export type EditorFormName = keyof ReturnType<typeof schemasOf>;
