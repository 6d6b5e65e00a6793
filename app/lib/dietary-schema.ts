/** The zod fields of a dish's allergens and diets (./dietary.ts), as the item forms send them. */
import {
  ALLERGENS,
  DIETS,
  inListOrder,
  unknownAllergenMessage,
  unknownDietMessage,
  type DietaryLabel,
} from "./dietary";
import { z } from "./zod";

/**
 * A checkbox group as a form sends it: nothing (none checked), one value, or several.
 * Unknown keys are refused with the message, on the group's own field; known ones come
 * back each once, in the list's order.
 */
function labelGroup(list: readonly DietaryLabel[], message: (unknown: string[]) => string) {
  const known = new Set(list.map((entry) => entry.key));
  return z
    .preprocess(
      (value): unknown[] =>
        value === undefined || value === ""
          ? []
          : Array.isArray(value)
            ? (value as unknown[])
            : [value],
      z.array(z.string()).max(list.length * 4),
    )
    .superRefine((values, context) => {
      const unknown = values.filter((value) => !known.has(value));
      if (unknown.length > 0) {
        context.addIssue({ code: "custom", message: message([...new Set(unknown)].slice(0, 5)) });
      }
    })
    .transform((values) => inListOrder(values, list));
}

export const allergensField = labelGroup(ALLERGENS, unknownAllergenMessage);
export const dietsField = labelGroup(DIETS, unknownDietMessage);
