import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { cloneElement } from "react";

/** Errors per field name, as zod and Conform report them. */
export type FieldErrorMap = Record<string, string[] | null | undefined>;

type InputType = "text" | "email" | "password" | "url" | "tel";

/** A labelled input with its hint and errors wired for screen readers. */
export function TextField({
  label,
  field,
  type = "text",
  hint,
  ...inputProps
}: {
  label: string;
  field: FieldMetadata<string | undefined>;
  type?: InputType;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...conformProps } = getInputProps(field, { type, ariaAttributes: true });
  const describedBy = [hintId, field.errors?.length ? field.errorId : undefined]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        key={key}
        {...conformProps}
        {...inputProps}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(" ")}
    </p>
  );
}

/** Errors about the whole form (a failed sign-in, a refused registration). */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
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

/** A label, one control, an optional hint and its errors, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  errors?: string[] | null;
  children: React.ReactElement<React.InputHTMLAttributes<HTMLElement>>;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = cloneElement(children, {
    id,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": describedBy,
  });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors ?? undefined} />
    </div>
  );
}
