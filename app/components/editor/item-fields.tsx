import { Field, type FieldErrorMap } from "../form";
import { CATEGORY_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from "~/lib/items";
import { NAME_MAX_LENGTH } from "~/lib/limits";

/**
 * Name, price, category and description: the fields Add Item and the edit
 * modal share. Existing categories are offered as suggestions.
 */
export function ItemFormFields({
  idPrefix,
  values,
  errors,
  categories,
}: {
  idPrefix: string;
  values?: { name: string; price: string; category: string; description: string };
  errors: FieldErrorMap;
  categories: string[];
}) {
  const listId = `${idPrefix}-categories`;
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name" errors={errors.name}>
        <input
          name="name"
          defaultValue={values?.name}
          maxLength={NAME_MAX_LENGTH}
          autoComplete="off"
          required
        />
      </Field>
      <Field
        id={`${idPrefix}-price`}
        label="Price"
        errors={errors.price}
        hint="Digits and a dot, like 12.50."
      >
        <input name="price" defaultValue={values?.price} inputMode="decimal" autoComplete="off" />
      </Field>
      <Field id={`${idPrefix}-category`} label="Category" errors={errors.category}>
        <input
          name="category"
          defaultValue={values?.category}
          list={listId}
          maxLength={CATEGORY_MAX_LENGTH}
          autoComplete="off"
        />
      </Field>
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <Field id={`${idPrefix}-description`} label="Description" errors={errors.description}>
        <textarea
          name="description"
          defaultValue={values?.description}
          rows={3}
          maxLength={DESCRIPTION_MAX_LENGTH}
        />
      </Field>
    </>
  );
}
