import { CURRENCIES } from "~/lib/currency";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { Field, type FieldState } from "./form";

/**
 * The Info form's currency select, for the types whose public page shows prices. Its
 * options are app/lib/currency.ts's list, which the server checks the choice against.
 */
export function CurrencyField({ field }: { field: FieldState }) {
  return (
    <Field field={field} label={siteFieldWords.currency} hint={siteFieldWords.currencyHint}>
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
