import { useState } from "react";
import {
  applyHoursChange,
  applyHoursChoices,
  HOUR_CHOICES,
  NOT_CHOSEN,
  type HoursRow,
} from "~/lib/hours";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { controlValue, useChoicesMadeBeforeHydration } from "./use-choices-before-hydration";
import { useHydrated } from "./use-hydrated";

/**
 * Opening hours for the week: an open and a close select per day, with Closed
 * and the 48 half-hour times. Choosing Closed on either side closes the day;
 * choosing a time clears a Closed partner (SPEC section 4). The server applies
 * the same rule to what the form sends against what it showed (the hidden
 * `shownOpen` and `shownClose`), so the form also works without JavaScript, and
 * times chosen before the page's script ran are taken in the same way.
 */
export function HoursEditor({ initial }: { initial: HoursRow[] }) {
  const [rows, setRows] = useState(initial);
  const hydrated = useHydrated();
  const first = rows[0];
  const change = (index: number, field: "open" | "close", value: string) =>
    setRows((current) =>
      current.map((row, i) => (i === index ? applyHoursChange(row, field, value) : row)),
    );
  const fieldset = useChoicesMadeBeforeHydration<HTMLFieldSetElement>((element) => {
    const chosen = rows.map((row, index) => ({
      day: row.day,
      open: controlValue(element, `hours[${index}].open`) ?? row.open,
      close: controlValue(element, `hours[${index}].close`) ?? row.close,
    }));
    if (chosen.some((row, i) => row.open !== rows[i]!.open || row.close !== rows[i]!.close)) {
      setRows(rows.map((row, i) => applyHoursChoices(row, chosen[i]!)));
    }
  });

  return (
    <fieldset ref={fieldset} className="hours-editor">
      <legend>{siteFieldWords.openingHours}</legend>
      {rows.map((row, index) => (
        <div key={row.day} className="hours-row" role="group" aria-label={row.day}>
          <span className="hours-day">{row.day}</span>
          {/* What the form showed when loaded: from it the server tells which side was chosen. */}
          <input
            type="hidden"
            name={`hours[${index}].shownOpen`}
            value={initial[index]?.open ?? ""}
          />
          <input
            type="hidden"
            name={`hours[${index}].shownClose`}
            value={initial[index]?.close ?? ""}
          />
          {(["open", "close"] as const).map((field) => (
            <label key={field}>
              <span className="visually-hidden">
                {fill(field === "open" ? siteFieldWords.dayOpens : siteFieldWords.dayCloses, {
                  day: row.day,
                })}
              </span>
              <select
                name={`hours[${index}].${field}`}
                value={row[field]}
                onChange={(event) => change(index, field, event.currentTarget.value)}
              >
                <option value={NOT_CHOSEN}>
                  {field === "open"
                    ? siteFieldWords.opensPlaceholder
                    : siteFieldWords.closesPlaceholder}
                </option>
                {HOUR_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      ))}
      {/* Most places keep the same hours all week: one tap instead of twelve more choices. */}
      {hydrated && first ? (
        <button
          type="button"
          className="button secondary small hours-copy"
          onClick={() =>
            setRows((current) =>
              current.map((row) => ({ ...row, open: first.open, close: first.close })),
            )
          }
        >
          {fill(siteFieldWords.copyFirstDayHours, { day: first.day })}
        </button>
      ) : null}
    </fieldset>
  );
}
