import { SITE_LANGUAGES } from "~/lib/i18n/languages";
import { Field, type FieldState } from "./form";

/**
 * The Info form's language select: what the public page says by itself (Open now, Sold Out,
 * the days and dates) is written in it. The owner's own texts stay as typed. The options are
 * app/lib/i18n/languages.ts's list, which the server checks the choice against.
 */
export function LanguageField({ field }: { field: FieldState }) {
  return (
    <Field
      field={field}
      label="Language of your public page"
      hint="The words your page adds by itself, such as “Open now” and the days, and its dates and prices are written in it. Your own texts stay as you type them."
    >
      <select>
        {SITE_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.code === "en" ? language.name : `${language.name} (${language.englishName})`}
          </option>
        ))}
      </select>
    </Field>
  );
}
