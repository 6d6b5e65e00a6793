import { cloneElement } from "react";

/**
 * What `Field` needs of a field: the metadata Conform's `useForm` gives for each
 * field of a form (`fields.email`).
 */
export interface FieldState {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** Changes when Conform resets the field, so the control starts again. */
  key?: string;
  errors?: string[];
  initialValue?: unknown;
  /** From the schema, when the form was given `constraint: getZodConstraint(schema)`. */
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

/** Some fields of a Conform form by name, for a piece of a form that renders them. */
export type FormFields<Name extends string> = Record<Name, FieldState>;

type ControlProps = React.InputHTMLAttributes<HTMLElement> &
  React.TextareaHTMLAttributes<HTMLElement> &
  React.SelectHTMLAttributes<HTMLElement>;

/**
 * The labelled field of every form: a label, one control (input, textarea or
 * select), an optional hint and the field's errors. The control is given the
 * field's id, name, form and initial value (unless it sets its own value), and
 * `aria-invalid` and `aria-describedby` for the hint and the errors; pass it only
 * what is its own (type, autoComplete, rows…).
 *
 *     <Field field={fields.email} label="Email">
 *       <input type="email" autoComplete="email" />
 *     </Field>
 */
export function Field({
  field,
  label,
  hint,
  className = "field",
  children,
}: {
  field: FieldState;
  /** Text, or text with a visually hidden part that completes the accessible name. */
  label: React.ReactNode;
  hint?: string;
  className?: string;
  children: React.ReactElement<ControlProps>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hintId, invalid ? field.errorId : undefined].filter(Boolean).join(" ");
  const own = children.props;
  const ownValue =
    own.type === "file" || own.type === "checkbox" || "value" in own || "defaultValue" in own;
  const control = cloneElement(children, {
    key: field.key,
    id: field.id,
    name: field.name,
    form: field.formId,
    ...(ownValue ? {} : { defaultValue: textOf(field.initialValue) }),
    required: own.required ?? field.required,
    minLength: own.minLength ?? field.minLength,
    maxLength: own.maxLength ?? field.maxLength,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  });
  return (
    <div className={className}>
      <label htmlFor={field.id}>{label}</label>
      {control}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/** Errors about the whole form (a failed sign-in, a refused registration). */
export function FormErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  return (
    <div id={id} aria-live="polite">
      {errors?.length ? (
        <p className="alert error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
