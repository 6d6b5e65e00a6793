import { Form, useNavigation } from "react-router";
import type { ColorKey } from "~/lib/colors";
import type { HoursRow } from "~/lib/hours";
import { MESSAGES } from "~/lib/messages";
import { ColorFields } from "./color-fields";
import { HoursEditor } from "./hours-editor";

export interface ProfileEditorValues {
  name: string;
  phone: string;
  email: string;
  address: string;
  logoUrl: string;
  bgUrl: string;
  colors: Record<ColorKey, string>;
  hours: HoursRow[];
}

export interface ProfileEditorResult {
  saved?: boolean;
  error?: string;
  fieldErrors?: Record<string, string[] | null | undefined>;
  colorsFellBack?: ColorKey[];
}

function Field({
  name,
  label,
  value,
  type = "text",
  errors,
  autoComplete,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  type?: string;
  errors?: string[] | null;
  autoComplete?: string;
  hint?: string;
}) {
  const id = `profile-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete={autoComplete}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A site's info form: contact details, hours and colors, saved in one go.
 * The dealership and e-commerce editors type their image addresses here;
 * restaurants and shops upload their images beside the form instead.
 */
export function ProfileEditor({
  values,
  result,
  imageUrlFields = true,
  nameLabel = "Name",
  savedMessage = MESSAGES.infoSaved,
  children,
}: {
  values: ProfileEditorValues;
  result: ProfileEditorResult | undefined;
  imageUrlFields?: boolean;
  nameLabel?: string;
  savedMessage?: string;
  /** Fields a site type adds before the Save button. */
  children?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "save-info";
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="form profile-editor" noValidate>
      <input type="hidden" name="intent" value="save-info" />
      <div aria-live="polite">
        {result?.saved ? (
          <p className="alert success" role="status">
            {savedMessage}
          </p>
        ) : null}
        {result?.error ? (
          <p className="alert error" role="alert">
            {result.error}
          </p>
        ) : null}
      </div>
      <Field
        name="name"
        label={nameLabel}
        value={values.name}
        errors={errors.name}
        autoComplete="organization"
      />
      <Field
        name="phone"
        label="Phone"
        value={values.phone}
        type="tel"
        errors={errors.phone}
        autoComplete="tel"
      />
      <Field
        name="email"
        label="Email"
        value={values.email}
        type="email"
        errors={errors.email}
        autoComplete="email"
      />
      <Field
        name="address"
        label="Address"
        value={values.address}
        errors={errors.address}
        autoComplete="street-address"
      />
      <HoursEditor initial={values.hours} />
      <ColorFields initial={values.colors} fellBack={result?.colorsFellBack} />
      {imageUrlFields ? (
        <>
          <Field
            name="logoUrl"
            label="Logo URL"
            value={values.logoUrl}
            type="url"
            errors={errors.logoUrl}
            hint="An https:// address of a square picture."
          />
          <Field
            name="bgUrl"
            label="Background URL"
            value={values.bgUrl}
            type="url"
            errors={errors.bgUrl}
            hint="An https:// address of a wide picture."
          />
        </>
      ) : null}
      {children}
      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}
