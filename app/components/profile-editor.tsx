import { getFormProps, useForm } from "@conform-to/react";
import { useRef } from "react";
import { Form, Link, useNavigation, useParams } from "react-router";
import type { ColorKey } from "~/lib/colors";
import type { HoursRow, SpecialHours } from "~/lib/hours";
import type { FontStyle } from "~/lib/themes";
import type { LanguageCode } from "~/lib/i18n/languages";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import type { SaveInfoResult } from "~/lib/profile-info";
import { siteOf, type ProductType } from "~/sites";
import { useSiteEditor } from "./editor/site-editor";
import type { OwnInfoFields } from "~/sites/site";
import { CurrencyField } from "./currency-field";
import { Field } from "./form";
import { HoursEditor } from "./hours-editor";
import { LanguageField } from "./language-field";
import { SpecialHoursEditor } from "./special-hours-editor";
import { TimeZoneField } from "./time-zone-field";
import { ThemeFields } from "./theme-fields";
import { useSavedToast } from "./toasts";
import { SaveBar, UnsavedChangesDialog, useUnsavedChanges } from "./unsaved-changes";
import { useFormValidation } from "./use-form-validation";
import { useHydrated } from "./use-hydrated";

export interface ProfileEditorValues {
  name: string;
  phone: string;
  email: string;
  address: string;
  logoUrl: string;
  bgUrl: string;
  colors: Record<ColorKey, string>;
  fontStyle: FontStyle;
  hours: HoursRow[];
  specialHours: SpecialHours[];
  /** "" while unknown. */
  timeZone: string;
  language: LanguageCode;
}

/** The Info form's fields, the shared ones and those a type may add. */
type InfoFormValues = Omit<ProfileEditorValues, "hours" | "specialHours"> & {
  hours: { open: string; close: string }[];
  specialHours: SpecialHours[];
} & Required<OwnInfoFields>;

/**
 * A site's info form: contact details, hours and its look, saved in one go, and
 * the fields its type adds (a shop's tags and payment links). It is checked in
 * the browser with the schema the server uses, and works without JavaScript.
 * The dealership and e-commerce editors type their image addresses here;
 * restaurants and shops upload their images beside the form instead.
 */
export function ProfileEditor({
  type,
  values,
  ownValues,
  result,
}: {
  type: ProductType;
  values: ProfileEditorValues;
  /** The stored values of the type's own fields. */
  ownValues: OwnInfoFields;
  result: SaveInfoResult | undefined;
}) {
  const { info } = siteOf(type);
  const productId = useParams().pid;
  const { InfoFields } = useSiteEditor();
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "save-info";
  // The form's checks in the browser, fetched as it shows (use-form-validation.ts).
  const validate = useFormValidation(type, "info");
  const [form, fields] = useForm<InfoFormValues, unknown>({
    lastResult: result?.result,
    defaultValue: { ...values, ...ownValues },
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  // With JavaScript a save is confirmed by a toast; without, by the page that comes back.
  const hydrated = useHydrated();
  useSavedToast(result?.result, info.savedMessage);
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(
    formRef,
    result?.result.status === "success" ? result : null,
  );
  // The server's reason, or the type's words when the browser found the form invalid.
  const formErrors = form.errors?.length ? form.errors : form.valid ? null : [info.failedMessage];

  return (
    <Form ref={formRef} method="post" {...getFormProps(form)} className="form profile-editor">
      <input type="hidden" name="intent" value="save-info" />
      <div id={form.errorId} aria-live="polite">
        {form.status === "success" && !hydrated ? (
          <p className="alert success" role="status">
            {info.savedMessage}
          </p>
        ) : null}
        {formErrors ? (
          <p className="alert error" role="alert">
            {formErrors.join(" ")}
          </p>
        ) : null}
      </div>
      <Field field={fields.name} label={info.nameLabel}>
        <input autoComplete="organization" />
      </Field>
      <Field field={fields.phone} label={siteFieldWords.phone}>
        <input type="tel" autoComplete="tel" />
      </Field>
      <Field field={fields.email} label={siteFieldWords.email}>
        <input type="email" autoComplete="email" />
      </Field>
      <Field field={fields.address} label={siteFieldWords.address}>
        <input autoComplete="street-address" />
      </Field>
      {info.showsPrices ? <CurrencyField field={fields.currency} /> : null}
      <LanguageField field={fields.language} />
      {productId ? (
        <p className="field-aside">
          <Link to={`/user/${type}/languages/${productId}`}>{siteFieldWords.addMoreLanguages}</Link>
        </p>
      ) : null}
      <HoursEditor initial={values.hours} />
      <TimeZoneField field={fields.timeZone} stored={values.timeZone} />
      {/* Saved special days come back tidied (sorted, past ones gone): start again from them. */}
      <SpecialHoursEditor
        key={JSON.stringify(values.specialHours)}
        initial={values.specialHours}
        errors={form.allErrors}
      />
      <ThemeFields
        type={type}
        initialColors={values.colors}
        initialFont={values.fontStyle}
        fellBack={form.status === "success" ? result?.colorsFellBack : undefined}
      />
      {info.uploadsImages ? null : (
        <>
          <Field
            field={fields.logoUrl}
            label={siteFieldWords.logoUrl}
            hint={siteFieldWords.logoUrlHint}
          >
            <input type="url" />
          </Field>
          <Field
            field={fields.bgUrl}
            label={siteFieldWords.backgroundUrl}
            hint={siteFieldWords.backgroundUrlHint}
          >
            <input type="url" />
          </Field>
        </>
      )}
      {InfoFields ? <InfoFields values={ownValues} fields={fields} /> : null}
      <SaveBar dirty={dirty}>
        <button type="submit" className="button" disabled={saving}>
          {saving ? siteFieldWords.saving : siteFieldWords.save}
        </button>
      </SaveBar>
      <UnsavedChangesDialog blocker={blocker} what={siteFieldWords.unsavedSiteInfo} />
    </Form>
  );
}
