import { useRef, useState } from "react";
import {
  applyHoursChange,
  applyHoursChoices,
  HOUR_CHOICES,
  NOT_CHOSEN,
  type SpecialHours,
} from "~/lib/hours";
import { SPECIAL_HOURS_MAX, SPECIAL_NOTE_MAX_LENGTH } from "~/lib/special-hours";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { FieldErrors } from "./form";
import { controlValue, useChoicesMadeBeforeHydration } from "./use-choices-before-hydration";
import { useHydrated } from "./use-hydrated";

type SpecialRow = SpecialHours & { key: number };

const BLANK: SpecialHours = { from: "", to: "", open: NOT_CHOSEN, close: NOT_CHOSEN, note: "" };

/** The form's name of a row's field (`specialHours[2].to`). */
const fieldName = (index: number, field: keyof SpecialHours) => `specialHours[${index}].${field}`;

/**
 * Special days on Info: holidays and other dates whose hours differ from the week's. Each
 * row is a first day, an optional last day, the hours (or Closed) and a note. A spare
 * empty row is always there, so the form works without JavaScript (clear a row's dates to
 * remove it); with JavaScript rows are added and removed with buttons.
 *
 * `errors` are the form's errors by field name (`specialHours[2].to`), from the server or
 * from the browser's check with the same schema.
 */
export function SpecialHoursEditor({
  initial,
  errors,
}: {
  initial: SpecialHours[];
  errors: Record<string, string[] | undefined>;
}) {
  const hydrated = useHydrated();
  // Keys (and the ids made from them) count from 0 in each render of the page, so the
  // server's and the browser's agree.
  const [rows, setRows] = useState<SpecialRow[]>(() =>
    [...initial, BLANK].map((special, key) => ({ ...special, key })),
  );
  const nextKey = useRef(rows.length);
  const update = (key: number, apply: (row: SpecialRow) => SpecialRow) =>
    setRows((current) => current.map((row) => (row.key === key ? apply(row) : row)));
  // The event's value is read at once: React runs state updaters later, when it is gone.
  const change = (key: number, values: Partial<SpecialHours>) =>
    update(key, (row) => ({ ...row, ...values }));
  const listError = errors["specialHours"];
  // Days typed and times chosen before the page's script ran, taken as the owner left them.
  const fieldset = useChoicesMadeBeforeHydration<HTMLFieldSetElement>((element) => {
    const onScreen = (index: number, field: keyof SpecialHours) =>
      controlValue(element, fieldName(index, field));
    const chosen = rows.map((row, index) => {
      const { open, close } = applyHoursChoices(
        { day: "", open: row.open, close: row.close },
        {
          day: "",
          open: onScreen(index, "open") ?? row.open,
          close: onScreen(index, "close") ?? row.close,
        },
      );
      const text = (field: "from" | "to" | "note") => onScreen(index, field) ?? row[field];
      return { ...row, from: text("from"), to: text("to"), open, close, note: text("note") };
    });
    const fields = ["from", "to", "open", "close", "note"] as const;
    if (chosen.some((row, i) => fields.some((field) => row[field] !== rows[i]![field]))) {
      setRows(chosen);
    }
  });

  return (
    <fieldset ref={fieldset} className="special-hours-editor" aria-describedby="special-hours-hint">
      <legend>{siteFieldWords.specialDays}</legend>
      <p id="special-hours-hint" className="field-hint">
        {siteFieldWords.specialDaysHint}
      </p>
      <FieldErrors id="special-hours-errors" errors={listError} />
      {rows.map((row, index) => {
        const name = (field: keyof SpecialHours) => fieldName(index, field);
        const id = (field: keyof SpecialHours) => `special-${row.key}-${field}`;
        const errorsOf = (field: keyof SpecialHours) => errors[name(field)];
        const describedBy = (field: keyof SpecialHours) =>
          errorsOf(field)?.length ? `${id(field)}-error` : undefined;
        const label = row.from
          ? fill(siteFieldWords.specialDay, { date: row.from })
          : siteFieldWords.newSpecialDay;
        const removeName = row.from
          ? fill(siteFieldWords.removeSpecialDayHidden, { date: row.from })
          : siteFieldWords.removeNewSpecialDayHidden;
        return (
          <div key={row.key} className="special-hours-row" role="group" aria-label={label}>
            <div className="special-hours-dates">
              <div className="field">
                <label htmlFor={id("from")}>{siteFieldWords.firstDay}</label>
                <input
                  id={id("from")}
                  type="date"
                  name={name("from")}
                  value={row.from}
                  aria-invalid={errorsOf("from")?.length ? true : undefined}
                  aria-describedby={describedBy("from")}
                  onChange={(event) => change(row.key, { from: event.currentTarget.value })}
                />
                <FieldErrors id={`${id("from")}-error`} errors={errorsOf("from")} />
              </div>
              <div className="field">
                <label htmlFor={id("to")}>
                  {siteFieldWords.lastDay} <span className="muted">{siteFieldWords.optional}</span>
                </label>
                <input
                  id={id("to")}
                  type="date"
                  name={name("to")}
                  value={row.to}
                  min={row.from || undefined}
                  aria-invalid={errorsOf("to")?.length ? true : undefined}
                  aria-describedby={describedBy("to")}
                  onChange={(event) => change(row.key, { to: event.currentTarget.value })}
                />
                <FieldErrors id={`${id("to")}-error`} errors={errorsOf("to")} />
              </div>
            </div>
            <div className="special-hours-times">
              {(["open", "close"] as const).map((field) => (
                <div key={field} className="field">
                  <label htmlFor={id(field)}>
                    {field === "open" ? siteFieldWords.opens : siteFieldWords.closes}
                  </label>
                  <select
                    id={id(field)}
                    name={name(field)}
                    value={row[field]}
                    aria-invalid={errorsOf(field)?.length ? true : undefined}
                    aria-describedby={describedBy(field)}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      update(row.key, (r) => {
                        const { open, close } = applyHoursChange(
                          { day: "", open: r.open, close: r.close },
                          field,
                          value,
                        );
                        return { ...r, open, close };
                      });
                    }}
                  >
                    <option value={NOT_CHOSEN}>{siteFieldWords.chooseTime}</option>
                    {HOUR_CHOICES.map((choice) => (
                      <option key={choice} value={choice}>
                        {choice}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={`${id(field)}-error`} errors={errorsOf(field)} />
                </div>
              ))}
            </div>
            <div className="field special-hours-note">
              <label htmlFor={id("note")}>
                {siteFieldWords.note} <span className="muted">{siteFieldWords.optional}</span>
              </label>
              <input
                id={id("note")}
                name={name("note")}
                value={row.note}
                maxLength={SPECIAL_NOTE_MAX_LENGTH}
                placeholder={siteFieldWords.notePlaceholder}
                aria-invalid={errorsOf("note")?.length ? true : undefined}
                aria-describedby={describedBy("note")}
                onChange={(event) => change(row.key, { note: event.currentTarget.value })}
              />
              <FieldErrors id={`${id("note")}-error`} errors={errorsOf("note")} />
            </div>
            {hydrated && rows.length > 1 ? (
              <button
                type="button"
                className="button secondary small special-hours-remove"
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                {siteFieldWords.remove}
                <span className="visually-hidden"> {removeName}</span>
              </button>
            ) : null}
          </div>
        );
      })}
      {hydrated && rows.length < SPECIAL_HOURS_MAX ? (
        <button
          type="button"
          className="button secondary small special-hours-add"
          onClick={() => setRows((current) => [...current, { ...BLANK, key: nextKey.current++ }])}
        >
          {siteFieldWords.addSpecialDay}
        </button>
      ) : null}
    </fieldset>
  );
}
