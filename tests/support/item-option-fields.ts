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
