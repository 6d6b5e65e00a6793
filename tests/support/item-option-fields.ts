import type { OptionGroup } from "../../app/lib/item-options";

/** An item's option groups as the editor's form posts them, for tests that post items. */
export interface OptionGroupFields {
  id?: string;
  name: string;
  min: number;
  max: number;
  choices: Array<{ id?: string; name: string; price: string; soldOut?: boolean }>;
}

/**
 * The form fields of these groups, as the editor names them (`options[0].choices[1].price`),
 * with `optionsShown`, which tells the server the form carries the item's options.
 */
export function optionFields(groups: readonly OptionGroupFields[]): Array<[string, string]> {
  const fields: Array<[string, string]> = [["optionsShown", "on"]];
  groups.forEach((group, g) => {
    if (group.id) fields.push([`options[${g}].id`, group.id]);
    fields.push([`options[${g}].name`, group.name]);
    fields.push([`options[${g}].min`, String(group.min)]);
    fields.push([`options[${g}].max`, String(group.max)]);
    group.choices.forEach((choice, c) => {
      const prefix = `options[${g}].choices[${c}]`;
      if (choice.id) fields.push([`${prefix}.id`, choice.id]);
      fields.push([`${prefix}.name`, choice.name]);
      fields.push([`${prefix}.price`, choice.price]);
      if (choice.soldOut) fields.push([`${prefix}.soldOut`, "on"]);
    });
  });
  return fields;
}

/**
 * A pizza's stored options: two sizes (Large sold out) and a group of extras whose names hold
 * the CSV cell's separators, with a price change below zero.
 */
export const PIZZA_OPTIONS: OptionGroup[] = [
  {
    id: "g1",
    name: "Size",
    min: 1,
    max: 1,
    choices: [
      { id: "c1", name: "Small", priceChangeCents: 0, soldOut: false },
      { id: "c2", name: "Large", priceChangeCents: 300, soldOut: true },
    ],
  },
  {
    id: "g2",
    name: "Extras (hot)",
    min: 0,
    max: 2,
    choices: [
      { id: "c3", name: "Bacon; crisp", priceChangeCents: 200, soldOut: false },
      { id: "c4", name: "No cheese=less", priceChangeCents: -50, soldOut: false },
    ],
  },
];
