import { CURRENCIES } from "~/lib/currency";
import { Field, type FieldState } from "./form";

/**
 * The Info form's currency select, for the types whose public page shows prices. Its
 * options are app/lib/currency.ts's list, which the server checks the choice against.
 */
export function CurrencyField({ field }: { field: FieldState }) {
  return (
    <Field
      field={field}
      label="Currency"
      hint="The prices on your public page are shown in it. Changing it keeps the amounts as they are."
    >
      <select>
        {CURRENCIES.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
