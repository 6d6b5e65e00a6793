import { SITE_LANGUAGES } from "~/lib/i18n/languages";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
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
      label={siteFieldWords.publicPageLanguage}
      hint={siteFieldWords.publicPageLanguageHint}
    >
      <select>
        {SITE_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.tag}>
            {language.code === "en"
              ? language.name
              : fill(siteFieldWords.languageOption, {
                  name: language.name,
                  englishName: language.englishName,
                })}
          </option>
        ))}
      </select>
    </Field>
  );
}
