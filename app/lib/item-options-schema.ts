/**
 * The zod schema of an item's options (./item-options.ts), for the server and for the
 * browser's validation as the owner types, and what is stored from what it checked.
 */
import { checkbox, z } from "./zod";
import {
  newOptionId,
  type OptionGroup,
  MAX_OPTION_CHOICES,
  MAX_OPTION_GROUPS,
  OPTION_ID_PATTERN,
  OPTION_NAME_MAX_LENGTH,
  parsePriceChange,
  PRICE_CHANGE_MAX_LENGTH,
} from "./item-options";
import { MESSAGES } from "./messages";

const optionId = z.string().regex(OPTION_ID_PATTERN).optional();

const optionName = z
  .string({ error: MESSAGES.optionNameRequired })
  .trim()
  .min(1, { error: MESSAGES.optionNameRequired })
  .max(OPTION_NAME_MAX_LENGTH, { error: MESSAGES.optionNameTooLong });

const choiceSchema = z.object(
  {
    id: optionId,
    name: optionName,
    price: z
      .string()
      .trim()
      .max(PRICE_CHANGE_MAX_LENGTH, { error: MESSAGES.textTooLong })
      .optional()
      .transform((value) => parsePriceChange(value ?? "")),
    soldOut: checkbox,
  },
  { error: MESSAGES.optionChoiceIncomplete },
);

const count = (max: number) =>
  z.coerce
    .number({ error: MESSAGES.optionCountInvalid })
    .int({ error: MESSAGES.optionCountInvalid })
    .min(0, { error: MESSAGES.optionCountInvalid })
    .max(max, { error: MESSAGES.optionCountInvalid });

const groupSchema = z
  .object(
    {
      id: optionId,
      name: optionName,
      min: count(MAX_OPTION_CHOICES),
      max: count(MAX_OPTION_CHOICES).min(1, { error: MESSAGES.optionCountInvalid }),
      choices: z
        .array(choiceSchema, { error: MESSAGES.optionChoicesRequired })
        .min(1, { error: MESSAGES.optionChoicesRequired })
        .max(MAX_OPTION_CHOICES, { error: MESSAGES.optionTooManyChoices }),
    },
    { error: MESSAGES.optionGroupIncomplete },
  )
  .superRefine((group, context) => {
    if (group.min > group.max) {
      context.addIssue({ code: "custom", path: ["min"], message: MESSAGES.optionMinAboveMax });
    }
    if (group.max > group.choices.length) {
      context.addIssue({ code: "custom", path: ["max"], message: MESSAGES.optionMaxAboveChoices });
    }
    const seen = new Set<string>();
    group.choices.forEach((choice, index) => {
      const key = choice.name.toLocaleLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["choices", index, "name"],
          message: MESSAGES.optionChoiceNameTaken,
        });
      }
      seen.add(key);
    });
  });

/**
 * The Add Item and edit forms' options: `options[0].name`, `options[0].choices[0].price`, …
 * Left out, an item has none. Ids the form sends back are kept; new groups and choices get
 * theirs when they are stored (withOptionIds).
 */
export const optionsField = z
  .array(groupSchema, { error: MESSAGES.optionGroupIncomplete })
  .max(MAX_OPTION_GROUPS, { error: MESSAGES.optionTooManyGroups })
  .optional()
  .superRefine((groups, context) => {
    const seen = new Set<string>();
    (groups ?? []).forEach((group, index) => {
      const key = group.name.toLocaleLowerCase();
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          path: [index, "name"],
          message: MESSAGES.optionGroupNameTaken,
        });
      }
      seen.add(key);
    });
  });

export type OptionsInput = NonNullable<z.output<typeof optionsField>>;

/**
 * Checks that no choice takes the item's price below zero (a size's price may not go under
 * 0), for the item-level schema's superRefine; the issue lands on the choice's price field.
 */
export function refusePricesBelowZero(
  value: { price: number; options?: OptionsInput },
  context: z.RefinementCtx,
): void {
  (value.options ?? []).forEach((group, groupIndex) =>
    group.choices.forEach((choice, choiceIndex) => {
      if (value.price + choice.price < 0) {
        context.addIssue({
          code: "custom",
          path: ["options", groupIndex, "choices", choiceIndex, "price"],
          message: MESSAGES.optionPriceBelowZero,
        });
      }
    }),
  );
}

/**
 * What is stored from checked form options: ids kept where the form sent them (unique within
 * the item), new ones where not, and the price change under its stored name.
 */
export function withOptionIds(options: OptionsInput | undefined): OptionGroup[] {
  const used = new Set<string>();
  const idFor = (sent: string | undefined) => {
    let id = sent && !used.has(sent) ? sent : newOptionId();
    while (used.has(id)) id = newOptionId();
    used.add(id);
    return id;
  };
  return (options ?? []).map((group) => ({
    id: idFor(group.id),
    name: group.name,
    min: group.min,
    max: group.max,
    choices: group.choices.map((choice) => ({
      id: idFor(choice.id),
      name: choice.name,
      priceChangeCents: choice.price,
      soldOut: choice.soldOut,
    })),
  }));
}
