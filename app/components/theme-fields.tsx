import { useId, useState } from "react";
import { COLOR_KEYS, normalizeHex, parseColor, type ColorKey } from "~/lib/colors";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { MESSAGES } from "~/lib/messages";
import { contrastRatio, readableOn } from "~/lib/site-theme";
import {
  FONT_STYLE_IDS,
  FONT_STYLES,
  isFontStyle,
  matchingPreset,
  themePresetsFor,
  type FontStyle,
  type ThemePreset,
} from "~/lib/themes";
import type { ProductType } from "~/sites/product-types";
import { usePreviewDraft } from "./editor/site-preview";
import { controlValue, useChoicesMadeBeforeHydration } from "./use-choices-before-hydration";

const LABEL: Record<ColorKey, string> = {
  primary: siteFieldWords.colorPrimary,
  secondary: siteFieldWords.colorSecondary,
  text: siteFieldWords.colorText,
};

const HINT: Record<ColorKey, string> = {
  primary: siteFieldWords.colorPrimaryHint,
  secondary: siteFieldWords.colorSecondaryHint,
  text: siteFieldWords.colorTextHint,
};

/** WCAG AA for body text. */
const AA = 4.5;

const ratio = (value: number) => `${(Math.floor(value * 10) / 10).toFixed(1)}:1`;

/** The accessible name of a colour's picker, which also finds it in the form. */
const pickerLabel = (key: ColorKey) => fill(siteFieldWords.colorPicker, { color: LABEL[key] });

/** What to tell the owner about a colour whose contrast is below AA, or null when it reads well. */
function contrastWarning(key: ColorKey, colors: Record<ColorKey, string>): string | null {
  if (key === "text") {
    const value = contrastRatio(colors.text, colors.primary);
    if (value >= AA) return null;
    const text =
      readableOn(colors.primary) === "#000000"
        ? siteFieldWords.textContrastShowsBlack
        : siteFieldWords.textContrastShowsWhite;
    return fill(text, { ratio: ratio(value), needed: `${AA}:1` });
  }
  if (key === "secondary") {
    const value = contrastRatio(colors.secondary, colors.primary);
    if (value >= AA) return null;
    return fill(siteFieldWords.secondaryContrast, { ratio: ratio(value), needed: `${AA}:1` });
  }
  return null;
}

/**
 * The look of the public page: theme presets as swatches, a font style, and the three
 * colors, each with a color picker beside its hex field (SPEC section 5 keeps the hex
 * field). Picking a preset fills in its colors and font; changing any of them by hand
 * switches to "Custom". Unsaved choices show on the editor's live preview at once.
 */
export function ThemeFields({
  type,
  initialColors,
  initialFont,
  fellBack = [],
}: {
  type: ProductType;
  initialColors: Record<ColorKey, string>;
  initialFont: FontStyle;
  fellBack?: ColorKey[];
}) {
  const presets = themePresetsFor(type);
  const [values, setValues] = useState<Record<ColorKey, string>>(initialColors);
  const [font, setFont] = useState<FontStyle>(initialFont);
  const [theme, setTheme] = useState(
    () => matchingPreset(type, initialColors, initialFont)?.id ?? "",
  );
  const idPrefix = useId();
  const shown = Object.fromEntries(
    COLOR_KEYS.map((key) => [key, parseColor(values[key], key)]),
  ) as Record<ColorKey, string>;
  usePreviewDraft({ colors: shown, fontStyle: font });

  const changeByHand = (change: () => void) => {
    change();
    setTheme("");
  };
  const choosePreset = (preset: ThemePreset) => {
    setTheme(preset.id);
    setValues({ ...preset.colors });
    setFont(preset.font);
  };
  const setColor = (key: ColorKey, value: string) =>
    changeByHand(() => setValues((current) => ({ ...current, [key]: value })));
  // A theme, font or colour picked before the page's script ran, in the form's order.
  const fieldset = useChoicesMadeBeforeHydration<HTMLFieldSetElement>((element) => {
    const themeId = controlValue(element, "theme");
    if (themeId !== null && themeId !== theme) {
      const preset = presets.find((candidate) => candidate.id === themeId);
      if (preset) choosePreset(preset);
      else setTheme("");
    }
    const fontId = controlValue(element, "fontStyle");
    if (fontId !== null && fontId !== font && isFontStyle(fontId)) {
      changeByHand(() => setFont(fontId));
    }
    for (const key of COLOR_KEYS) {
      const typed = controlValue(element, `colors.${key}`);
      const picker = element.querySelector<HTMLInputElement>(
        `input[aria-label="${pickerLabel(key)}"]`,
      );
      if (typed !== null && typed !== values[key]) setColor(key, typed);
      else if (picker && picker.value !== shown[key]) setColor(key, picker.value);
    }
  });

  return (
    <fieldset ref={fieldset} className="theme-fields">
      <legend>{siteFieldWords.look}</legend>
      <fieldset className="theme-presets">
        <legend>{siteFieldWords.theme}</legend>
        <p className="field-hint">{siteFieldWords.themeHint}</p>
        <div className="theme-swatches">
          {presets.map((preset) => (
            <label key={preset.id} className="theme-swatch">
              <input
                type="radio"
                name="theme"
                value={preset.id}
                checked={theme === preset.id}
                onChange={() => choosePreset(preset)}
              />
              <span
                className="theme-swatch-sample"
                aria-hidden="true"
                style={{
                  background: preset.colors.primary,
                  color: preset.colors.text,
                  fontFamily: FONT_STYLES[preset.font].stack,
                }}
              >
                <span
                  className="theme-swatch-band"
                  style={{ background: preset.colors.secondary }}
                />
                <span className="theme-swatch-text">{siteFieldWords.fontSample}</span>
              </span>
              <span className="theme-swatch-name">{preset.name}</span>
            </label>
          ))}
          <label className="theme-swatch custom">
            <input
              type="radio"
              name="theme"
              value=""
              checked={theme === ""}
              onChange={() => setTheme("")}
            />
            <span
              className="theme-swatch-sample"
              aria-hidden="true"
              style={{
                background: shown.primary,
                color: shown.text,
                fontFamily: FONT_STYLES[font].stack,
              }}
            >
              <span className="theme-swatch-band" style={{ background: shown.secondary }} />
              <span className="theme-swatch-text">{siteFieldWords.fontSample}</span>
            </span>
            <span className="theme-swatch-name">{siteFieldWords.customTheme}</span>
          </label>
        </div>
      </fieldset>

      <fieldset className="font-styles">
        <legend>{siteFieldWords.font}</legend>
        <div className="font-options">
          {FONT_STYLE_IDS.map((id) => (
            <label key={id} className="font-option" style={{ fontFamily: FONT_STYLES[id].stack }}>
              <input
                type="radio"
                name="fontStyle"
                value={id}
                checked={font === id}
                onChange={() => changeByHand(() => setFont(id))}
              />
              {FONT_STYLES[id].label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="color-fields">
        <legend>{siteFieldWords.colors}</legend>
        {COLOR_KEYS.map((key) => {
          const id = `${idPrefix}-color-${key}`;
          const invalid = values[key].trim() !== "" && normalizeHex(values[key]) === null;
          const fellBackNote = invalid || fellBack.includes(key) ? MESSAGES.colorFellBack : null;
          const warning = contrastWarning(key, shown);
          const describedBy = [
            `${id}-hint`,
            fellBackNote ? `${id}-note` : null,
            warning ? `${id}-contrast` : null,
          ]
            .filter(Boolean)
            .join(" ");
          return (
            <div key={key} className="field color-field">
              <label htmlFor={id}>{LABEL[key]}</label>
              <span className="color-input">
                <input
                  type="color"
                  className="color-picker"
                  value={shown[key]}
                  aria-label={pickerLabel(key)}
                  onChange={(event) => setColor(key, event.currentTarget.value)}
                />
                <input
                  id={id}
                  name={`colors.${key}`}
                  value={values[key]}
                  spellCheck={false}
                  autoComplete="off"
                  aria-describedby={describedBy}
                  onChange={(event) => setColor(key, event.currentTarget.value)}
                />
              </span>
              <p id={`${id}-hint`} className="field-hint">
                {HINT[key]}
              </p>
              {fellBackNote ? (
                <p id={`${id}-note`} className="field-hint warning">
                  {fellBackNote}
                </p>
              ) : null}
              {warning ? (
                <p id={`${id}-contrast`} className="field-hint warning" role="status">
                  {warning}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
    </fieldset>
  );
}
