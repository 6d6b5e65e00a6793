import { FieldErrors, type FieldState } from "~/components/form";
import { ALLERGENS, DIETS, type DietaryLabel } from "~/lib/dietary";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import type { EditorItem } from "~/lib/items";

/** The values a field starts from: what was sent back with errors, else the stored item's. */
function startingKeys(field: FieldState, stored: readonly string[] | undefined): Set<string> {
  const sent = field.initialValue;
  if (sent === undefined) return new Set(stored ?? []);
  const values: unknown[] = Array.isArray(sent) ? sent : [sent];
  return new Set(values.filter((value): value is string => typeof value === "string"));
}

/**
 * A dish's allergens and diets in the Add Item form and the edit modal: two groups of
 * checkboxes, each a fieldset with its legend, folded in a disclosure so that a phone
 * shows one line until the owner opens it (open already when something is chosen or
 * wrong). Plain form fields: they post without JavaScript like the rest of the form.
 */
export function DietaryFields({
  item,
  fields,
}: {
  item: EditorItem | null;
  fields: { allergens: FieldState; diets: FieldState };
}) {
  const allergens = startingKeys(fields.allergens, item?.allergens);
  const diets = startingKeys(fields.diets, item?.diets);
  const chosen = allergens.size + diets.size;
  const hasErrors = Boolean(fields.allergens.errors?.length || fields.diets.errors?.length);
  return (
    <details className="dietary-fields" open={chosen > 0 || hasErrors}>
      <summary>
        {sitePartWords.allergensAndDiets}
        <span className="muted">
          {" "}
          {chosen > 0
            ? portalPlural(sitePartWords.dietaryChosen, chosen)
            : sitePartWords.dietaryOptional}
        </span>
      </summary>
      <CheckboxGroup
        legend={sitePartWords.containsAllergens}
        hint={sitePartWords.allergensHint}
        field={fields.allergens}
        options={ALLERGENS}
        checked={allergens}
      />
      <CheckboxGroup
        legend={sitePartWords.suitableFor}
        field={fields.diets}
        options={DIETS}
        checked={diets}
      />
    </details>
  );
}

function CheckboxGroup({
  legend,
  hint,
  field,
  options,
  checked,
  round = false,
}: {
  legend: string;
  hint?: string;
  field: FieldState;
  options: readonly DietaryLabel[];
  checked: Set<string>;
  /** Diets' icons are round on the public menu, allergens' square: the same here. */
  round?: boolean;
}) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors?.length ? field.errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className="dietary-group"
      key={field.key}
      aria-describedby={describedBy || undefined}
      aria-invalid={field.errors?.length ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="muted field-hint">
          {hint}
        </p>
      ) : null}
      <ul className="dietary-options">
        {options.map((option) => {
          const id = `${field.id}-${option.key}`;
          return (
            <li key={option.key}>
              <input
                id={id}
                type="checkbox"
                name={field.name}
                value={option.key}
                form={field.formId}
                defaultChecked={checked.has(option.key)}
              />
              <label htmlFor={id}>
                <span
                  className={round ? "dietary-icon-small round" : "dietary-icon-small"}
                  aria-hidden="true"
                >
                  {option.icon}
                </span>
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The labels of a dish in the editor's list, in words: "Contains: Milk, Eggs · Vegetarian". */
export function DietarySummary({ item }: { item: EditorItem }) {
  const allergens = ALLERGENS.filter((entry) => item.allergens.includes(entry.key));
  const diets = DIETS.filter((entry) => item.diets.includes(entry.key));
  if (allergens.length === 0 && diets.length === 0) return null;
  const words = (list: readonly DietaryLabel[]) => list.map((entry) => entry.label).join(", ");
  return (
    <p className="dietary-summary">
      {allergens.length > 0 ? (
        <span>{fill(sitePartWords.containsList, { allergens: words(allergens) })}</span>
      ) : null}
      {allergens.length > 0 && diets.length > 0 ? " · " : null}
      {diets.length > 0 ? <span>{words(diets)}</span> : null}
    </p>
  );
}
