import { useState } from "react";
import { COLOR_KEYS, normalizeHex, parseColor, type ColorKey } from "~/lib/colors";
import { MESSAGES } from "~/lib/messages";

const LABEL: Record<ColorKey, string> = {
  primary: "Primary",
  secondary: "Secondary",
  text: "Text",
};

/**
 * The three colors as hex fields with a live preview. An invalid value falls
 * back to the default (SPEC section 5), and the form says so next to the field.
 */
export function ColorFields({
  initial,
  fellBack = [],
}: {
  initial: Record<ColorKey, string>;
  fellBack?: ColorKey[];
}) {
  const [values, setValues] = useState<Record<ColorKey, string>>(initial);
  const shown = Object.fromEntries(
    COLOR_KEYS.map((key) => [key, parseColor(values[key], key)]),
  ) as Record<ColorKey, string>;
  // Given but not a color: the default shows, and the owner is told why.
  const invalid = (key: ColorKey) =>
    values[key].trim() !== "" && normalizeHex(values[key]) === null;

  return (
    <fieldset className="color-fields">
      <legend>Colors</legend>
      {COLOR_KEYS.map((key) => {
        const id = `color-${key}`;
        const showNote = invalid(key) || fellBack.includes(key);
        return (
          <div key={key} className="field color-field">
            <label htmlFor={id}>{LABEL[key]}</label>
            <span className="color-input">
              <span className="swatch" style={{ background: shown[key] }} aria-hidden="true" />
              <input
                id={id}
                name={`colors.${key}`}
                value={values[key]}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={showNote ? `${id}-note` : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [key]: value }));
                }}
              />
            </span>
            {showNote ? (
              <p id={`${id}-note`} className="field-hint warning">
                {MESSAGES.colorFellBack}
              </p>
            ) : null}
          </div>
        );
      })}
      <div
        className="color-preview"
        style={{ background: shown.primary, color: shown.text, borderColor: shown.secondary }}
        aria-label="Preview of your colors"
        role="img"
      >
        <strong>Your page</strong>
        <span style={{ color: shown.secondary }}>Accent text and lines</span>
      </div>
    </fieldset>
  );
}
