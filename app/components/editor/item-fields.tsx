import { Field, type FormFields } from "../form";
import { priceHint } from "~/lib/currency";
import { editorWords } from "~/lib/i18n/portal/editor";
import { CATEGORY_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "~/lib/items";
import { NAME_MAX_LENGTH } from "~/lib/limits";
import { useSiteCurrency } from "./site-currency";

/** The fields of the Add Item and edit forms, as the browser sends them. */
export interface ItemFormValues {
  itemId: string;
  name: string;
  price: string;
  category: string;
  description: string;
  star: string;
  tags: string[];
  allergens: string[];
  diets: string[];
  file: File;
}

/**
 * Name, price, category and description: the fields Add Item and the edit
 * modal share, as fields of their Conform form. Existing categories are
 * offered as suggestions; a type without categories (`categories` null) has
 * no Category field.
 */
export function ItemFormFields({
  fields,
  categories,
}: {
  fields: FormFields<"name" | "price" | "category" | "description">;
  categories: string[] | null;
}) {
  const listId = `${fields.category.id}-suggestions`;
  const currency = useSiteCurrency();
  return (
    <>
      <Field field={fields.name} label={editorWords.fieldName}>
        <input maxLength={NAME_MAX_LENGTH} autoComplete="off" required />
      </Field>
      <Field field={fields.price} label={editorWords.fieldPrice} hint={priceHint(currency)}>
        <input inputMode="decimal" autoComplete="off" />
      </Field>
      {categories ? (
        <>
          <Field field={fields.category} label={editorWords.fieldCategory}>
            <input list={listId} maxLength={CATEGORY_MAX_LENGTH} autoComplete="off" />
          </Field>
          <datalist id={listId}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </>
      ) : null}
      <Field field={fields.description} label={editorWords.fieldDescription}>
        <textarea rows={3} maxLength={DESCRIPTION_MAX_LENGTH} />
      </Field>
    </>
  );
}
